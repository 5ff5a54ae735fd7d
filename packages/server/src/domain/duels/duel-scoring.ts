/**
 * How duels are scored, the same for every client: one point per correct quiz answer (ties broken
 * by total answer time), one per picture named at its position (by its name or a common name:
 * `domain/duels/duel-pictures.ts`), one per digit at its position.
 */

/**
 * An answer as compared: case, accents, surrounding punctuation and repeated spaces do not count
 * ("  Café! " matches "cafe"), so a typed answer is judged on its words.
 */
export function normalizeAnswer(text: string): string {
  return text
    .normalize('NFD')
    .replace(/\p{M}/gu, '')
    .toLowerCase()
    .replace(/^[\p{P}\p{S}\s]+|[\p{P}\p{S}\s]+$/gu, '')
    .replace(/\s+/g, ' ');
}

/** Whether `given` is `expected`, forgivingly; an empty answer never matches. */
export function answersMatch(given: string, expected: string): boolean {
  const g = normalizeAnswer(given);
  return g !== '' && g === normalizeAnswer(expected);
}

/** One answered question of a quiz duel, as stored. */
export interface QuizAnswer {
  questionId: number;
  answer: string;
  correct: boolean;
  timeMs: number;
}

export interface Tally {
  score: number;
  timeMs: number;
}

export function tallyQuiz(answers: readonly QuizAnswer[]): Tally {
  return {
    score: answers.filter((a) => a.correct).length,
    timeMs: answers.reduce((sum, a) => sum + a.timeMs, 0),
  };
}

/** Pictures named at the right position (the names compared forgivingly). */
export function scorePictures(expected: readonly string[], given: readonly string[]): number {
  return sum(
    namePoints(
      expected.map((word) => [word]),
      given,
    ),
  );
}

/**
 * One point per position whose answer matches one of the names accepted there (compared
 * forgivingly), else 0.
 */
export function namePoints(
  accepted: readonly (readonly string[])[],
  given: readonly string[],
): number[] {
  return accepted.map((names, i) =>
    names.some((name) => answersMatch(given[i] ?? '', name)) ? 1 : 0,
  );
}

/** Digits at the right position: each number compared digit by digit with the one it stands for. */
export function scoreDigits(expected: readonly string[], given: readonly string[]): number {
  return sum(digitPoints(expected, given));
}

/** The digits in their place, number by number. */
export function digitPoints(expected: readonly string[], given: readonly string[]): number[] {
  return expected.map((number, i) => {
    const typed = given[i] ?? '';
    let points = 0;
    for (let d = 0; d < number.length; d += 1) if (typed[d] === number[d]) points += 1;
    return points;
  });
}

export const sum = (points: readonly number[]) => points.reduce((a, b) => a + b, 0);

export type DuelOutcome = 'win' | 'lose' | 'draw';

/**
 * The caller's outcome: the higher score wins; with `byTime` (quiz duels) equal scores go to the
 * faster total answer time, and only equal scores and times are a draw. Equal scores of 0 are a
 * draw whatever the times: being quicker at wrong answers wins nothing.
 */
export function outcome(me: Tally, them: Tally, byTime: boolean): DuelOutcome {
  if (me.score !== them.score) return me.score > them.score ? 'win' : 'lose';
  if (me.score === 0) return 'draw';
  if (byTime && me.timeMs !== them.timeMs) return me.timeMs < them.timeMs ? 'win' : 'lose';
  return 'draw';
}
