// Each Vitest project runs one worker per core (vitest.shared.ts), but the journeys, which run
// one file at a time in a group of their own. Read from Vitest's own resolution of the configs:
// a project resolves its worker count itself, and its default ran every file one after the other.
import { availableParallelism } from 'node:os';
import { join } from 'node:path';
import { expect, test } from 'vitest';
import { createVitest } from 'vitest/node';

const ROOT = join(import.meta.dirname, '../..');

test('every project but the journeys resolves one worker per core', {
  timeout: 60_000,
}, async () => {
  const vitest = await createVitest('test', { root: ROOT, run: true, watch: false });
  try {
    const resolved = Object.fromEntries(
      vitest.projects.map((p) => [
        p.name,
        { maxWorkers: p.config.maxWorkers, groupOrder: p.config.sequence.groupOrder },
      ]),
    );
    const cores = availableParallelism();
    expect(resolved).toEqual({
      '@memoria/api': { maxWorkers: cores, groupOrder: 0 },
      '@memoria/features': { maxWorkers: cores, groupOrder: 0 },
      server: { maxWorkers: cores, groupOrder: 0 },
      ui: { maxWorkers: cores, groupOrder: 0 },
      repo: { maxWorkers: cores, groupOrder: 0 },
      unit: { maxWorkers: cores, groupOrder: 0 },
      e2e: { maxWorkers: 1, groupOrder: 1 },
    });
  } finally {
    await vitest.close();
  }
});
