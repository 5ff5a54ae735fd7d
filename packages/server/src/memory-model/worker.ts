/** Runs one learner's fit in a worker thread, so a long fit never holds up requests. */
import { Worker } from 'node:worker_threads';
import type { LoggedReview } from '../domain/memory-model.ts';
import type { FitResult } from './fit-result.ts';

export interface RunningFit {
  result: Promise<FitResult>;
  /** Stops the fit (server shutdown); `result` rejects. */
  cancel(): Promise<void>;
}

export function runFit(log: readonly LoggedReview[], timeZone: string): RunningFit {
  const worker = new Worker(new URL('./fit-worker.ts', import.meta.url), {
    workerData: { log, timeZone },
  });
  const result = new Promise<FitResult>((resolve, reject) => {
    worker.once('message', (message: FitResult) => resolve(message));
    worker.once('error', reject);
    worker.once('exit', (code) => reject(new Error(`the fit worker exited (code ${code})`)));
  });
  result.catch(() => {}); // the caller awaits it; cancelling must not leave it unhandled
  return {
    result,
    cancel: async () => {
      await worker.terminate();
    },
  };
}
