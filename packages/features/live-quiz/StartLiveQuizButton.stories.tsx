import type { Meta, StoryObj } from '@storybook/react-vite';
import { expect, userEvent, within } from 'storybook/test';
import { fail } from '../../../.storybook/msw.ts';
import { messages } from '../messages.ts';
import { withQueryClient, withSession } from '../shared/test/storybook.tsx';
import { StartLiveQuizButton } from './StartLiveQuizButton.tsx';

const meta = {
  title: 'Features/live-quiz/StartLiveQuizButton',
  component: StartLiveQuizButton,
  decorators: [withSession(true), withQueryClient],
  args: { courseId: 5, deckId: 21, deckName: 'Capitals' },
  parameters: { messages },
} satisfies Meta<typeof StartLiveQuizButton>;

export default meta;
type Story = StoryObj<typeof meta>;

export const Default: Story = {};

/** A deck without two distinct backs cannot make a quiz: the reason beside the button. */
export const TooFewCards: Story = {
  tags: ['expected-http-errors'],
  parameters: {
    msw: [
      fail('post', '/auth/courses/{id}/live-quizzes/', 400, {
        detail: 'desk_id: The deck needs at least 2 cards with different backs.',
        code: 'validation_error',
        fields: { desk_id: ['The deck needs at least 2 cards with different backs.'] },
        field_codes: { desk_id: ['live_quiz_too_few_cards'] },
      }),
    ],
  },
  play: async ({ canvasElement }) => {
    const canvas = within(canvasElement);
    await userEvent.click(canvas.getByRole('button', { name: 'Start a live quiz of Capitals' }));
    await expect(await canvas.findByRole('alert')).toBeVisible();
  },
};
