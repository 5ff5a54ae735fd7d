/**
 * The conversion table offline (issue 46, docs/features/offline.md): while online, the language's
 * word index (`GET conversiontable/lexicon/`, refreshed once a day) and the learner's own table
 * are kept in IndexedDB (`memoria-conversion`, through `idb`); offline, numbers are converted in
 * the browser with the server's own code (`@memoria/api/major-system`, loaded only then), so the
 * answers are the server's. Kept per signed-in learner: another learner's copy is never used.
 */
import {
  type ConversionResult,
  fetchConversionLexicon,
  type MajorTable,
  type MnemonicsLocale,
} from '@memoria/api';
import type { WordIndex } from '@memoria/api/major-system';
import { type DBSchema, type IDBPDatabase, openDB } from 'idb';

/** A kept word index older than this is fetched again (it changes only with a release). */
export const LEXICON_MAX_AGE_MS = 24 * 60 * 60 * 1000;

const DB_NAME = 'memoria-conversion';

interface KeptLexicon {
  language: MnemonicsLocale;
  email: string | null;
  words: string;
  keptAt: number;
}

interface KeptTable {
  language: MnemonicsLocale;
  email: string | null;
  /** Two-digit number → the learner's word. */
  own: [string, string][];
}

interface ConversionSchema extends DBSchema {
  lexicons: { key: MnemonicsLocale; value: KeptLexicon };
  tables: { key: MnemonicsLocale; value: KeptTable };
}

let db: Promise<IDBPDatabase<ConversionSchema>> | undefined;

function open(): Promise<IDBPDatabase<ConversionSchema>> {
  db ??= openDB<ConversionSchema>(DB_NAME, 1, {
    upgrade(database) {
      database.createObjectStore('lexicons', { keyPath: 'language' });
      database.createObjectStore('tables', { keyPath: 'language' });
    },
  });
  return db;
}

/** Fetches and keeps the language's word index unless a fresh one of this learner is kept. */
export async function keepLexicon(
  language: MnemonicsLocale,
  email: string | null,
  now = Date.now(),
): Promise<void> {
  const store = await open();
  const kept = await store.get('lexicons', language);
  if (kept && kept.email === email && now - kept.keptAt < LEXICON_MAX_AGE_MS) return;
  const { words } = await fetchConversionLexicon(language);
  await store.put('lexicons', { language, email, words, keptAt: now });
}

/** Keeps the learner's own table as the page last read it (after each save, too). */
export async function keepOwnTable(table: MajorTable, email: string | null): Promise<void> {
  const own = table.entries.flatMap((e) =>
    e.word ? [[e.digits, e.word] as [string, string]] : [],
  );
  await (await open()).put('tables', { language: table.language, email, own });
}

/** Whether this learner's word index for `language` is kept (the page can convert offline). */
export async function canConvertOffline(
  language: MnemonicsLocale,
  email: string | null,
): Promise<boolean> {
  const kept = await (await open()).get('lexicons', language);
  return kept?.email === email;
}

/** The unpacked index of the last language converted (unpacking 1 MB takes a moment). */
let unpacked: { key: string; index: WordIndex } | undefined;

/** Raised when nothing was kept for converting offline. */
export class NotKeptOffline extends Error {
  constructor() {
    super('The conversion table was not kept for offline use.');
    this.name = 'NotKeptOffline';
  }
}

/**
 * `numbers` (digits and spaces, checked by the form) converted in the browser as
 * `POST conversiontable/convert-numbers/` would.
 */
export async function convertOffline(
  language: MnemonicsLocale,
  numbers: string,
  email: string | null,
): Promise<ConversionResult> {
  const store = await open();
  const [lexicon, table] = await Promise.all([
    store.get('lexicons', language),
    store.get('tables', language),
  ]);
  if (!lexicon || lexicon.email !== email) throw new NotKeptOffline();
  const { convertNumber, unpackLexicon } = await import('@memoria/api/major-system');
  const key = `${language}:${lexicon.keptAt}`;
  if (unpacked?.key !== key) unpacked = { key, index: unpackLexicon(lexicon.words) };
  const own = new Map(table?.email === email ? table.own : []);
  const index = unpacked.index;
  return {
    language,
    results: numbers
      .split(/\s+/)
      .filter(Boolean)
      .map((n) => convertNumber(index, n, own)),
  };
}
