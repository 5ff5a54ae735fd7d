import { describe, expect, it } from 'vitest';
import { ApiError } from '../http/errors.ts';
import { HashingGate } from './passwords.ts';

describe('HashingGate', () => {
  it('runs at most `concurrency` tasks at once and queues the rest in order', async () => {
    const gate = new HashingGate(2, 10);
    let active = 0;
    let peak = 0;
    const order: number[] = [];
    const releases: (() => void)[] = [];
    const task = (n: number) =>
      gate.run(async () => {
        active += 1;
        peak = Math.max(peak, active);
        await new Promise<void>((resolve) => releases.push(resolve));
        order.push(n);
        active -= 1;
      });
    const all = [1, 2, 3, 4, 5].map(task);
    await Promise.resolve();
    expect(gate.running).toBe(2);
    expect(gate.waiting).toBe(3);
    while (order.length < 5) {
      await new Promise((resolve) => setImmediate(resolve));
      releases.shift()?.();
    }
    await Promise.all(all);
    expect(peak).toBe(2);
    expect(order).toEqual([1, 2, 3, 4, 5]);
    expect(gate.running).toBe(0);
  });

  it('answers 429 with Retry-After when the queue is full', async () => {
    const gate = new HashingGate(1, 1);
    let release = () => {};
    const first = gate.run(() => new Promise<void>((resolve) => (release = resolve)));
    const queued = gate.run(async () => 'queued');
    const refused = await gate.run(async () => 'never').catch((e: unknown) => e);
    expect(refused).toBeInstanceOf(ApiError);
    expect((refused as ApiError).status).toBe(429);
    expect((refused as ApiError).headers).toEqual({ 'Retry-After': '1' });
    release();
    await first;
    expect(await queued).toBe('queued');
  });
});
