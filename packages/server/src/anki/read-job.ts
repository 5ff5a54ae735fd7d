/**
 * What the import's child process does with an uploaded package (`import-child.ts`), and how the
 * server reads its answer back. The child reads the package in the import's folder, decodes and
 * encodes again each image a card shows (in place, one file each), and writes the collection as
 * NDJSON into `collection.ndjson` in the same folder, one line a review, skipped note or card, in
 * that order. The server then reads that file line by line (`openCollectionFile`): the reviews
 * into a few typed arrays (21 bytes a review instead of an object and a Date), the cards a batch
 * at a time as it writes them; the images stay files.
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

/** One line of the NDJSON file: the format, decks and counts first, then each item. */
type Line =
  | { head: { format: AnkiCollection['format']; decks: string[]; reviews: number } }
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
    const { format, decks, reviews } = collection;
    put({ head: { format, decks, reviews: reviews.length } });
    // The reviews first: the server needs each card's first review before it writes the card.
    for (const r of reviews) {
      const { cardAnkiId, rating, answerTimeMs } = r;
      put({ review: { cardAnkiId, rating, at: r.reviewedAt.getTime(), answerTimeMs } });
    }
    for (const skipped of collection.skipped) put({ skipped });
    for (const card of collection.cards) put({ card });
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

/** The history of a collection, a column per field, in time order. */
export interface ReviewColumns {
  length: number;
  cardAnkiId: Float64Array;
  rating: Uint8Array;
  /** When, in ms since 1970. */
  at: Float64Array;
  answerTimeMs: Float64Array;
}

/** The collection the child wrote, opened: all but its cards read, the cards to stream. */
export interface CollectionFile {
  format: AnkiCollection['format'];
  decks: string[];
  reviews: ReviewColumns;
  skipped: AnkiCollection['skipped'];
  /** The cards in the reader's order, `size` at a time (the last batch may be shorter); once. */
  cards(size: number): AsyncGenerator<AnkiCard[]>;
  /** Lets the file go, whether or not its cards were read. */
  close(): void;
}

/**
 * Opens the collection file the child wrote: reads its head, reviews and skipped notes, and
 * leaves the cards to `cards`, which reads on from there. The file is read once, line by line.
 */
export async function openCollectionFile(file: string): Promise<CollectionFile> {
  const input = createReadStream(file);
  const lines = createInterface({ input, crlfDelay: Infinity });
  const parsed = (async function* () {
    for await (const text of lines) if (text) yield JSON.parse(text) as Line;
  })();
  const first = await parsed.next();
  if (first.done || !('head' in first.value)) throw new Error(`${file} has no head line`);
  const { head } = first.value;
  const n = head.reviews;
  const reviews: ReviewColumns = {
    length: n,
    cardAnkiId: new Float64Array(n),
    rating: new Uint8Array(n),
    at: new Float64Array(n),
    answerTimeMs: new Float64Array(n),
  };
  const skipped: AnkiCollection['skipped'] = [];
  let i = 0;
  let firstCard: AnkiCard | undefined;
  for (;;) {
    const next = await parsed.next();
    if (next.done) break;
    const line = next.value;
    if ('review' in line) {
      reviews.cardAnkiId[i] = line.review.cardAnkiId;
      reviews.rating[i] = line.review.rating;
      reviews.at[i] = line.review.at;
      reviews.answerTimeMs[i] = line.review.answerTimeMs;
      i += 1;
    } else if ('skipped' in line) skipped.push(line.skipped);
    else if ('card' in line) {
      firstCard = line.card;
      break;
    }
  }
  if (i !== n) throw new Error(`${file} holds ${i} reviews of the ${n} its head counts`);
  return {
    format: head.format,
    decks: head.decks,
    reviews,
    skipped,
    async *cards(size: number) {
      async function* each() {
        if (firstCard) yield firstCard;
        for await (const line of parsed) if ('card' in line) yield line.card;
      }
      let batch: AnkiCard[] = [];
      for await (const card of each()) {
        batch.push(card);
        if (batch.length < size) continue;
        yield batch;
        batch = [];
      }
      if (batch.length > 0) yield batch;
    },
    close() {
      lines.close();
      input.destroy();
    },
  };
}
