import { describe, expect, it } from 'vitest';
import { createLifecycle } from './shutdown.ts';

describe('lifecycle', () => {
  it('reports stopping from beginStopping on, before any hook runs', async () => {
    const order: string[] = [];
    const lifecycle = createLifecycle(() => {});
    lifecycle.onDrain(() => {
      order.push(`drain ${lifecycle.isStopping()}`);
    });
    expect(lifecycle.isStopping()).toBe(false);
    lifecycle.beginStopping();
    expect(lifecycle.isStopping()).toBe(true);
    expect(order).toEqual([]);
    await lifecycle.close();
    expect(order).toEqual(['drain true']);
  });

  it('is stopping once draining, even without beginStopping', async () => {
    const lifecycle = createLifecycle(() => {});
    await lifecycle.drain();
    expect(lifecycle.isStopping()).toBe(true);
  });
});
