import { schoolKeys } from '@memoria/api';
import { inMatrix } from '@memoria/ui/storybook';
import type { Meta, StoryObj } from '@storybook/react-vite';
import { expect, userEvent, within } from 'storybook/test';
import { messages } from '../messages.ts';
import { withFailedQuery, withQueryClient, withSession } from '../shared/test/storybook.tsx';
import { user } from '../shared/test/storyData.ts';
import { SchoolManager } from './SchoolManager.tsx';
import { accountOf, ok, schoolData } from './test/storyData.ts';

const meta = {
  title: 'Features/school-wizard/SchoolManager',
  component: SchoolManager,
  args: { schoolId: 3 },
  decorators: [withSession(true), withQueryClient],
  parameters: { messages, msw: schoolData() },
} satisfies Meta<typeof SchoolManager>;

export default meta;
type Story = StoryObj<typeof meta>;

/** The school, its statistics and its courses (the first tab). */
export const Managed: Story = {};

/** The students tab: the owner's invited students to enroll, then the school's students. */
export const Students: Story = {
  play: async ({ canvasElement }) => {
    const canvas = within(canvasElement);
    await canvas.findByText('First year');
    await userEvent.click(await canvas.findByRole('tab', { name: 'Students' }));
    await expect(await canvas.findByText('Ana García')).toBeVisible();
    await expect(await canvas.findByLabelText('Student')).toBeVisible();
  },
};

/** The teachers tab of an Enterprise+ owner: their enterprise teachers to enroll, then the list. */
export const TeachersEnterprisePlus: Story = {
  parameters: { msw: [accountOf('enterprise_plus'), ...schoolData()] },
  play: async ({ canvasElement }) => {
    const canvas = within(canvasElement);
    await canvas.findByText('First year');
    await userEvent.click(await canvas.findByRole('tab', { name: 'Teachers' }));
    await expect(await canvas.findByLabelText('Teacher')).toBeVisible();
    await expect(await canvas.findByText('Lucía Pérez')).toBeVisible();
  },
};

/** A teacher of the school who does not own it: the students, nobody to enroll. */
export const NotOwner: Story = {
  parameters: {
    msw: [ok('/auth/users/me/', { ...user, id: 31, account_type: 'enterprise' }), ...schoolData()],
  },
  play: async ({ canvasElement }) => {
    const canvas = within(canvasElement);
    await canvas.findByText('First year');
    await userEvent.click(await canvas.findByRole('tab', { name: 'Students' }));
    await expect(await canvas.findByText('Ana García')).toBeVisible();
    await expect(canvas.queryByText('Enroll your students')).toBeNull();
  },
};

/** A new school: every tab empty. */
export const Empty: Story = { parameters: { msw: schoolData(false) } };

/** The teachers tab of a new school. */
export const EmptyTeachers: Story = {
  parameters: { msw: schoolData(false) },
  play: async ({ canvasElement }) => {
    const canvas = within(canvasElement);
    // The first tab's read settles first, or switching tabs would cut it off.
    await canvas.findByText('No courses yet');
    await userEvent.click(await canvas.findByRole('tab', { name: 'Teachers' }));
    await expect(await canvas.findByText('No teachers yet')).toBeVisible();
  },
};

/** Signed out, the queries wait: the skeleton stays. */
export const Loading: Story = { decorators: [withSession(false)] };

/** The school failed to load (or is another organisation's: 404): the message and Retry. */
export const LoadError: Story = {
  decorators: [
    withFailedQuery(schoolKeys.school(3), 404, {
      detail: 'No school with this id.',
      code: 'not_found',
    }),
  ],
};

/** New course: the form. */
export const NewCourse: Story = {
  play: async ({ canvasElement }) => {
    const canvas = within(canvasElement);
    await userEvent.click(await canvas.findByRole('button', { name: 'New course' }));
    const dialog = await within(canvasElement.ownerDocument.body).findByRole('dialog');
    await expect(within(dialog).getByLabelText(/Name/)).toBeVisible();
  },
};

/** Edit a course: the form filled in. */
export const EditCourse: Story = {
  play: async ({ canvasElement }) => {
    const canvas = within(canvasElement);
    await userEvent.click(await canvas.findByRole('button', { name: 'Edit First year' }));
    const dialog = await within(canvasElement.ownerDocument.body).findByRole('dialog');
    await expect(within(dialog).getByDisplayValue('First year')).toBeVisible();
  },
};

export const Dark: Story = inMatrix({ theme: 'dark' });

export const Spanish: Story = inMatrix({ locale: 'es' });

export const Phone: Story = inMatrix({ viewport: 'phone' });

export const PhoneDarkSpanish: Story = inMatrix({ viewport: 'phone', theme: 'dark', locale: 'es' });
