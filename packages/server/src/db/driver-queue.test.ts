/**
 * The PostgreSQL driver's pool queues after a burst. postgres.js 3.4.9 keeps each pool queue in an
 * array: `shift` leaves a hole before its index and starts afresh only when it takes the last
 * entry, and `remove` searched the whole array. The pool's `move` removes a connection from its
 * queue at each change of the connection's state, so a queue that `remove` empties kept its holes
 * and every later query searched them: after the bench's 32-connection health row, some 84,000,
 * and health at 4 connections answered 5,400 requests a second instead of 12,600.
 * patches/postgres+3.4.9.patch searches from the index and starts afresh when `remove` takes the
 * last entry (not reported upstream); this test fails without it.
 */
import { afterEach, describe, expect, it, vi } from 'vitest';

interface Queue<T> {
  readonly length: number;
  push(x: T): T;
  shift(): T | undefined;
  remove(x: T): T | null;
}

/** The driver's own queue module: the file its pool imports (the package exports only its index). */
async function driverQueue(): Promise<<T>(initial?: T[]) => Queue<T>> {
  const index = import.meta.resolve('postgres');
  const module = (await import(new URL('./queue.js', index).href)) as {
    default: <T>(initial?: T[]) => Queue<T>;
  };
  return module.default;
}

afterEach(() => {
  vi.restoreAllMocks();
});

describe("the driver's pool queue", () => {
  it('searches only its live entries after many rounds that `remove` ends', async () => {
    const Queue = await driverQueue();
    const queue = Queue<string>();
    // What a pool does under load: a connection is queued behind another, the first is taken by
    // `shift`, the second leaves by `remove` (it moved to another queue), and again.
    const rounds = 10_000;
    for (let i = 0; i < rounds; i += 1) {
      queue.push('a');
      queue.push('b');
      expect(queue.shift()).toBe('a');
      expect(queue.remove('b')).toBe('b');
    }
    expect(queue.length).toBe(0);
    // How many entries the next removal searches.
    const searched: number[] = [];
    const indexOf = Array.prototype.indexOf;
    vi.spyOn(Array.prototype, 'indexOf').mockImplementation(function (
      this: unknown[],
      value: unknown,
      from?: number,
    ) {
      searched.push(this.length - (from ?? 0));
      return indexOf.call(this, value, from);
    });
    queue.push('c');
    const removed = queue.remove('c');
    vi.restoreAllMocks();
    expect(removed).toBe('c');
    expect(searched).toEqual([1]);
  });

  it('keeps its order and length through shifts and removals', async () => {
    const Queue = await driverQueue();
    const queue = Queue(['a', 'b', 'c']);
    expect(queue.remove('b')).toBe('b');
    expect(queue.remove('x')).toBeNull();
    queue.push('d');
    expect(queue.shift()).toBe('a');
    expect(queue.length).toBe(2);
    expect(queue.remove('d')).toBe('d');
    expect(queue.shift()).toBe('c');
    expect(queue.length).toBe(0);
    expect(queue.remove('c')).toBeNull();
    // Past a thousand shifted entries, a queue that never empties drops them from its array: the
    // order and the length hold across it.
    for (let i = 0; i < 3000; i += 1) queue.push(`n${i}`);
    for (let i = 0; i < 2500; i += 1) expect(queue.shift()).toBe(`n${i}`);
    expect(queue.length).toBe(500);
    expect(queue.remove('n2999')).toBe('n2999');
    expect(queue.remove('n2400')).toBeNull();
    expect(queue.shift()).toBe('n2500');
    expect(queue.length).toBe(498);
  });
});
