/** Training attempts and results as the server answers them, for the stories and the tests. */
import type {
  DisciplineId,
  DisciplineRules,
  TrainingAttempt,
  TrainingHistory,
  TrainingResult,
  TrainingSummary,
} from '@memoria/api';

type TrainingMark = TrainingResult['marks'][number];

import { FIXED_NOW } from '../../../../.storybook/fixtures.ts';
import { RANKS, SUITS } from '../cards.ts';

const at = (seconds: number) => new Date(FIXED_NOW.getTime() + seconds * 1000).toISOString();

const scoring: Record<DisciplineId, string> = {
  numbers:
    'Rows of 40 (World Memory Championships): a row fully right scores 40, one mistake 20, more 0.',
  images: 'A point per picture in its place.',
  words: 'A point per word in its place; one letter off forgiven from 5 letters.',
  names: 'A point per first name and per last name.',
  cards: 'The cards right up to the first error; a full deck ranks by its time.',
};

const rule = (
  id: DisciplineId,
  unit: DisciplineRules['unit'],
  count: [number, number, number, number],
): DisciplineRules => ({
  id,
  memorize_seconds: 60,
  recall_seconds: 240,
  default_count: count[0],
  min_count: count[1],
  max_count: count[2],
  count_step: count[3],
  unit,
  languages: id === 'words' || id === 'names',
  scoring: scoring[id],
});

/** `GET duels/disciplines/` as the server answers it. */
export const DISCIPLINES: DisciplineRules[] = [
  rule('numbers', 'digits', [80, 10, 400, 1]),
  rule('images', 'pictures', [30, 5, 100, 5]),
  rule('words', 'words', [50, 5, 200, 1]),
  rule('names', 'faces', [20, 5, 50, 1]),
  rule('cards', 'cards', [52, 52, 52, 1]),
];

const DIGITS = '31415926535897932384626433832795028841971693993751058209749445923078164062862089';

/** A small face: a coloured circle with two eyes (the server draws DiceBear avatars). */
function faceSvg(color: string): string {
  return `<svg xmlns="http://www.w3.org/2000/svg" viewBox="0 0 64 64"><circle cx="32" cy="32" r="30" fill="${color}"/><circle cx="22" cy="26" r="4" fill="#222"/><circle cx="42" cy="26" r="4" fill="#222"/><path d="M20 44 Q32 52 44 44" stroke="#222" stroke-width="3" fill="none"/></svg>`;
}

export const FACES = [
  { svg: faceSvg('#f2c29b'), first_name: 'Emma', last_name: 'Smith' },
  { svg: faceSvg('#c68e63'), first_name: 'Liam', last_name: 'Johnson' },
  { svg: faceSvg('#8d5a3b'), first_name: 'Olivia', last_name: 'Brown' },
  { svg: faceSvg('#e8b894'), first_name: 'Noah', last_name: 'Garcia' },
  { svg: faceSvg('#a86f4c'), first_name: 'Ava', last_name: 'Miller' },
];
/** The recall order of the faces above. */
export const RECALL_ORDER = [2, 0, 4, 1, 3];

export const SEQUENCES = [
  ['🐶', '🍎', '⛺', '🚲', '🎸'],
  ['🔑', '🌵', '🚗', '🎈', '📚'],
];
export const SHUFFLED = [
  ['🍎', '🐶', '🚲', '⛺', '🎸'],
  ['🎈', '🔑', '📚', '🌵', '🚗'],
];

export const WORDS = ['river', 'candle', 'tiger', 'window', 'spoon', 'garden'];

/** A deck in a fixed shuffled order (a step of 7 through the 52 codes). */
export const DECK = Array.from({ length: 52 }, (_, i) => {
  const k = (i * 7) % 52;
  return `${RANKS[k % 13]}${SUITS[Math.floor(k / 13)]}`;
});

const contents: Record<DisciplineId, TrainingAttempt['content']> = {
  numbers: { digits: DIGITS, row_length: 40 },
  images: { sequences: SEQUENCES, shuffled_sequences: SHUFFLED },
  words: { words: WORDS },
  names: { faces: FACES, recall_faces: RECALL_ORDER.map((i) => FACES[i]?.svg ?? '') },
  cards: { cards: DECK },
};

const counts: Record<DisciplineId, number> = {
  numbers: 80,
  images: 10,
  words: 6,
  names: 5,
  cards: 52,
};

