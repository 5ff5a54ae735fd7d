import { readFileSync } from 'node:fs';
import { relative } from 'node:path';
import { describe, expect, it } from 'vitest';
import { ROOT, sourceFiles } from './source-files.ts';

const SOURCES = ['packages/api/src', 'packages/features', 'packages/ui', 'src'];

/**
 * Queries are made stale in one way, `invalidateAndRefetch` (packages/api/src/query.ts): TanStack
 * Query's own `invalidateQueries` joins a first read in flight instead of reading again, and a
 * match page that opened as the friend vetoed kept showing the state before the veto.
 */
const DIRECT_INVALIDATION = /\.invalidateQueries\(/;

describe('making queries stale', () => {
  it('goes through invalidateAndRefetch only', () => {
    const direct = sourceFiles(SOURCES, /\.(tsx?|astro)$/, /\.test\.tsx?$/)
      .filter((file) => DIRECT_INVALIDATION.test(readFileSync(file, 'utf8')))
      .map((file) => relative(ROOT, file));
    expect(direct).toEqual(['packages/api/src/query.ts']);
  });
});
