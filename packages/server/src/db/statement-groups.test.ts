import { describe, expect, it } from 'vitest';
import { StatementGroups } from './statement-groups.ts';

interface Item {
  id: string;
  keys?: string[];
  fails?: boolean;
}

/** Statement groups whose runs record their groups and answer each item's id upper-cased. */
function recorder(options: { maxSize?: number; groupFails?: (ids: string[]) => boolean } = {}) {
  const groups: string[][] = [];
  const alone: string[] = [];
  let writing = 0;
  let mostAtOnce = 0;
  let release: (() => void) | undefined;
  let hold = false;
  const commit = new StatementGroups<Item, string>({
    async run(items) {
      const ids = items.map((i) => i.id);
      groups.push(ids);
      writing++;
      mostAtOnce = Math.max(mostAtOnce, writing);
      try {
        if (hold) await new Promise<void>((r) => (release = r));
        await Promise.resolve();
        if (options.groupFails?.(ids)) throw new Error(`group ${ids.join(',')}`);
        return ids.map((id) => id.toUpperCase());
      } finally {
        writing--;
      }
    },
    async alone(item) {
      alone.push(item.id);
      if (item.fails) throw new Error(`item ${item.id}`);
      return item.id.toUpperCase();
    },
    keysOf: (item) => item.keys ?? [item.id],
    maxSize: options.maxSize ?? 10,
  });
  return {
    commit,
    groups,
    alone,
    mostAtOnce: () => mostAtOnce,
    /** Makes the next run wait until `open` is called. */
    holdNext() {
      hold = true;
    },
    open() {
      hold = false;
      release?.();
    },
  };
}

describe('StatementGroups', () => {
  it('runs what arrives in one turn of the event loop as one group, answering each its own', async () => {
    const r = recorder();
    const answers = await Promise.all(['a', 'b', 'c'].map((id) => r.commit.submit({ id })));
    expect(answers).toEqual(['A', 'B', 'C']);
    expect(r.groups).toEqual([['a', 'b', 'c']]);
  });

  it('runs one group at a time; what arrives meanwhile waits and goes in the next group', async () => {
    const r = recorder();
    r.holdNext();
    const first = r.commit.submit({ id: 'a' });
    await new Promise((resolve) => setImmediate(resolve));
    expect(r.groups).toEqual([['a']]);
    const later = ['b', 'c', 'd'].map((id) => r.commit.submit({ id }));
    await new Promise((resolve) => setImmediate(resolve));
    expect(r.commit.waiting).toBe(3);
    r.open();
    expect(await Promise.all([first, ...later])).toEqual(['A', 'B', 'C', 'D']);
    expect(r.groups).toEqual([['a'], ['b', 'c', 'd']]);
    expect(r.mostAtOnce()).toBe(1);
  });

  it('never puts two items that share a key in one group, and keeps their order', async () => {
    const r = recorder();
    const answers = await Promise.all([
      r.commit.submit({ id: 'a1', keys: ['card 1'] }),
      r.commit.submit({ id: 'b', keys: ['card 2'] }),
      r.commit.submit({ id: 'a2', keys: ['card 1'] }),
      r.commit.submit({ id: 'c', keys: ['card 3', 'key k'] }),
      r.commit.submit({ id: 'd', keys: ['card 4', 'key k'] }),
      r.commit.submit({ id: 'a3', keys: ['card 1'] }),
    ]);
    expect(answers).toEqual(['A1', 'B', 'A2', 'C', 'D', 'A3']);
    expect(r.groups).toEqual([['a1', 'b', 'c'], ['a2', 'd'], ['a3']]);
  });

  it('takes at most maxSize items a group', async () => {
    const r = recorder({ maxSize: 2 });
    await Promise.all(['a', 'b', 'c', 'd', 'e'].map((id) => r.commit.submit({ id })));
    expect(r.groups).toEqual([['a', 'b'], ['c', 'd'], ['e']]);
  });

  it('tries each item of a failed group on its own: one item’s error is its answer only', async () => {
    const r = recorder({ groupFails: (ids) => ids.includes('bad') });
    const settled = await Promise.allSettled([
      r.commit.submit({ id: 'a' }),
      r.commit.submit({ id: 'bad', fails: true }),
      r.commit.submit({ id: 'c' }),
    ]);
    expect(settled).toEqual([
      { status: 'fulfilled', value: 'A' },
      { status: 'rejected', reason: new Error('item bad') },
      { status: 'fulfilled', value: 'C' },
    ]);
    expect(r.alone.sort()).toEqual(['a', 'bad', 'c']);
    // The group commit goes on writing groups after a failure.
    expect(await r.commit.submit({ id: 'e' })).toBe('E');
    expect(r.groups.at(-1)).toEqual(['e']);
  });

  it('answers a group of one’s failure with its error, without writing it again', async () => {
    const r = recorder({ groupFails: () => true });
    await expect(r.commit.submit({ id: 'a' })).rejects.toThrow('group a');
    expect(r.alone).toEqual([]);
  });
});