/** A new attempt, just started (memorise ends in 60 s, recall 240 s later). */
export function attempt(discipline: DisciplineId): TrainingAttempt {
  return {
    id: 70,
    discipline,
    options: {
      count: counts[discipline],
      scoring: discipline === 'numbers' ? 'rows' : null,
      language: discipline === 'words' || discipline === 'names' ? 'en' : null,
    },
    content: contents[discipline],
    started_at: at(0),
    memorize_ends_at: at(60),
    recall_ends_at: at(300),
    server_now: at(0),
  };
}

/** The truth of each recall position, in the order `answers` takes. */
export function truthOf(discipline: DisciplineId): string[] {
  if (discipline === 'numbers') return [...DIGITS];
  if (discipline === 'images') return SEQUENCES.flat();
  if (discipline === 'words') return WORDS;
  if (discipline === 'cards') return DECK;
  return RECALL_ORDER.flatMap((i) => [FACES[i]?.first_name ?? '', FACES[i]?.last_name ?? '']);
}

/** What a learner recalled: right except a few slips, per discipline. */
export function recalled(discipline: DisciplineId): string[] {
  const truth = truthOf(discipline);
  if (discipline === 'numbers') return truth.map((d, i) => (i === 45 ? '0' : i >= 70 ? '' : d));
  if (discipline === 'images') return [...truth.slice(0, 5), '🌵', '🔑', '🚗', '🎈', '📚'];
  if (discipline === 'words') return ['river', 'candel', 'tiger', 'spoon', '', 'garden'];
  if (discipline === 'cards') return [...truth.slice(0, 30), truth[31] ?? '', truth[30] ?? ''];
  return truth.map((name, i) => (i === 3 ? 'Jonson' : i === 8 ? '' : name));
}

function summary(
  discipline: DisciplineId,
  score: number,
  max: number,
  patch: Partial<TrainingSummary> = {},
): TrainingSummary {
  return {
    id: 70,
    discipline,
    options: attempt(discipline).options,
    score,
    max_score: max,
    memorize_ms: 42_300,
    late: false,
    personal_best: true,
    started_at: at(0),
    submitted_at: at(120),
    ...patch,
  };
}

/** The server's answer to `recalled(discipline)`, marked position by position. */
export function result(
  discipline: DisciplineId,
  patch: Partial<TrainingResult> = {},
): TrainingResult {
  const truth = truthOf(discipline);
  const given = recalled(discipline);
  const marks: TrainingMark[] = truth.map((t, i) => {
    const g = given[i] ?? '';
    // Words forgives one letter from five letters ("candel" for "candle").
    const forgiven = discipline === 'words' && g === 'candel';
    return { given: g, truth: t, correct: g === t || forgiven };
  });
  const right = marks.filter((m) => m.correct).length;
  const scores: Record<DisciplineId, [number, number]> = {
    numbers: [20, 80],
    images: [5, 10],
    words: [4, 6],
    names: [right, 10],
    cards: [30, 52],
  };
  const [score, max] = scores[discipline];
  const mine = summary(discipline, score, max);
  return {
    attempt: mine,
    marks: discipline === 'cards' ? marks.slice(0, 32) : marks,
    row_points: discipline === 'numbers' ? [20, 0] : null,
    personal_best: true,
    best: mine,
    missed_groups: discipline === 'numbers' ? [] : null,
    ...patch,
  };
}

/** A result that is not the best: the best so far was higher. */
export function notBest(discipline: DisciplineId): TrainingResult {
  const base = result(discipline);
  return {
    ...base,
    personal_best: false,
    attempt: { ...base.attempt, personal_best: false },
    best: { ...base.attempt, id: 61, score: (base.attempt.score ?? 0) + 2 },
  };
}

/** Eight Names & Faces attempts getting better, and a best per discipline played. */
export function history(): TrainingHistory {
  const names = [3, 5, 4, 6, 8, 7, 9, 10].map((score, i) =>
    summary('names', score, 10, {
      id: 50 + i,
      memorize_ms: [60_000, 60_000, 58_000, 55_000, 52_000, 54_000, 48_000, 45_000][i] ?? 60_000,
      personal_best: false,
      started_at: at(-86_400 * (8 - i)),
      submitted_at: at(-86_400 * (8 - i) + 200),
    }),
  );
  const numbers = summary('numbers', 60, 80, { id: 40, started_at: at(-86_400 * 10) });
  return {
    attempts: [...names].reverse().concat(numbers),
    personal_bests: [{ ...names[7], personal_best: true } as TrainingSummary, numbers],
  };
}
