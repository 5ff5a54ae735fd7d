/** Duels as the server answers them, for the arena stories (dated around the stories' fixed now). */
import type { Duel, ImageDuel, TableDuel } from '@memoria/api';
import { FIXED_NOW } from '../../../../.storybook/fixtures.ts';

const at = (seconds: number) => new Date(FIXED_NOW.getTime() + seconds * 1000).toISOString();
const person = (id: number, username: string, first: string) => ({
  id,
  email: `${username}@example.com`,
  username,
  first_name: first,
  last_name: '',
});

export const ME = 1;
const ana = person(ME, 'ana', 'Ana');
const bo = person(2, 'bo', 'Bo');
const capitals: [string, string, string[]][] = [
  ['Spain', 'Madrid', ['Lima', 'Madrid', 'Paris', 'Tokyo']],
  ['Peru', 'Lima', ['Lima', 'Santiago', 'Madrid', 'Tokyo']],
  ['Japan', 'Tokyo', ['Paris', 'Lima', 'Tokyo', 'Santiago']],
];

export function quizDuel(patch: Partial<Duel> = {}, answered = 1): Duel {
  return {
    id: 41,
    duel_type: 'desk',
    name: 'Capitals',
    mode: 'normal',
    status: 'in_progress',
    creator: ana,
    opponent: bo,
    desk_id: 5,
    desk_name: 'Capitals',
    question_count: 3,
    answer_time: 20,
    view_time: null,
    questions: capitals.map(([prompt, answer, options], i) => ({
      id: i + 1,
      position: i + 1,
      prompt,
      image: null,
      // As the server sends them: choices of the questions reached, none of later ones.
      options: i <= answered ? options : null,
      my_answer: i < answered ? answer : null,
      is_correct: null,
      correct_answer: null,
    })),
    my_score: null,
    opponent_score: null,
    my_time_ms: null,
    opponent_time_ms: null,
    my_answered: answered,
    opponent_answered: 2,
    my_finished: false,
    opponent_finished: false,
    question_deadline_at: at(14),
    answer_opens_at: at(-6),
    opponent_deadline_at: at(10),
    opponent_connected: true,
    server_now: FIXED_NOW.toISOString(),
    result: 'in_progress',
    created_at: at(-120),
    started_at: at(-30),
    finished_at: null,
    ...patch,
  };
}

/** Question 2 just shown: read for 5 more seconds before its choices come (view_time 10). */
export function readingQuiz(): Duel {
  const base = quizDuel({ view_time: 10, answer_opens_at: at(5), question_deadline_at: at(25) });
  return {
    ...base,
    questions: base.questions.map((q, i) => (i >= 1 ? { ...q, options: null } : q)),
  };
}

/** Both finished: every answer revealed. */
export function finishedQuiz(result: 'win' | 'lose' | 'draw'): Duel {
  const base = quizDuel({}, 3);
  const mine = { win: 3, lose: 1, draw: 2 }[result];
  return {
    ...base,
    status: 'finished',
    result,
    my_finished: true,
    opponent_finished: true,
    question_deadline_at: null,
    answer_opens_at: null,
    opponent_deadline_at: null,
    my_score: mine,
    opponent_score: 2,
    my_time_ms: 41_200,
    opponent_time_ms: { win: 55_000, lose: 30_500, draw: 41_200 }[result],
    opponent_answered: 3,
    finished_at: at(-5),
    questions: base.questions.map((q, i) => ({
      ...q,
      options: capitals[i]?.[2] ?? null,
      is_correct: i < mine,
      correct_answer: capitals[i]?.[1] ?? '',
      my_answer: i < mine ? (capitals[i]?.[1] ?? '') : 'Paris',
    })),
  };
}

/** Both scored 2 of 3: Ana won (or lost) on time, 41.2 s against 55.0 s (or 30.5 s). */
export function tiedQuiz(result: 'win' | 'lose'): Duel {
  const base = finishedQuiz('draw');
  return { ...base, result, opponent_time_ms: result === 'win' ? 55_000 : 30_500 };
}

