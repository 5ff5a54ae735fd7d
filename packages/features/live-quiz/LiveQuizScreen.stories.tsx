import { liveQuizKeys } from '@memoria/api';
import { inMatrix } from '@memoria/ui/storybook';
import type { Meta, StoryObj } from '@storybook/react-vite';
import { fail, ok } from '../../../.storybook/msw.ts';
import { messages } from '../messages.ts';
import { withFailedQuery, withQueryClient, withSession } from '../shared/test/storybook.tsx';
import { LiveQuizScreen } from './LiveQuizScreen.tsx';
import { quizzes, report, running } from './test/storyData.ts';

const at = (step: keyof typeof quizzes) => ({
  msw: [
    ok('/auth/live-quizzes/{id}/', quizzes[step]),
    ok('/auth/live-quizzes/{id}/report/', report),
    ok('/auth/live-quizzes/', running),
  ],
});

const meta = {
  title: 'Features/live-quiz/LiveQuizScreen',
  component: LiveQuizScreen,
  decorators: [withSession(true), withQueryClient],
  // A fixed address: the story server's port changes from run to run.
  args: { quizId: 31, joinAddress: 'memoria.app/live-quiz' },
  parameters: { messages, ...at('lobby') },
} satisfies Meta<typeof LiveQuizScreen>;

export default meta;
type Story = StoryObj<typeof meta>;

/** The projector before the start: the code in large type and who joined. */
export const Lobby: Story = {};

/** The projector during question 2: prompt, options with none marked, the clock, 2 of 3 answered. */
export const Question: Story = { parameters: at('question') };

/** The projector after question 2: the distribution (Canberra right) and the leaderboard. */
export const Reveal: Story = { parameters: at('reveal') };

/** The projector at the end: the final leaderboard and the report with its CSV download. */
export const Finished: Story = { parameters: at('finished') };

/** A student who joined, waiting for the start. */
export const PlayerLobby: Story = { parameters: at('playerLobby') };

/** A student's answer buttons during question 2 (keys 1 to 4 too). */
export const PlayerQuestion: Story = { parameters: at('playerQuestion') };

/** The student answered Canberra: "Answer received", the buttons locked. */
export const PlayerAnswered: Story = { parameters: at('playerAnswered') };

/** After question 2: right, with their score and rank. */
export const PlayerReveal: Story = { parameters: at('playerReveal') };

/** The student's final score and rank. */
export const PlayerFinished: Story = { parameters: at('playerFinished') };

export const Loading: Story = { decorators: [withSession(false)] };

export const LoadError: Story = {
  decorators: [
    withFailedQuery(liveQuizKeys.quiz(31), 503, {
      detail: 'Service unavailable',
      code: 'unavailable',
    }),
  ],
};

/** A student of the course who has not joined (404): the join form. */
export const NotJoined: Story = {
  tags: ['expected-http-errors'],
  parameters: {
    msw: [
      fail('get', '/auth/live-quizzes/{id}/', 404, { detail: 'Not found.', code: 'not_found' }),
      ok('/auth/live-quizzes/', running),
    ],
  },
};

export const Dark: Story = inMatrix({ theme: 'dark' }, { parameters: at('reveal') });
export const Spanish: Story = inMatrix({ locale: 'es' }, { parameters: at('reveal') });
export const Phone: Story = inMatrix({ viewport: 'phone' }, { parameters: at('playerQuestion') });
