/**
 * Worker thread entry: fits one learner (`fitLearner`) off the server's event loop and posts the
 * result. `runFit` in `worker.ts` starts it.
 */
import { parentPort, workerData } from 'node:worker_threads';
import type { LoggedReview } from '../domain/memory-model.ts';
import { fitLearner } from './optimiser.ts';

const { log, timeZone } = workerData as { log: LoggedReview[]; timeZone: string };
const result = await fitLearner(log, timeZone);
parentPort?.postMessage(result);
