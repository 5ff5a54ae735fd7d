import { inMatrix } from '@memoria/ui/storybook';
import type { Meta, StoryObj } from '@storybook/react-vite';
import { expect, userEvent, within } from 'storybook/test';
import { messages } from '../messages.ts';
import { withQueryClient, withSession } from '../shared/test/storybook.tsx';
import { AssignmentsDialog } from './AssignmentsDialog.tsx';
import { assignmentData, courseFive } from './test/storyData.ts';

const meta = {
  title: 'Features/school-wizard/AssignmentsDialog',
  component: AssignmentsDialog,
  args: { open: true, onClose: () => {}, kind: 'courses', group: courseFive },
  decorators: [withSession(true), withQueryClient],
  parameters: { messages, msw: assignmentData() },
} satisfies Meta<typeof AssignmentsDialog>;

export default meta;
type Story = StoryObj<typeof meta>;

/** Two decks assigned, one with an exam date; the picker offers the teacher's other decks. */
export const Default: Story = {};

export const Spanish: Story = inMatrix({ locale: 'es' });

export const Phone: Story = inMatrix({ viewport: 'phone' });

/** Nothing assigned yet. */
export const Empty: Story = { parameters: { msw: assignmentData([]) } };

/** "Change date" to a past day: the server's error under the date. */
export const PastDate: Story = {
  tags: ['expected-http-errors'],
  play: async ({ canvasElement }) => {
    const body = within(canvasElement.ownerDocument.body);
    await userEvent.click(await body.findByRole('button', { name: 'Change date of La célula' }));
    await userEvent.click(body.getByRole('button', { name: 'Save date' }));
    await expect(await body.findByText('The exam date is in the past.')).toBeVisible();
  },
};
