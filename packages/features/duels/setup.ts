/**
 * The rules of a duel's set-up form, without React: its first values, the spec's checks (§5) and
 * the request each kind of duel sends.
 */
import type { CustomQuestion, DuelType } from '@memoria/api';

export type Values = Record<string, string>;

const DEFAULTS: Values = {
  mode: 'normal',
  view_time: '30',
  answer_time: '60',
  word_limit: '10',
  number_limit: '10',
  digits: '2',
  language: 'en',
  question_count: '5',
};

/** The spec's ranges, checked before sending; the message ids of §5. */
const RANGES: Record<string, [number, number, string]> = {
  view_time: [1, 60, 'duels.validation.viewTime'],
  answer_time: [5, 300, 'duels.validation.answerTime'],
  word_limit: [1, 100, 'duels.validation.limit'],
  number_limit: [1, 100, 'duels.validation.limit'],
};

export const FIELDS: Record<DuelType, string[]> = {
  desk: ['desk_id', 'question_count', 'view_time', 'answer_time'],
  custom: ['questions', 'view_time', 'answer_time'],
  images: ['view_time', 'answer_time', 'word_limit', 'language'],
  table: ['view_time', 'answer_time', 'number_limit', 'digits'],
};

/** Question duels may go without a reading time (the server's `view_time` is optional there). */
export const OPTIONAL: Record<DuelType, string[]> = {
  desk: ['view_time'],
  custom: ['view_time'],
  images: [],
  table: [],
};

/** The form's first values: a question duel starts without a reading time. */
export const initialValues = (kind: DuelType): Values =>
  OPTIONAL[kind].includes('view_time') ? { ...DEFAULTS, view_time: '' } : DEFAULTS;

const int = (text: string | undefined) => (text && /^\d+$/.test(text.trim()) ? Number(text) : NaN);

/** The spec's field checks; returns message ids (with values) per field. */
export function checkSetup(
  kind: DuelType,
  values: Values,
  questions: CustomQuestion[],
  cardCount: number | null,
): Record<string, { id: string; values?: Record<string, number> }> {
  const errors: Record<string, { id: string; values?: Record<string, number> }> = {};
  if (!values.opponent_id) errors.opponent_id = { id: 'duels.validation.required' };
  for (const field of FIELDS[kind]) {
    const range = RANGES[field];
    if (!range) continue;
    if (OPTIONAL[kind].includes(field) && !values[field]?.trim()) continue;
    const n = int(values[field]);
    if (!(n >= range[0] && n <= range[1])) errors[field] = { id: range[2] };
  }
  if (kind === 'desk') {
    if (!values.desk_id) errors.desk_id = { id: 'duels.validation.required' };
    // The range needs the deck's card count: until a deck is chosen only the deck is asked for
    // (it said "Enter a number from 1 to 0." before).
    const n = int(values.question_count);
    if (cardCount !== null && !(n >= 1 && n <= cardCount)) {
      errors.question_count = { id: 'duels.validation.questionCount', values: { max: cardCount } };
    }
  }
  if (kind === 'custom' && !questions.some((q) => q.question.trim() && q.answer.trim())) {
    errors.questions = { id: 'duels.validation.required' };
  }
  return errors;
}

/** The body of the call that creates the duel, by kind (after `checkSetup` found nothing). */
export function duelRequest(kind: DuelType, all: Values, questions: CustomQuestion[]) {
  const common = {
    opponent_id: Number(all.opponent_id),
    mode: all.mode as 'normal' | 'review',
    answer_time: Number(all.answer_time),
    ...(all.name?.trim() ? { name: all.name.trim() } : {}),
  };
  const readFirst = all.view_time?.trim() ? { view_time: Number(all.view_time) } : {};
  if (kind === 'desk') {
    return {
      call: 'quiz' as const,
      body: {
        ...common,
        ...readFirst,
        duel_type: 'desk' as const,
        desk_id: Number(all.desk_id),
        question_count: Number(all.question_count),
        ...(all.count_as_reviews === 'true' ? { count_as_reviews: true } : {}),
      },
    };
  }
  if (kind === 'custom') {
    return {
      call: 'quiz' as const,
      body: {
        ...common,
        ...readFirst,
        duel_type: 'custom' as const,
        questions: questions.filter((q) => q.question.trim() && q.answer.trim()),
      },
    };
  }
  if (kind === 'images') {
    return {
      call: 'images' as const,
      body: {
        ...common,
        view_time: Number(all.view_time),
        word_limit: Number(all.word_limit),
        language: all.language as 'en' | 'es',
      },
    };
  }
  return {
    call: 'table' as const,
    body: {
      ...common,
      view_time: Number(all.view_time),
      number_limit: Number(all.number_limit),
      digits: Number(all.digits),
    },
  };
}
