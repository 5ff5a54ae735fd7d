/**
 * What the import's child process does with an uploaded package (`import-child.ts`), and how the
 * server reads its answer back. The child reads the package in the import's folder, decodes and
 * encodes again each image a card shows (in place, one file each), and writes the collection as
 * NDJSON into `collection.ndjson` in the same folder, one line a card, review or skipped note.
 * The server then reads that file line by line (`readCollectionFile`); the images stay files.
 * A package refused for a known reason is an answer (`refused`), not an error, so its reason and
 * text cross the process boundary intact.
 */
import { closeSync, createReadStream, openSync, writeSync } from 'node:fs';
import { readFile, rm, writeFile } from 'node:fs/promises';
import path from 'node:path';
import { createInterface } from 'node:readline';
import { ImageError, normalizeImage } from '../domain/decks/images.ts';
import {
  ANKI_MESSAGES,
  type AnkiCard,
  type AnkiCollection,
  type AnkiErrorReason,
  type AnkiImage,
  AnkiPackageError,
  readAnkiPackage,
} from './package-reader.ts';

/** The file the child writes the collection into, in the import's folder. */
export const COLLECTION_FILE = 'collection.ndjson';

export interface ReadJobInput {
  /** The uploaded package (removed once read). */
  file: string;
  /** The import's folder, where the child works and writes `collection.ndjson`. */
  dir: string;
}

export type ReadJobAnswer =
  | { kind: 'read'; file: string }
  | { kind: 'refused'; reason: AnkiErrorReason; message: string };

/** One line of the NDJSON file: the format and decks first, then each item. */
type Line =
  | { head: { format: AnkiCollection['format']; decks: string[] } }
  | { card: AnkiCard }
  | { review: { cardAnkiId: number; rating: number; at: number; answerTimeMs: number } }
  | { skipped: AnkiCollection['skipped'][number] };

/** Each distinct image the cards show, decoded and encoded again in place (`normalizeImage`). */
async function normalizeCardImages(collection: AnkiCollection): Promise<void> {
  const images = new Set<AnkiImage>();
  for (const card of collection.cards) {
    if (card.frontImage) images.add(card.frontImage);
    if (card.backImage) images.add(card.backImage);
  }
  for (const image of images) {
    try {
      const stored = await normalizeImage(await readFile(image.file));
      await writeFile(image.file, stored.bytes);
      image.type = stored.type;
    } catch (error) {
      if (!(error instanceof ImageError)) throw error;
      throw new AnkiPackageError('media_type', ANKI_MESSAGES.mediaType(image.name));
    }
  }
}

/** Lines are written this many at a time: a few hundred KB of text in memory at once. */
const LINES_PER_WRITE = 1_000;

function writeCollectionFile(file: string, collection: AnkiCollection): void {
  const fd = openSync(file, 'w');
  try {
    let batch: string[] = [];
    const put = (line: Line) => {
      batch.push(JSON.stringify(line));
      if (batch.length < LINES_PER_WRITE) return;
      writeSync(fd, `${batch.join('\n')}\n`);
      batch = [];
    };
    put({ head: { format: collection.format, decks: collection.decks } });
    for (const card of collection.cards) put({ card });
    for (const r of collection.reviews) {
      const { cardAnkiId, rating, answerTimeMs } = r;
      put({ review: { cardAnkiId, rating, at: r.reviewedAt.getTime(), answerTimeMs } });
    }
    for (const skipped of collection.skipped) put({ skipped });
    if (batch.length > 0) writeSync(fd, `${batch.join('\n')}\n`);
  } finally {
    closeSync(fd);
  }
}

/** The child's job: reads the package, normalises its images, writes the collection file. */
export async function readPackageIntoFolder({ file, dir }: ReadJobInput): Promise<ReadJobAnswer> {
  try {
    const collection = await readAnkiPackage(file, dir);
    await rm(file); // all it holds that the import needs is unpacked into `dir` now
    await normalizeCardImages(collection);
    const out = path.join(dir, COLLECTION_FILE);
    writeCollectionFile(out, collection);
    return { kind: 'read', file: out };
  } catch (error) {
    if (!(error instanceof AnkiPackageError)) throw error;
    return { kind: 'refused', reason: error.reason, message: error.message };
  }
}

/** The collection the child wrote, read back one line at a time. */
export async function readCollectionFile(file: string): Promise<AnkiCollection> {
  const collection: AnkiCollection = {
    format: 'anki2',
    decks: [],
    cards: [],
    reviews: [],
    skipped: [],
  };
  const lines = createInterface({ input: createReadStream(file), crlfDelay: Infinity });
  for await (const text of lines) {
    if (!text) continue;
    const line = JSON.parse(text) as Line;
    if ('card' in line) collection.cards.push(line.card);
    else if ('review' in line) {
      const { cardAnkiId, rating, at, answerTimeMs } = line.review;
      collection.reviews.push({ cardAnkiId, rating, reviewedAt: new Date(at), answerTimeMs });
    } else if ('skipped' in line) collection.skipped.push(line.skipped);
    else {
      collection.format = line.head.format;
      collection.decks = line.head.decks;
    }
  }
  return collection;
}
