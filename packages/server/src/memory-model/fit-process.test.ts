import { describe, expect, it } from 'vitest';
import { type ChildJobError, runInChild } from '../child/child-process.ts';
import { DEFAULT_FIT_LIMITS } from './fit-limits.ts';
import { runFit } from './fit-process.ts';

const fixture = (name: string) => new URL(`./fixtures/${name}`, import.meta.url);

/** The job's failure, which must happen (the job must not answer). */
async function failureOf(job: { result: Promise<unknown> }): Promise<ChildJobError> {
  const settled = await job.result.then(
    (value) => ({ value }),
    (error: ChildJobError) => ({ error }),
  );
  if (!('error' in settled)) throw new Error(`the job answered ${JSON.stringify(settled.value)}`);
  return settled.error;
}

const alive = (pid: number | undefined): boolean => {
  try {
    process.kill(pid as number, 0);
    return true;
  } catch {
    return false;
  }
};

describe('a fit in a child process', () => {
  it('contains the real optimiser’s panic: the child aborts, this process goes on', async () => {
    const job = runInChild(fixture('panicking-fit.ts'), {}, DEFAULT_FIT_LIMITS);
    const error = await failureOf(job);
    expect(error.failure).toBe('crashed');
    expect(error.message).toMatch(/^was killed by SIGABRT without a result: /);
    expect(error.message).toContain(
      'Invalid FSRS item: at least one review with delta_t > 0 is required',
    );
    expect(alive(job.pid)).toBe(false);
  }, 60_000);

  it('runs the fit entry on the input it is sent and returns its answer', async () => {
    const reviewedAt = new Date('2025-03-01T10:00:00Z');
    const job = runFit(
      [{ cardId: 1, rating: 3, reviewedAt, fromNew: true }],
      'UTC',
      DEFAULT_FIT_LIMITS,
    );
    expect(await job.result).toMatchObject({ outcome: 'too_few_reviews', reviews: 1 });
  });
});
