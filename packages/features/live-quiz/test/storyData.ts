/** Live quizzes as the server answers them, for the stories and tests (around the fixed now). */
import type { LiveQuiz, LiveQuizReport, LiveQuizSummary } from '@memoria/api';
import { FIXED_NOW } from '../../../../.storybook/fixtures.ts';

const at = (seconds: number) => new Date(FIXED_NOW.getTime() + seconds * 1000).toISOString();

const lucia = { user_id: 11, username: 'lucia', score: 1850, rank: 1 };
const standings = [
  lucia,
  { user_id: 12, username: 'mateo', score: 920, rank: 2 },
  { user_id: 13, username: 'sofia', score: 0, rank: 3 },
];

const base: LiveQuiz = {
  id: 31,
  course_id: 5,
  course_name: 'Biology 1A',
  desk_id: 21,
  desk_name: 'Capitals',
  code: '482913',
  status: 'lobby',
  question_index: -1,
  question_count: 5,
  seconds_per_question: 20,
  is_teacher: true,
  player_count: 3,
  question: null,
  leaderboard: standings.map((s) => ({ ...s, score: 0, rank: 1 })),
  my_score: null,
  server_time: at(0),
};

const openQuestion = {
  index: 1,
  prompt: 'Capital of Australia',
  options: ['Sydney', 'Canberra', 'Melbourne', 'Perth'],
  started_at: at(-5),
  ends_at: at(15),
  answered_count: 2,
  my_option: null,
  correct_option: null,
  distribution: null,
  my_points: null,
};

const closedQuestion = { ...openQuestion, correct_option: 1, distribution: [1, 2, 0, 0] };

/** The quiz at each step, for the projector (teacher) and for a student (lucia). */
export const quizzes = {
  lobby: base,
  question: {
    ...base,
    status: 'question',
    question_index: 1,
    question: openQuestion,
    leaderboard: [],
  },
  reveal: {
    ...base,
    status: 'reveal',
    question_index: 1,
    question: closedQuestion,
    leaderboard: standings,
  },
  finished: {
    ...base,
    status: 'finished',
    question_index: 4,
    question: null,
    leaderboard: standings,
  },
  playerLobby: { ...base, is_teacher: false, my_score: { ...lucia, score: 0 } },
  playerQuestion: {
    ...base,
    is_teacher: false,
    status: 'question',
    question_index: 1,
    question: openQuestion,
    leaderboard: [],
    my_score: { ...lucia, score: 930 },
  },
  playerAnswered: {
    ...base,
    is_teacher: false,
    status: 'question',
    question_index: 1,
    question: { ...openQuestion, my_option: 1 },
    leaderboard: [],
    my_score: { ...lucia, score: 930 },
  },
  playerReveal: {
    ...base,
    is_teacher: false,
    status: 'reveal',
    question_index: 1,
    question: { ...closedQuestion, my_option: 1, my_points: 920 },
    leaderboard: standings,
    my_score: lucia,
  },
  playerFinished: {
    ...base,
    is_teacher: false,
    status: 'finished',
    question_index: 4,
    leaderboard: standings,
    my_score: lucia,
  },
} satisfies Record<string, LiveQuiz>;

export const report: LiveQuizReport = {
  quiz_id: 31,
  desk_name: 'Capitals',
  course_name: 'Biology 1A',
  questions: [
    {
      index: 0,
      card_id: 901,
      prompt: 'Capital of France',
      correct_answer: 'Paris',
      answered: 3,
      correct: 3,
      distribution: [3, 0, 0, 0],
      average_ms: 2400,
    },
    {
      index: 1,
      card_id: 902,
      prompt: 'Capital of Australia',
      correct_answer: 'Canberra',
      answered: 3,
      correct: 2,
      distribution: [1, 2, 0, 0],
      average_ms: 6100,
    },
  ],
  students: standings.map((s) => ({ ...s, answered: 2, correct: s.rank === 3 ? 1 : 2 })),
};

export const running: LiveQuizSummary[] = [
  {
    id: 31,
    course_id: 5,
    course_name: 'Biology 1A',
    desk_name: 'Capitals',
    status: 'question',
    is_teacher: false,
  },
];
