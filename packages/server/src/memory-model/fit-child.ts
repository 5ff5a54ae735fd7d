/**
 * Child process entry: fits one learner (`fitLearner`) and answers the result. `runFit` in
 * `fit-process.ts` starts it; the optimiser's native binding loads here only, never in the server.
 */
import type { LoggedReview } from '../domain/memory-model.ts';
import { serveOneJob } from './child-process.ts';
import { fitLearner } from './optimiser.ts';

serveOneJob(({ log, timeZone }: { log: LoggedReview[]; timeZone: string }) =>
  fitLearner(log, timeZone),
);
