/**
 * Runs one learner's fit in a child process (`fit-child.ts`) under the fit limits, so that neither
 * a long fit nor a crash of the native optimiser can hold up or take down the server.
 */

import { type ChildJob, type ChildLimits, runInChild } from '../child/child-process.ts';
import type { LoggedReview } from '../domain/review/memory-model.ts';
import type { FitResult } from './fit-result.ts';

export type RunningFit = ChildJob<FitResult>;

const FIT_CHILD = new URL('./fit-child.ts', import.meta.url);

export function runFit(
  log: readonly LoggedReview[],
  timeZone: string,
  limits: ChildLimits,
): RunningFit {
  return runInChild(FIT_CHILD, { log, timeZone }, limits);
}
