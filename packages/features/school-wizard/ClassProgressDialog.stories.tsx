import { inMatrix } from '@memoria/ui/storybook';
import type { Meta, StoryObj } from '@storybook/react-vite';
import { expect, userEvent, within } from 'storybook/test';
import { messages } from '../messages.ts';
import { withQueryClient, withSession } from '../shared/test/storybook.tsx';
import { ClassProgressDialog } from './ClassProgressDialog.tsx';
import { courseFive, courseProgress, ok, subjectProgress } from './test/storyData.ts';

const meta = {
  title: 'Features/school-wizard/ClassProgressDialog',
  component: ClassProgressDialog,
  args: { open: true, onClose: () => {}, course: courseFive },
  decorators: [withSession(true), withQueryClient],
  parameters: { messages, msw: [ok('/auth/courses/{id}/progress/', courseProgress())] },
} satisfies Meta<typeof ClassProgressDialog>;

export default meta;
type Story = StoryObj<typeof meta>;

/** Four students, the lowest predicted retention first; the hardest cards below. */
export const Default: Story = {};

export const Spanish: Story = inMatrix({ locale: 'es' });

export const Phone: Story = inMatrix({ viewport: 'phone' });

/** Sorted by reviews of the last 7 days, the most first. */
export const SortedByReviews: Story = {
  play: async ({ canvasElement }) => {
    const body = within(canvasElement.ownerDocument.body);
    await userEvent.click(await body.findByRole('button', { name: /Reviews \(7 days\)/ }));
    const header = body.getByRole('columnheader', { name: /Reviews \(7 days\)/ });
    await expect(header.getAttribute('aria-sort')).toBe('descending');
  },
};

/** Nothing assigned to the course yet. */
export const Empty: Story = {
  parameters: {
    msw: [
      ok('/auth/courses/{id}/progress/', {
        course_id: 5,
        computed_at: courseProgress().computed_at,
        assignments: [],
      }),
    ],
  },
};

/** A subject's class: the same page, read from `GET auth/subjects/{id}/progress/`. */
export const Subject: Story = {
  args: { kind: 'subjects', course: { ...courseFive, id: 7, name: 'Biología' } },
  parameters: { msw: [ok('/auth/subjects/{id}/progress/', subjectProgress())] },
};
