import { invitationKeys, schoolKeys } from '@memoria/api';
import { inMatrix } from '@memoria/ui/storybook';
import type { Meta, StoryObj } from '@storybook/react-vite';
import { expect, userEvent, within } from 'storybook/test';
import { messages } from '../messages.ts';
import { withFailedQuery, withQueryClient, withSession } from '../shared/test/storybook.tsx';
import { EnrolPeople } from './EnrolPeople.tsx';
import { fail, ok, schoolData } from './test/storyData.ts';

const meta = {
  title: 'Features/school-wizard/EnrolPeople',
  component: EnrolPeople,
  args: { schoolId: 3, audience: 'students' },
  decorators: [withSession(true), withQueryClient],
  parameters: { messages, msw: schoolData() },
} satisfies Meta<typeof EnrolPeople>;

export default meta;
type Story = StoryObj<typeof meta>;

/** The owner's invited students and the school's courses and subjects, ready to enroll. */
export const Students: Story = {
  play: async ({ canvasElement }) => {
    const canvas = within(canvasElement);
    await expect(await canvas.findByLabelText('Student')).toBeVisible();
  },
};

/** An Enterprise+ owner's enterprise teachers. */
export const Teachers: Story = {
  args: { audience: 'teachers' },
  play: async ({ canvasElement }) => {
    const canvas = within(canvasElement);
    await expect(await canvas.findByLabelText('Teacher')).toBeVisible();
  },
};

/** Enroll: the server's answer is announced with the role it gave. */
export const Enrolled: Story = {
  play: async ({ canvasElement }) => {
    const canvas = within(canvasElement);
    await userEvent.selectOptions(await canvas.findByLabelText('Course or subject'), 'subjects:22');
    await userEvent.click(canvas.getByRole('button', { name: 'Enroll student' }));
    await expect(await canvas.findByText('Diego Sosa is now a student of History.')).toBeVisible();
  },
};

/** Enroll refused (say the person left meanwhile: 404): the message, translated. */
export const Refused: Story = {
  tags: ['expected-console-errors', 'expected-http-errors'],
  parameters: {
    msw: [
      fail('post', '/auth/courses/{id}/enroll/', 404, {
        detail: 'No user with this id.',
        code: 'not_found',
      }),
      ...schoolData(),
    ],
  },
  play: async ({ canvasElement }) => {
    const canvas = within(canvasElement);
    await userEvent.click(await canvas.findByRole('button', { name: 'Enroll student' }));
    await expect(await canvas.findByRole('alert')).toBeVisible();
  },
};

/** Signed out, the queries wait: the skeleton stays. */
export const Loading: Story = { decorators: [withSession(false)] };

/** The students could not be loaded: the message and Retry. */
export const LoadError: Story = {
  decorators: [
    withFailedQuery(invitationKeys.students(), 500, {
      detail: 'Something went wrong on our side.',
      code: 'internal_error',
    }),
  ],
};

/** The courses could not be loaded: the same alert with Retry. */
export const GroupsLoadError: Story = {
  decorators: [
    withFailedQuery(schoolKeys.groups(3, 'courses'), 500, {
      detail: 'Something went wrong on our side.',
      code: 'internal_error',
    }),
  ],
};

/** Nobody accepted an invitation yet. */
export const NobodyInvited: Story = {
  parameters: {
    msw: [ok('/auth/teacher-student-relationships/my_students/', []), ...schoolData()],
  },
};

/** The school has no course or subject to enroll anyone in. */
export const NoGroups: Story = {
  parameters: { msw: schoolData(false) },
};

export const Dark: Story = inMatrix({ theme: 'dark' });

export const Spanish: Story = inMatrix({ locale: 'es' }, { args: { audience: 'teachers' } });

export const Phone: Story = inMatrix({ viewport: 'phone' });
