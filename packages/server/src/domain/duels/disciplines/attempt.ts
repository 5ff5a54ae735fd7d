/**
 * The clock of a solo training attempt: memorise from the start for the discipline's memorise
 * limit, then recall for its recall limit. A submit after the recall deadline plus the duels'
 * grace (`GRACE_MS`, the network's share) is still scored on what arrived, but marked late.
 */
import { GRACE_MS, isLate } from '../duel-clock.ts';
import type { DisciplineRules } from './types.ts';

export { GRACE_MS };

export interface TrainingDeadlines {
  memorizeEndsAt: Date;
  recallEndsAt: Date;
}

export function deadlinesOf(
  rules: Pick<DisciplineRules, 'memorizeSeconds' | 'recallSeconds'>,
  startedAt: Date,
): TrainingDeadlines {
  const memorizeEndsAt = new Date(startedAt.getTime() + rules.memorizeSeconds * 1000);
  return {
    memorizeEndsAt,
    recallEndsAt: new Date(memorizeEndsAt.getTime() + rules.recallSeconds * 1000),
  };
}

export const submittedLate = (recallEndsAt: Date, now: Date) => isLate(recallEndsAt, now);

/**
 * The memorisation time counted: what the client measured (the learner may turn to recall early),
 * never more than the memorise limit nor than the time the server saw pass; the limit when the
 * client sent none.
 */
export function memorizeMsOf(
  claimed: number | undefined,
  rules: Pick<DisciplineRules, 'memorizeSeconds'>,
  startedAt: Date,
  now: Date,
): number {
  const limit = rules.memorizeSeconds * 1000;
  const elapsed = Math.max(0, now.getTime() - startedAt.getTime());
  return Math.min(claimed ?? limit, limit, elapsed);
}
