/**
 * Child process entry: fits one learner (`fitLearner`) and answers the result. `runFit` in
 * `fit-process.ts` starts it; the optimiser's native binding loads here only, never in the server.
 */

import { serveOneJob } from '../child/child-process.ts';
import type { LoggedReview } from '../domain/review/memory-model.ts';
import { fitLearner } from './optimiser.ts';

serveOneJob(({ log, timeZone }: { log: LoggedReview[]; timeZone: string }) =>
  fitLearner(log, timeZone),
);
