import { describe, expect, it } from 'vitest';
import { alive, failureOf } from '../test/child-jobs.ts';
import { type ChildLimits, runInChild } from './child-process.ts';

const fixture = (name: string) => new URL(`./fixtures/${name}`, import.meta.url);

const LIMITS: ChildLimits = { timeoutMs: 60_000, maxRssMb: 2048, maxHeapMb: 1024, rssPollMs: 250 };

describe('runInChild', () => {
  it('reports a simulated abort as a crash with its signal', async () => {
    const error = await failureOf(runInChild(fixture('aborting-child.ts'), {}, LIMITS));
    expect(error.failure).toBe('crashed');
    expect(error.message).toMatch(/^was killed by SIGABRT without a result/);
  });

  it('passes an error the job threw', async () => {
    const error = await failureOf(runInChild(fixture('throwing-child.ts'), {}, LIMITS));
    expect(error).toMatchObject({ failure: 'error', message: 'the optimiser refused the items' });
  });

  it('kills a child past its time limit', async () => {
    const limits: ChildLimits = { ...LIMITS, timeoutMs: 1_000 };
    const job = runInChild(fixture('hanging-child.ts'), {}, limits);
    const error = await failureOf(job);
    expect(error).toMatchObject({ failure: 'timed_out', message: 'timed out after 1 s (killed)' });
    expect(alive(job.pid)).toBe(false);
  }, 60_000);

  it('kills a child whose resident memory passes its limit', async () => {
    const limits: ChildLimits = { ...LIMITS, maxRssMb: 256, rssPollMs: 50 };
    const job = runInChild(fixture('growing-child.ts'), {}, limits);
    const error = await failureOf(job);
    expect(error.failure).toBe('out_of_memory');
    expect(error.message).toMatch(/^used \d+ MB of memory, over the limit of 256 MB \(killed\)$/);
    expect(alive(job.pid)).toBe(false);
  }, 60_000);

  it('kills the child when cancelled', async () => {
    const job = runInChild(fixture('hanging-child.ts'), {}, LIMITS);
    expect(alive(job.pid)).toBe(true);
    await job.cancel();
    expect(alive(job.pid)).toBe(false);
    expect((await failureOf(job)).failure).toBe('cancelled');
  });
});
