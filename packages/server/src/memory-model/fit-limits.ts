/**
 * The limits one learner's fit runs under (its child process), from the environment:
 * `FITTER_TIMEOUT_SECONDS`, `FITTER_MAX_RSS_MB`, `FITTER_MAX_HEAP_MB` (docs/operations/fitter.md).
 */
import type { ChildLimits } from './child-process.ts';

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

function whole(
  env: NodeJS.ProcessEnv,
  name: string,
  fallback: number,
  min: number,
  max: number,
): number {
  const value = env[name];
  if (value === undefined || value === '') return fallback;
  const n = /^\d+$/.test(value) ? Number(value) : Number.NaN;
  if (!(n >= min && n <= max)) {
    throw new Error(`${name} must be a whole number from ${min} to ${max}; it is "${value}".`);
  }
  return n;
}

export function fitLimits(env: NodeJS.ProcessEnv = process.env): ChildLimits {
  const d = DEFAULT_FIT_LIMITS;
  return {
    timeoutMs:
      whole(env, 'FITTER_TIMEOUT_SECONDS', d.timeoutMs / 1000, 1, MAX_TIMEOUT_SECONDS) * 1000,
    maxRssMb: whole(env, 'FITTER_MAX_RSS_MB', d.maxRssMb, 64, 1_048_576),
    maxHeapMb: whole(env, 'FITTER_MAX_HEAP_MB', d.maxHeapMb, 64, 1_048_576),
    rssPollMs: d.rssPollMs,
  };
}
