import { inMatrix } from '@memoria/ui/storybook';
import type { Meta, StoryObj } from '@storybook/react-vite';
import { expect, userEvent, within } from 'storybook/test';
import { fail, ok } from '../../../.storybook/msw.ts';
import { messages } from '../messages.ts';
import { withQueryClient, withSession } from '../shared/test/storybook.tsx';
import { LiveQuizJoin } from './LiveQuizJoin.tsx';
import { running } from './test/storyData.ts';

const meta = {
  title: 'Features/live-quiz/LiveQuizJoin',
  component: LiveQuizJoin,
  decorators: [withSession(true), withQueryClient],
  parameters: { messages, msw: [ok('/auth/live-quizzes/', [])] },
} satisfies Meta<typeof LiveQuizJoin>;

export default meta;
type Story = StoryObj<typeof meta>;

/** No quiz runs in the learner's courses: the code field alone. */
export const Default: Story = {};

/** A quiz runs in one of the learner's courses. */
export const Running: Story = { parameters: { msw: [ok('/auth/live-quizzes/', running)] } };

/** A code of no running quiz. */
export const WrongCode: Story = {
  tags: ['expected-http-errors'],
  parameters: {
    msw: [
      ok('/auth/live-quizzes/', []),
      fail('post', '/auth/live-quizzes/join/', 404, { detail: 'Not found.', code: 'not_found' }),
    ],
  },
  play: async ({ canvasElement }) => {
    const canvas = within(canvasElement);
    await userEvent.type(canvas.getByLabelText('Six-digit code'), '123456');
    await userEvent.click(canvas.getByRole('button', { name: 'Join' }));
    await expect(await canvas.findByText('No quiz is running with that code.')).toBeVisible();
  },
};

export const Spanish: Story = inMatrix(
  { locale: 'es' },
  { parameters: { msw: [ok('/auth/live-quizzes/', running)] } },
);
export const Phone: Story = inMatrix(
  { viewport: 'phone' },
  { parameters: { msw: [ok('/auth/live-quizzes/', running)] } },
);
