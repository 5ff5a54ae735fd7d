/**
 * The limits one learner's fit runs under (its child process), from the environment:
 * `FITTER_TIMEOUT_SECONDS`, `FITTER_MAX_RSS_MB`, `FITTER_MAX_HEAP_MB` (docs/operations/fitter.md).
 */
import type { ChildLimits } from '../child/child-process.ts';
import { wholeFromEnv } from '../child/env-limits.ts';

/**
 * Measured on this project's simulated learners (one fit, 2 CPUs): 12,000 reviews took 1.2 s at
 * 97 MB resident, 80,000 took 14 s at 642 MB, 476,000 took 215 s at 5.3 GB. The defaults fit
 * learners up to about 150,000 reviews and keep a runaway fit from taking the machine's memory.
 */
export const DEFAULT_FIT_LIMITS: ChildLimits = {
  timeoutMs: 600_000,
  maxRssMb: 2048,
  maxHeapMb: 1024,
  rssPollMs: 250,
};

/**
 * A fit must end before its claim goes stale (30 minutes, `claimFit`), or another instance would
 * fit the same learner while it still runs.
 */
const MAX_TIMEOUT_SECONDS = 25 * 60;

export function fitLimits(env: NodeJS.ProcessEnv = process.env): ChildLimits {
  const d = DEFAULT_FIT_LIMITS;
  return {
    timeoutMs:
      wholeFromEnv(env, 'FITTER_TIMEOUT_SECONDS', d.timeoutMs / 1000, 1, MAX_TIMEOUT_SECONDS) *
      1000,
    maxRssMb: wholeFromEnv(env, 'FITTER_MAX_RSS_MB', d.maxRssMb, 64, 1_048_576),
    maxHeapMb: wholeFromEnv(env, 'FITTER_MAX_HEAP_MB', d.maxHeapMb, 64, 1_048_576),
    rssPollMs: d.rssPollMs,
  };
}
