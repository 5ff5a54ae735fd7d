import { readdirSync, readFileSync } from 'node:fs';
import { join, relative } from 'node:path';
import { describe, expect, it } from 'vitest';

const ROOT = join(import.meta.dirname, '../..');
const SERVER_SRC = join(ROOT, 'packages/server/src');

/**
 * The server's test files share their worker's modules (`isolate: false` in
 * packages/server/vitest.config.ts). What Vitest would undo between isolated files, a shared
 * worker carries into the next file: a module mock, fake timers, a stubbed global or variable.
 */
const LEAKS_INTO_THE_NEXT_FILE = [
  /\bvi\.(mock|doMock|unmock|hoisted|useFakeTimers|setSystemTime|stubEnv|stubGlobal|resetModules)\b/,
  /\bprocess\.env\.[A-Za-z_]+\s*=[^=]/,
  /\bprocess\.env\[[^\]]+\]\s*=[^=]/,
  /\bdelete process\.env\b/,
];

function testFiles(dir: string): string[] {
  return readdirSync(dir, { withFileTypes: true, recursive: true })
    .filter((e) => e.isFile() && e.name.endsWith('.test.ts'))
    .map((e) => join(e.parentPath, e.name));
}

describe('server test files that share a worker', () => {
  it('change no module, timer, global or environment variable another file would see', () => {
    const offenders = testFiles(SERVER_SRC).flatMap((file) => {
      const text = readFileSync(file, 'utf8');
      return LEAKS_INTO_THE_NEXT_FILE.filter((pattern) => pattern.test(text)).map(
        (pattern) => `${relative(ROOT, file)}: ${pattern}`,
      );
    });
    expect(offenders).toEqual([]);
  });

  it('finds the server test files', () => {
    expect(testFiles(SERVER_SRC).length).toBeGreaterThan(50);
  });
});
