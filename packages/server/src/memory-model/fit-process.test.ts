import { describe, expect, it } from 'vitest';
import { runInChild } from '../child/child-process.ts';
import { alive, failureOf } from '../test/child-jobs.ts';
import { DEFAULT_FIT_LIMITS } from './fit-limits.ts';
import { runFit } from './fit-process.ts';

const fixture = (name: string) => new URL(`./fixtures/${name}`, import.meta.url);

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