/** Both finished without one right answer: a draw, whatever the times. */
export function scorelessQuiz(): Duel {
  const base = finishedQuiz('draw');
  return {
    ...base,
    my_score: 0,
    opponent_score: 0,
    opponent_time_ms: 12_000,
    questions: base.questions.map((q) => ({ ...q, is_correct: false, my_answer: 'Paris' })),
  };
}

const recallBase = {
  id: 52,
  mode: 'normal' as const,
  status: 'in_progress' as const,
  creator: ana,
  opponent: bo,
  view_time: 30,
  answer_time: 60,
  result: 'in_progress' as const,
  created_at: at(-120),
  finished_at: null,
  server_now: FIXED_NOW.toISOString(),
  memorize_ends_at: at(22),
  recall_ends_at: at(82),
  item_count: 6,
  opponent_connected: true,
  opponent_deadline_at: at(82),
  results: [
    {
      user: ana,
      submitted: false,
      answers: [],
      item_points: [],
      correct_count: 0,
      score: 0,
      submitted_at: null,
    },
    {
      user: bo,
      submitted: false,
      answers: [],
      item_points: [],
      correct_count: 0,
      score: 0,
      submitted_at: null,
    },
  ],
};

const pictures = [
  ['🐶', 'dog'],
  ['🍎', 'red apple'],
  ['⛺', 'tent'],
  ['🚲', 'bicycle'],
  ['🎸', 'guitar'],
  ['🔑', 'key'],
];

export function imageDuel(patch: Partial<ImageDuel> = {}): ImageDuel {
  return {
    ...recallBase,
    name: 'Image duel',
    my_phase: 'memorize',
    word_limit: 6,
    language: 'en',
    items: pictures.map(([picture, word], i) => ({
      position: i + 1,
      picture: picture as string,
      word: word as string,
      image: null,
    })),
    ...patch,
  };
}

const numbers = ['07', '42', '19', '88', '30', '65'];

export function tableDuel(patch: Partial<TableDuel> = {}): TableDuel {
  return {
    ...recallBase,
    name: 'Table duel',
    my_phase: 'memorize',
    number_limit: 6,
    digits: 2,
    numbers,
    ...patch,
  };
}

/**
 * A finished numbers duel seen by Ana, who recalled 8 digits (one pair swapped, the last left
 * empty): Bo 2 (she won), 10 (she lost) or 8 (a draw).
 */
export function finishedTable(result: 'win' | 'lose' | 'draw' = 'win'): TableDuel {
  const theirs = { win: 2, lose: 10, draw: 8 }[result];
  return tableDuel({
    status: 'finished',
    my_phase: 'finished',
    result,
    finished_at: at(-5),
    opponent_deadline_at: null,
    results: [
      {
        user: ana,
        submitted: true,
        answers: ['07', '42', '91', '88', '30', ''],
        item_points: [2, 2, 0, 2, 2, 0],
        correct_count: 8,
        score: 8,
        submitted_at: at(-20),
      },
      {
        user: bo,
        submitted: true,
        answers: ['07', '24'],
        item_points: [2, 0, 0, 0, 0, 0],
        correct_count: theirs,
        score: theirs,
        submitted_at: at(-8),
      },
    ],
  });
}

/**
 * A finished image duel seen by Ana: each picture with its name, and what she recalled under it
 * (one name misspelt, two swapped, the last left empty): 2 at their position. Bo 1 (she won), 5
 * (she lost) or 2 (a draw).
 */
export function finishedImages(result: 'win' | 'lose' | 'draw' = 'win'): ImageDuel {
  const theirs = { win: 1, lose: 5, draw: 2 }[result];
  return imageDuel({
    status: 'finished',
    my_phase: 'finished',
    result,
    finished_at: at(-5),
    opponent_deadline_at: null,
    results: [
      {
        user: ana,
        submitted: true,
        answers: ['dog', 'red aple', 'bicycle', 'tent', 'guitar', ''],
        item_points: [1, 0, 0, 0, 1, 0],
        correct_count: 2,
        score: 2,
        submitted_at: at(-20),
      },
      {
        user: bo,
        submitted: true,
        answers: ['dog'],
        item_points: [1, 0, 0, 0, 0, 0],
        correct_count: theirs,
        score: theirs,
        submitted_at: at(-8),
      },
    ],
  });
}
