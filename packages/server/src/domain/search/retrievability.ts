/** The learner's forgetting curve, which `prop:r` and the retrievability sort read. */
import { computeDecayFactor } from 'ts-fsrs';
import { DEFAULT_WEIGHTS, type LearnerModel } from '../review/memory-model.ts';

/**
 * ts-fsrs's curve R(t, S) = (1 + factor · t / S) ^ decay for the learner's weights (their fitted
 * ones, else the defaults): the curve their scheduler and `get_retrievability` use.
 */
export function forgettingCurve(model: LearnerModel): { decay: number; factor: number } {
  return computeDecayFactor(model.parameters ?? DEFAULT_WEIGHTS);
}
