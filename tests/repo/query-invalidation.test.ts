import { readdirSync, readFileSync } from 'node:fs';
import { join, relative } from 'node:path';
import { describe, expect, it } from 'vitest';

const ROOT = join(import.meta.dirname, '../..');
const SOURCES = ['packages/api/src', 'packages/features', 'packages/ui', 'src'].map((dir) =>
  join(ROOT, dir),
);

/**
 * Queries are made stale in one way, `invalidateAndRefetch` (packages/api/src/query.ts): TanStack
 * Query's own `invalidateQueries` joins a first read in flight instead of reading again, and a
 * match page that opened as the friend vetoed kept showing the state before the veto.
 */
const DIRECT_INVALIDATION = /\.invalidateQueries\(/;

function sourceFiles(dir: string): string[] {
  return readdirSync(dir, { withFileTypes: true, recursive: true })
    .filter((e) => e.isFile() && /\.(tsx?|astro)$/.test(e.name) && !/\.test\.tsx?$/.test(e.name))
    .filter((e) => !e.parentPath.includes('node_modules'))
    .map((e) => join(e.parentPath, e.name));
}

describe('making queries stale', () => {
  it('goes through invalidateAndRefetch only', () => {
    const direct = SOURCES.flatMap(sourceFiles)
      .filter((file) => DIRECT_INVALIDATION.test(readFileSync(file, 'utf8')))
      .map((file) => relative(ROOT, file));
    expect(direct).toEqual(['packages/api/src/query.ts']);
  });
});
