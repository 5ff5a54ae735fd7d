import { mkdirSync, mkdtempSync, rmSync, utimesSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterEach, describe, expect, it } from 'vitest';
import { isBuildStale, markBuildFinished } from '../../scripts/build-if-stale.ts';

const roots: string[] = [];
afterEach(() => {
  for (const root of roots.splice(0)) rmSync(root, { recursive: true, force: true });
});

/** A project folder with one source file and Astro's server entry, as a build cut short leaves. */
function project(): string {
  const root = mkdtempSync(join(tmpdir(), 'memoria-build-'));
  roots.push(root);
  mkdirSync(join(root, 'src'));
  writeFileSync(join(root, 'src/page.astro'), '<p>hi</p>');
  mkdirSync(join(root, 'dist/server'), { recursive: true });
  writeFileSync(join(root, 'dist/server/entry.mjs'), '');
  past(join(root, 'src'));
  return root;
}

function past(path: string, ms = 1_000_000) {
  utimesSync(path, new Date(ms), new Date(ms));
}

describe('npm start builds the web app again', () => {
  it('when the last build did not finish, even if its output is newer than the sources', () => {
    const root = project();
    past(join(root, 'src/page.astro'));
    expect(isBuildStale(root)).toBe(true);
    markBuildFinished(root, Date.now());
    expect(isBuildStale(root)).toBe(false);
  });

  it('when a source changed while the build ran, after the build had read it', () => {
    const root = project();
    past(join(root, 'src/page.astro'));
    const startedAt = 1_500_000;
    // Edited (an editor's save, a branch switch) once the build had read the old text.
    past(join(root, 'src/page.astro'), 1_600_000);
    markBuildFinished(root, startedAt);
    expect(isBuildStale(root)).toBe(true);
  });

  it('when a source changed after the build finished', () => {
    const root = project();
    past(join(root, 'src/page.astro'));
    markBuildFinished(root, 2_000_000);
    expect(isBuildStale(root)).toBe(false);
    writeFileSync(join(root, 'src/page.astro'), '<p>changed</p>');
    expect(isBuildStale(root)).toBe(true);
  });
});
