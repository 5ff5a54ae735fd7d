import { schoolKeys } from '@memoria/api';
import { inMatrix } from '@memoria/ui/storybook';
import type { Meta, StoryObj } from '@storybook/react-vite';
import { messages } from '../messages.ts';
import { withFailedQuery, withQueryClient, withSession } from '../shared/test/storybook.tsx';
import { AssignedGroups } from './AssignedGroups.tsx';
import { courses, ok, subjects } from './test/storyData.ts';

const assigned = [
  ok('/auth/courses/', courses.slice(0, 1)),
  ok('/auth/subjects/', subjects.slice(1)),
];

const meta = {
  title: 'Features/school-wizard/AssignedGroups',
  component: AssignedGroups,
  decorators: [withSession(true), withQueryClient],
  parameters: { messages, msw: assigned },
} satisfies Meta<typeof AssignedGroups>;

export default meta;
type Story = StoryObj<typeof meta>;

/** One course and two subjects. */
export const Assigned: Story = {};

export const Empty: Story = {
  parameters: { msw: [ok('/auth/courses/', []), ok('/auth/subjects/', [])] },
};

/** Signed out, the queries wait. */
export const Loading: Story = { decorators: [withSession(false)] };

export const LoadError: Story = {
  decorators: [
    withFailedQuery(schoolKeys.mine('courses'), 503, {
      detail: 'Service unavailable',
      code: 'unavailable',
    }),
  ],
  parameters: { msw: [ok('/auth/subjects/', [])] },
};

export const Dark: Story = inMatrix({ theme: 'dark' });

export const Spanish: Story = inMatrix({ locale: 'es' });

export const Phone: Story = inMatrix({ viewport: 'phone' });
