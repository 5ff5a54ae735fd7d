/**
 * The Anki import reads the package in a child process: a reader that aborts, runs out of memory
 * or out of time answers the request (400 or 503), leaves no temporary folder and the server
 * answering. The children here are injected stand-ins for a parser that fails on a hostile file.
 */
import { mkdtempSync, readdirSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { afterAll, afterEach, describe, expect, it } from 'vitest';
import { DEFAULT_ANKI_IMPORT_LIMITS } from '../../anki/import-limits.ts';
import type { ChildLimits } from '../../child/child-process.ts';
import { ankiPackage, type TestCollection } from '../../test/anki-package.ts';
import { createTestBackend, type TestBackend } from '../../test/harness.ts';
import { SR } from '../../test/space-repetition.ts';
import { ANKI_IMPORT_DIR_PREFIX, ANKI_IMPORT_RETRY_AFTER_S } from './anki.ts';

const IMPORT = `${SR}/anki-import/`;
const COLLECTION: TestCollection = {
  decks: { 1: 'Geo' },
  notes: [{ id: 10, fields: ['Spain', 'Madrid'], cards: [{ id: 100, deck: 1 }] }],
  revlog: [],
  media: {},
};

// This file's imports work in a folder of their own, so another test file importing meanwhile
// cannot add folders to the count.
const ownTmp = mkdtempSync(path.join(tmpdir(), 'anki-child-test-'));
afterAll(() => {
  rmSync(ownTmp, { recursive: true, force: true });
});

const importDirs = () =>
  readdirSync(ownTmp).filter((name) => name.startsWith(ANKI_IMPORT_DIR_PREFIX));

let t: TestBackend | undefined;
afterEach(async () => {
  await t?.close();
  t = undefined;
});

/** A backend whose imports run `entry` as their reading child, under `limits`. */
async function backendReadingWith(entry: URL, limits: Partial<ChildLimits> = {}) {
  t = await createTestBackend({
    ankiImport: { entry, workDir: ownTmp, limits: { ...DEFAULT_ANKI_IMPORT_LIMITS, ...limits } },
  });
  return t;
}

async function importPackage(backend: TestBackend) {
  const ana = await backend.signUp();
  const form = new FormData();
  form.set('file', new Blob([ankiPackage(COLLECTION) as Uint8Array<ArrayBuffer>]), 'deck.apkg');
  const res = await backend.request('POST', IMPORT, { token: ana.access, form });
  return { ana, res };
}

/** The server still answers, and the learner got nothing from the failed import. */
async function expectServingWithNothingImported(backend: TestBackend, access: string) {
  const decks = await backend.request('GET', `${SR}/desks/`, { token: access });
  expect(decks.status).toBe(200);
  expect(JSON.stringify(decks.body)).not.toContain('Geo');
}

describe('Anki import: the package is read in a child process', () => {
  it('answers 400 to a package whose reader aborts, and keeps answering', async () => {
    const backend = await backendReadingWith(
      new URL('../../anki/fixtures/aborting-reader.ts', import.meta.url),
    );
    const { ana, res } = await importPackage(backend);
    expect(res.status).toBe(400);
    expect(res.body).toMatchObject({
      code: 'validation_error',
      fields: { file: ['The package could not be read: reading it stopped the reader.'] },
      field_codes: { file: ['anki_corrupt_collection'] },
    });
    expect(importDirs()).toEqual([]);
    await expectServingWithNothingImported(backend, ana.access);
    // The next import runs (the one-at-a-time slot was given back).
    const again = await importPackage(backend);
    expect(again.res.status).toBe(400);
  });

  it('answers 400 to a package whose reader passes its memory limit', async () => {
    const backend = await backendReadingWith(
      new URL('../../child/fixtures/growing-child.ts', import.meta.url),
      { maxRssMb: 256, rssPollMs: 50 },
    );
    const { ana, res } = await importPackage(backend);
    expect(res.status).toBe(400);
    expect(res.body.field_codes).toEqual({ file: ['anki_corrupt_collection'] });
    expect(importDirs()).toEqual([]);
    await expectServingWithNothingImported(backend, ana.access);
  }, 60_000);

  it('answers 503 with Retry-After when reading passes its time limit', async () => {
    const backend = await backendReadingWith(
      new URL('../../child/fixtures/hanging-child.ts', import.meta.url),
      { timeoutMs: 1_000 },
    );
    const { ana, res } = await importPackage(backend);
    expect(res.status).toBe(503);
    expect(res.headers.get('retry-after')).toBe(String(ANKI_IMPORT_RETRY_AFTER_S));
    expect(res.body).toMatchObject({ code: 'unavailable' });
    expect(importDirs()).toEqual([]);
    await expectServingWithNothingImported(backend, ana.access);
  }, 60_000);
});
