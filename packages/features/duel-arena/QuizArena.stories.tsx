import { inMatrix } from '@memoria/ui/storybook';
import type { Meta, StoryObj } from '@storybook/react-vite';
import { fn } from 'storybook/test';
import { messages } from '../messages.ts';
import { QuizArenaView } from './QuizArena.tsx';
import {
  finishedQuiz,
  ME,
  quizDuel,
  readingQuiz,
  scorelessQuiz,
  tiedQuiz,
} from './test/storyData.ts';

const meta = {
  title: 'Features/duel-arena/QuizArena',
  component: QuizArenaView,
  args: { duel: quizDuel(), myId: ME, onAnswer: fn() },
  parameters: {
    messages,
  },
} satisfies Meta<typeof QuizArenaView>;

export default meta;
type Story = StoryObj<typeof meta>;

/** A multiple-choice question, 14 s left, the friend two answers in. */
export const Question: Story = {};

export const Waiting: Story = {
  args: {
    duel: quizDuel(
      { status: 'waiting', questions: [], question_deadline_at: null, started_at: null },
      0,
    ),
  },
};

export const Cancelled: Story = {
  args: { duel: quizDuel({ status: 'cancelled', questions: [], question_deadline_at: null }, 0) },
};

/** A deck of fewer than four cards: the answer is typed. */
export const Typed: Story = {
  args: {
    duel: (() => {
      const d = quizDuel();
      return { ...d, questions: d.questions.map((q) => ({ ...q, options: null })) };
    })(),
  },
};

/** Review Mode: the last answer's correction above the next question. */
export const ReviewFeedback: Story = {
  args: {
    duel: quizDuel({ mode: 'review', my_score: 0 }),
    last: {
      duel_id: 41,
      question_id: 1,
      is_correct: false,
      correct_answer: 'Madrid',
      my_score: 0,
      opponent_score: null,
      my_answered: 1,
      my_finished: false,
      status: 'in_progress',
      result: 'in_progress',
    },
  },
};

/** A key was pressed: the answer is on its way, and the choices take no second one. */
export const Answered: Story = { args: { sending: true } };

/** The caller answered everything; the friend is still playing. */
export const Finished: Story = {
  args: {
    duel: quizDuel({ my_finished: true, question_deadline_at: null }, 3),
  },
};

export const Win: Story = { args: { duel: finishedQuiz('win') } };
export const Lose: Story = { args: { duel: finishedQuiz('lose') } };
export const Draw: Story = { args: { duel: finishedQuiz('draw') } };

/** Equal scores decided on time: the result says so, with both times (issue 40). */
export const WonOnTime: Story = { args: { duel: tiedQuiz('win') } };
export const LostOnTimeSpanish: Story = inMatrix(
  { locale: 'es' },
  { args: { duel: tiedQuiz('lose') } },
);
/** Nobody answered anything right: a draw, whatever the times. */
export const Scoreless: Story = { args: { duel: scorelessQuiz() } };

/** The friend has finished while the caller still plays. */
export const OpponentDone: Story = {
  args: { duel: quizDuel({ opponent_finished: true, opponent_answered: 3 }) },
};

/** View time: the question is read alone; its choices come when the server opens it. */
export const Reading: Story = { args: { duel: readingQuiz() } };

/** The answer time ran out on the server's clock: the choices take no answer any more. */
export const TimeUp: Story = {
  args: { duel: quizDuel({ question_deadline_at: quizDuel().server_now }) },
};

/** The friend's connection dropped: the duel goes on and they can come back. */
export const OpponentAway: Story = { args: { duel: quizDuel({ opponent_connected: false }) } };

export const Dark: Story = inMatrix({ theme: 'dark' });
export const SpanishReading: Story = inMatrix({ locale: 'es' }, { args: { duel: readingQuiz() } });
export const PhoneDarkOpponentAway: Story = inMatrix(
  { viewport: 'phone', theme: 'dark', locale: 'es' },
  { args: { duel: quizDuel({ opponent_connected: false }) } },
);
export const Spanish: Story = inMatrix({ locale: 'es' });
export const SpanishResult: Story = inMatrix(
  { locale: 'es' },
  { args: { duel: finishedQuiz('lose') } },
);
export const Phone: Story = inMatrix({ viewport: 'phone' });
export const PhoneDarkSpanish: Story = inMatrix({ viewport: 'phone', theme: 'dark', locale: 'es' });

// The key phases in the other cells of the matrix: dark on a desktop, Spanish on a phone.
export const TimeUpDark: Story = inMatrix({ theme: 'dark' }, TimeUp);
export const TimeUpPhoneSpanish: Story = inMatrix({ viewport: 'phone', locale: 'es' }, TimeUp);
export const AnsweredDark: Story = inMatrix({ theme: 'dark' }, Answered);
export const AnsweredPhoneSpanish: Story = inMatrix({ viewport: 'phone', locale: 'es' }, Answered);
export const ReviewFeedbackDark: Story = inMatrix({ theme: 'dark' }, ReviewFeedback);
export const ReviewFeedbackPhoneSpanish: Story = inMatrix(
  { viewport: 'phone', locale: 'es' },
  ReviewFeedback,
);
export const LoseDark: Story = inMatrix({ theme: 'dark' }, Lose);
export const LosePhone: Story = inMatrix({ viewport: 'phone' }, Lose);
