/**
 * Anki import: a package becomes decks of the caller, its notes cards and its review history
 * their review log, replayed through the caller's FSRS model so each schedule starts from it. One
 * transaction: a bad package (or any failure) writes nothing. Export: a deck as an `.apkg` or CSV.
 *
 * Memory: the upload is streamed to a file in a temporary folder; a child process reads the
 * package from there (anki/import-process.ts: the untrusted file's parsing never runs in the
 * server, and the memory it takes goes with the child), decodes and encodes again each card image
 * into its own file and writes the collection as NDJSON beside them; the server reads that back
 * (the history as typed columns, the cards 5,000 at a time as it writes them) and writes the
 * cards a few MB of images at a time, and the history a batch at a time as it replays it
 * (db/queries/anki-import.ts); the folder is removed
 * when the import ends, whatever its outcome. One import runs at a time on this instance: another
 * one meanwhile answers 429 with Retry-After instead of holding a second package.
 */
import { mkdtemp, readFile, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import path from 'node:path';
import type { Grade } from 'ts-fsrs';
import { DEFAULT_ANKI_IMPORT_LIMITS } from '../../anki/import-limits.ts';
import { readPackageInChild } from '../../anki/import-process.ts';
import { ANKI_LIMITS, ANKI_MESSAGES } from '../../anki/package-reader.ts';
import { writeAnkiPackage } from '../../anki/package-writer.ts';
import type { CollectionFile, ImportNote } from '../../anki/read-job.ts';
import { ChildJobError } from '../../child/child-process.ts';
import type { Handlers, Schemas } from '../../contract/types.ts';
import { recordDeckActivities } from '../../db/queries/activities.ts';
import {
  deckCardStates,
  deckMediaFiles,
  deckNotes,
  deckOwnNoteTypes,
} from '../../db/queries/anki-export.ts';
import {
  IMPORT_ROWS_PER_STATEMENT,
  type ImportedCard,
  type ImportedNote,
  type ImportedReview,
  insertImportedCards,
  insertImportedNotes,
  insertImportedReviews,
  insertImportedSchedules,
} from '../../db/queries/anki-import.ts';
import { listCards } from '../../db/queries/cards.ts';
import { insertDeck } from '../../db/queries/desks.ts';
import { linkMediaToDeck } from '../../db/queries/media.ts';
import { learnerModel } from '../../db/queries/memory-models.ts';
import { insertNoteType } from '../../db/queries/notes.ts';
import type { Query } from '../../db/queries/pg.ts';
import { deckReviewHistory, reviewDays } from '../../db/queries/reviews.ts';
import { csvField, DECK_CSV_HEADER } from '../../domain/decks/deck-csv.ts';
import type { StockNoteTypeKey } from '../../domain/notes/stock-types.ts';
import { schedulerFor } from '../../domain/review/memory-model.ts';
import {
  newSchedule,
  review,
  type Schedule,
  scheduleToJson,
} from '../../domain/review/scheduling.ts';
import type { AppDeps } from '../../http/context.ts';
import { currentUser } from '../../http/current-user.ts';
import { ApiError, validationError } from '../../http/errors.ts';
import { receiveFile } from '../../http/upload.ts';
import { releaseMemory } from '../../release-memory.ts';
import { deckFor } from '../../services/decks/access.ts';

/** The contract's bounds of a deck name and of a card side. */
const DECK_NAME_MAX = 200;
const CARD_SIDE_MAX = 5000;

type Summary = Schemas['AnkiImportSummary'];

/**
 * Where an import works: `<workDir or os.tmpdir()>/memoria-anki-import-XXXXXX`, removed when it
 * ends.
 */
export const ANKI_IMPORT_DIR_PREFIX = 'memoria-anki-import-';
/** What a second import meanwhile is told to wait, in seconds (a 250 MB import takes ~1 min). */
export const ANKI_IMPORT_RETRY_AFTER_S = 30;

let importing = false;

/** Runs `task` unless an import already runs on this instance (429 with Retry-After then). */
async function oneImportAtATime<T>(task: () => Promise<T>): Promise<T> {
  if (importing) {
    throw new ApiError(
      429,
      'rate_limited',
      `Another Anki import is running on this server. Try again in ${ANKI_IMPORT_RETRY_AFTER_S} seconds.`,
      { headers: { 'Retry-After': String(ANKI_IMPORT_RETRY_AFTER_S) } },
    );
  }
  importing = true;
  try {
    return await task();
  } finally {
    importing = false;
  }
}

async function writeCollection(
  q: Query,
  userId: number,
  collection: CollectionFile,
): Promise<Summary> {
  // The reader's skipped notes, then the cards too long to keep.
  const skipped: Summary['skipped'] = collection.skipped.map((s) => ({
    note_id: s.noteId,
    reason: s.reason,
  }));
  const tooLong: Summary['skipped'] = [];
  // The own note types first: the notes name them.
  const ownTypeIds: number[] = [];
  for (const type of collection.ownTypes) ownTypeIds.push(await insertNoteType(q, userId, type));
  const { reviews } = collection;
  // A card reviewed before it existed here counts as created at its first review.
  const firstReview = new Map<number, number>();
  for (let i = 0; i < reviews.length; i++) {
    const ankiId = reviews.cardAnkiId[i] as number;
    if (!firstReview.has(ankiId)) firstReview.set(ankiId, reviews.at[i] as number);
  }
  const decks = new Map<string, Summary['desks'][number]>();
  const deckFor = async (ankiDeck: string) => {
    const known = decks.get(ankiDeck);
    if (known) return known;
    const name = ankiDeck.trim().slice(0, DECK_NAME_MAX) || 'Default';
    const id = await insertDeck(q, {
      ownerId: userId,
      name,
      newCardsPerDay: 10,
      allowEditing: false,
    });
    const deck = { id, name, cards: 0 };
    decks.set(ankiDeck, deck);
    return deck;
  };
  const now = new Date();
  // Each imported card by its Anki id, in the order written.
  const cardIds = new Map<
    number,
    { id: number; deckId: number; createdAt: Date; suspended: boolean; buried: boolean }
  >();
  // Which media each deck shows (linked once the notes are written).
  const deckMedia = new Map<string, Set<number>>();
  // The notes are read and written a batch at a time, never all held at once.
  for await (const batch of collection.notes(IMPORT_ROWS_PER_STATEMENT)) {
    const notes: { note: ImportNote; cards: ImportNote['cards']; row: ImportedNote }[] = [];
    for (const note of batch) {
      const cards = note.cards.filter((card) => {
        if (card.front.length <= CARD_SIDE_MAX && card.back.length <= CARD_SIDE_MAX) return true;
        tooLong.push({ note_id: card.ankiId, reason: 'too_long' });
        return false;
      });
      if (cards.length === 0) continue;
      const deck = await deckFor(note.deck);
      deck.cards += cards.length;
      for (const hash of note.media) {
        const decks = deckMedia.get(hash) ?? new Set<number>();
        decks.add(deck.id);
        deckMedia.set(hash, decks);
      }
      // A note reviewed before it existed here counts as created at its first review.
      const firsts = cards.flatMap((c) => firstReview.get(c.ankiId) ?? []);
      notes.push({
        note,
        cards,
        row: {
          deckId: deck.id,
          stockType: note.type.kind === 'stock' ? note.type.key : null,
          noteTypeId: note.type.kind === 'custom' ? (ownTypeIds[note.type.index] ?? null) : null,
          fields: note.fields,
          tags: note.tags,
          createdAt: firsts.length ? new Date(Math.min(...firsts)) : now,
        },
      });
    }
    const noteIds = await insertImportedNotes(
      q,
      userId,
      notes.map((n) => n.row),
    );
    const rows: ImportedCard[] = [];
    const refs: ImportNote['cards'] = [];
    notes.forEach(({ cards, row }, i) => {
      for (const card of cards) {
        const first = firstReview.get(card.ankiId);
        refs.push(card);
        rows.push({
          deckId: row.deckId,
          noteId: noteIds[i] as number,
          ordinal: card.ordinal,
          front: card.front,
          back: card.back,
          frontHtml: card.frontHtml,
          backHtml: card.backHtml,
          createdAt: first === undefined ? now : new Date(first),
        });
      }
    });
    const ids = await insertImportedCards(q, userId, rows);
    refs.forEach((card, i) => {
      const row = rows[i] as ImportedCard;
      cardIds.set(card.ankiId, {
        id: ids[i] as number,
        deckId: row.deckId,
        createdAt: row.createdAt,
        suspended: card.suspended,
        buried: card.buried,
      });
    });
  }
  // Each media read from its file once and sent with its first deck, then let go.
  for (const [hash, deckIds] of deckMedia) {
    const media = collection.media.get(hash);
    if (!media) continue;
    const bytes = await readFile(media.file);
    for (const deckId of deckIds) await linkMediaToDeck(q, deckId, bytes, media.mime);
  }
  skipped.push(...tooLong);

  const scheduler = schedulerFor(await learnerModel(q, userId));
  // A state's text is made once: it is one rating's after and the next one's before.
  type State = { schedule: Schedule; introducedAt: Date | null; text: string };
  const stateOf = (schedule: Schedule, introducedAt: Date | null): State => ({
    schedule,
    introducedAt,
    text: JSON.stringify(scheduleToJson(schedule, introducedAt)),
  });
  const current = new Map<number, State>();
  // The log is written a batch at a time as the history replays, never held whole; a batch is
  // sent while the next one is replayed, so the server's work and PostgreSQL's overlap.
  let batch: ImportedReview[] = [];
  let writing: Promise<number> = Promise.resolve(0);
  let reviewsImported = 0;
  const send = async () => {
    reviewsImported += await writing;
    writing = insertImportedReviews(q, userId, batch);
    // Awaited at the next send; a failure meanwhile is not an unhandled rejection.
    writing.catch(() => {});
    batch = [];
  };
  // The reader gives the history in time order, so each card's ratings replay in order.
  for (let i = 0; i < reviews.length; i++) {
    const card = cardIds.get(reviews.cardAnkiId[i] as number);
    if (!card) continue;
    const rating = reviews.rating[i] as number;
    const reviewedAt = new Date(reviews.at[i] as number);
    const before = current.get(card.id) ?? stateOf(newSchedule(card.createdAt), null);
    const outcome = review(before.schedule, rating as Grade, reviewedAt, { scheduler });
    const after = stateOf(outcome.schedule, before.introducedAt ?? reviewedAt);
    batch.push({
      cardId: card.id,
      deckId: card.deckId,
      grade: rating,
      before: before.text,
      after: after.text,
      elapsedDays: outcome.elapsedDays,
      answerTimeMs: Math.min(reviews.answerTimeMs[i] as number, 2_147_483_647),
      reviewedAt,
    });
    current.set(card.id, after);
    if (batch.length === IMPORT_ROWS_PER_STATEMENT) await send();
  }
  await send();
  reviewsImported += await writing;
  await insertImportedSchedules(
    q,
    userId,
    Array.from(cardIds.values(), (card) => {
      const last = current.get(card.id);
      return {
        cardId: card.id,
        deckId: card.deckId,
        createdAt: card.createdAt,
        state: last ? scheduleToJson(last.schedule, last.introducedAt) : null,
        suspended: card.suspended,
        buried: card.buried,
      };
    }),
  );
  // The history is the learner's activity on the days they reviewed: streaks and charts count it.
  const names = new Map([...decks.values()].map((d) => [d.id, d.name]));
  const days = await reviewDays(q, userId, [...names.keys()]);
  await recordDeckActivities(
    q,
    userId,
    days.map((day) => ({
      deckId: day.deckId,
      deckName: names.get(day.deckId) as string,
      at: day.last,
      count: day.count,
    })),
  );
  return {
    desks: [...decks.values()],
    cards_imported: cardIds.size,
    reviews_imported: reviewsImported,
    skipped,
  };
}

/**
 * The package read by a child process (anki/import-process.ts): its refusal is the client's 400;
 * a child that crashed or ran out of memory on it was given a package it cannot read (400 too:
 * the same package would do it again); one that ran out of time or was stopped with the server
 * is this server's trouble (503 with Retry-After).
 */
async function readInChild(deps: AppDeps, file: string, dir: string): Promise<CollectionFile> {
  const options = deps.ankiImport ?? { limits: DEFAULT_ANKI_IMPORT_LIMITS };
  try {
    const read = await readPackageInChild(file, dir, options);
    if (read.kind === 'refused') throw validationError({ file: [read.message] }, read.message);
    return read.collection;
  } catch (error) {
    if (!(error instanceof ChildJobError) || error.failure === 'error') throw error;
    deps.logger.warn('anki import: reading the package failed', {
      failure: error.failure,
      reason: error.message,
    });
    if (error.failure === 'crashed' || error.failure === 'out_of_memory') {
      throw validationError({ file: [ANKI_MESSAGES.readerStopped] }, ANKI_MESSAGES.readerStopped);
    }
    throw new ApiError(
      503,
      'unavailable',
      `Reading the Anki package took too long on this server. Try again in ${ANKI_IMPORT_RETRY_AFTER_S} seconds.`,
      { headers: { 'Retry-After': String(ANKI_IMPORT_RETRY_AFTER_S) } },
    );
  }
}

/** A file name of the deck's name: letters, digits, dashes and underscores only. */
const fileName = (name: string, ext: string) =>
  `${name.replace(/[^\p{L}\p{N}_-]+/gu, '_').slice(0, 80) || 'desk'}.${ext}`;

export const handlers: Handlers = {
  async importAnkiPackage(c) {
    const { sql } = c.get('deps');
    const user = currentUser(c);
    return oneImportAtATime(async () => {
      const workDir = c.get('deps').ankiImport?.workDir ?? tmpdir();
      const dir = await mkdtemp(path.join(workDir, ANKI_IMPORT_DIR_PREFIX));
      try {
        const file = path.join(dir, 'package');
        const upload = await receiveFile(c, 'file', file, ANKI_LIMITS.packageBytes);
        if (upload.kind === 'missing') {
          throw validationError({ file: [ANKI_MESSAGES.fileRequired] });
        }
        if (upload.kind === 'too_large') {
          throw validationError({ file: [ANKI_MESSAGES.tooLarge] }, ANKI_MESSAGES.tooLarge);
        }
        const collection = await readInChild(c.get('deps'), file, dir);
        try {
          const summary = await sql.begin((tx) => writeCollection(tx, user.id, collection));
          return c.json(summary, 201);
        } finally {
          collection.close();
        }
      } finally {
        await rm(dir, { recursive: true, force: true });
        // The import's garbage (hundreds of MB of image text sent to PostgreSQL) is let go now
        // rather than kept resident; one collection, once per import, a few tens of ms.
        releaseMemory();
      }
    });
  },

  async exportDesk(c, { params, query }) {
    const { sql } = c.get('deps');
    const user = currentUser(c);
    const deck = await deckFor(sql, user.id, params.id);
    const reviews = await deckReviewHistory(sql, user.id, deck.id);
    if ((query.format ?? 'apkg') === 'csv') {
      const { cards } = await listCards(
        sql,
        user.id,
        deck.id,
        {},
        { offset: 0, limit: ANKI_LIMITS.cards },
      );
      const counts = new Map<number, { n: number; last: Date }>();
      for (const r of reviews)
        counts.set(r.cardId, { n: (counts.get(r.cardId)?.n ?? 0) + 1, last: r.reviewedAt });
      const lines = [DECK_CSV_HEADER.join(',')];
      for (const card of cards) {
        const seen = counts.get(card.id);
        lines.push(
          [card.front, card.back, String(seen?.n ?? 0), seen?.last.toISOString() ?? '']
            .map(csvField)
            .join(','),
        );
      }
      return c.body(`${lines.join('\r\n')}\r\n`, 200, {
        'content-type': 'text/csv; charset=utf-8',
        'content-disposition': `attachment; filename="${fileName(deck.name, 'csv')}"`,
      });
    }
    const [notes, ownTypes, states, media] = await Promise.all([
      deckNotes(sql, deck.id),
      deckOwnNoteTypes(sql, deck.id),
      deckCardStates(sql, user.id, deck.id),
      deckMediaFiles(sql, deck.id),
    ]);
    const bytes = writeAnkiPackage({
      name: deck.name,
      notes: notes.map((n) => ({
        id: n.id,
        type: (n.stockType ?? n.noteTypeId) as StockNoteTypeKey | number,
        fields: n.fields,
        tags: n.tags,
      })),
      cards: states,
      ownTypes,
      media,
      reviews,
    });
    return c.body(bytes as Uint8Array<ArrayBuffer>, 200, {
      'content-type': 'application/octet-stream',
      'content-disposition': `attachment; filename="${fileName(deck.name, 'apkg')}"`,
    });
  },
};
