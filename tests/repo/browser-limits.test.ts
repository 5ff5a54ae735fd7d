import { readdirSync, readFileSync } from 'node:fs';
import { join, relative } from 'node:path';
import { describe, expect, it } from 'vitest';
import { JOURNEY_LIMIT_MS, STEP_LIMIT_MS } from '../support/limits.ts';

const ROOT = join(import.meta.dirname, '../..');
const BROWSER_TESTS = ['tests/e2e', 'tests/support'].map((dir) => join(ROOT, dir));

/**
 * The browser tests' waits are hang guards, set once in tests/support/limits.ts for the slowest
 * CI seen. A journey that writes a shorter limit of its own measures speed: the official CI
 * failed eight journeys on limits of 20 and 30 s (a page load, a click, a poll) that a quiet
 * machine meets in a second.
 */
const SHORTER_LIMIT = [
  // `timeout: 20_000`, `timeout: 30000` (a literal: the shared constants are names).
  /\btimeout(?:Ms)?\s*[:=]\s*([\d_]+)/g,
  /\bset(?:Default|DefaultNavigation)Timeout\(\s*([\d_]+)/g,
];

function sourceFiles(dir: string): string[] {
  return readdirSync(dir, { withFileTypes: true, recursive: true })
    .filter((e) => e.isFile() && e.name.endsWith('.ts'))
    .map((e) => join(e.parentPath, e.name));
}

function shorterLimits(file: string): string[] {
  const text = readFileSync(file, 'utf8');
  return SHORTER_LIMIT.flatMap((pattern) =>
    [...text.matchAll(pattern)]
      .filter((match) => Number((match[1] ?? '').replaceAll('_', '')) < STEP_LIMIT_MS)
      .map((match) => `${relative(ROOT, file)}: ${match[0]}`),
  );
}

describe('browser test limits', () => {
  it('no journey or support module sets a limit shorter than the shared step limit', () => {
    expect(BROWSER_TESTS.flatMap(sourceFiles).flatMap(shorterLimits)).toEqual([]);
  });

  it('the scan sees a literal limit where one is written', () => {
    const sample = 'await x.waitFor({ timeout: 20_000 }); page.setDefaultTimeout(30000);';
    const found = SHORTER_LIMIT.flatMap((p) => [...sample.matchAll(p)].map((m) => m[1]));
    expect(found).toEqual(['20_000', '30000']);
  });

  it('a whole journey may take many steps', () => {
    expect(JOURNEY_LIMIT_MS).toBeGreaterThanOrEqual(4 * STEP_LIMIT_MS);
  });
});
