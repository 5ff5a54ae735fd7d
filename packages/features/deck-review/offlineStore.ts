/**
 * The cards kept for reviewing offline (docs/features/offline.md), in IndexedDB through `idb`:
 * while online, the learner's cards due in their next 3 days (`listOfflineCards`: content, images,
 * each card's whole FSRS state, their weights and retention, each deck's steps), within
 * `OFFLINE_BUDGET_BYTES`. Offline, the review reads its queue here and rates with the shared FSRS
 * code (`rateOffline`); the ratings wait in the offline queue (offlineQueue.ts), whose server
 * answers replace what the browser computed (the server wins).
 */
import {
  type DueCard,
  type DueCards,
  fetchMedia,
  fetchOfflineCards,
  LEARN_AHEAD_SECONDS,
  mediaHashesIn,
  type OfflineCard,
  type OfflineCards,
  type ReviewRating,
  type ReviewResult,
} from '@memoria/api';
import {
  type DeckSchedulerSettings,
  type FsrsStateJson,
  type IntervalPreview,
  previewOffline,
  type RatingName,
  rateOffline,
  STATE_NAMES,
} from '@memoria/api/scheduling';
import { type DBSchema, type IDBPDatabase, openDB } from 'idb';

/**
 * At most this many bytes of cards (their JSON, images included as data URLs, and the media files
 * their HTML refers to, each counted once) are kept: 25 MB,
 * well inside what Chromium, Firefox and Safari grant a site without asking. The cards are kept
 * in the queue's order, so the budget cuts the latest due.
 */
export const OFFLINE_BUDGET_BYTES = 25 * 1024 * 1024;
/** The learner's days kept: today and the next two. */
export const OFFLINE_DAYS = 3;

const DB_NAME = 'memoria-offline';

/** A card as kept: the contract's card and its size. */
export type StoredCard = OfflineCard & { bytes: number };

/** What the cards were read with: the scheduler's settings, the window, the size. */
export interface OfflinePack {
  email: string | null;
  generatedAt: string;
  until: string;
  desiredRetention: number;
  parameters: number[] | null;
  decks: OfflineCards['decks'];
  /** Cards and media together, against `OFFLINE_BUDGET_BYTES`. */
  bytes: number;
  cards: number;
  /** Media files kept (images and sounds the cards' HTML refers to) and their bytes. */
  mediaFiles?: number;
  mediaBytes?: number;
  /** Cards left out by the budget. */
  leftOut: number;
}

/** A media file kept for the offline review, by its hash (`GET space-repetition/media/{hash}/`). */
export interface StoredMedia {
  hash: string;
  blob: Blob;
  bytes: number;
}

interface OfflineSchema extends DBSchema {
  cards: { key: number; value: StoredCard; indexes: { byDeck: number } };
  meta: { key: 'pack'; value: OfflinePack };
  media: { key: string; value: StoredMedia };
}

let opened: Promise<IDBPDatabase<OfflineSchema>> | null = null;

/** Null where the browser has no IndexedDB (server rendering, tests in happy-dom). */
function database(): Promise<IDBPDatabase<OfflineSchema>> | null {
  if (typeof indexedDB === 'undefined') return null;
  opened ??= openDB<OfflineSchema>(DB_NAME, 2, {
    upgrade(db, oldVersion) {
      if (oldVersion < 1) {
        const cards = db.createObjectStore('cards', { keyPath: 'id' });
        cards.createIndex('byDeck', 'desk_id');
        db.createObjectStore('meta');
      }
      // Version 2 (issue 46): the media the kept cards show.
      if (oldVersion < 2) db.createObjectStore('media', { keyPath: 'hash' });
    },
  });
  return opened;
}

const sizeOf = (value: unknown) => new TextEncoder().encode(JSON.stringify(value)).length;

/**
 * Reads the learner's next days of cards and keeps them, replacing what was kept, except the
 * cards with ratings still waiting (`keep`): their local state stays until those are synced.
 */
export async function refreshOfflineCards(
  email: string | null,
  keep: ReadonlySet<number> = new Set(),
): Promise<OfflinePack | null> {
  const db = database();
  if (!db) return null;
  const pack = await fetchOfflineCards({ days: OFFLINE_DAYS });
  const known = new Set(await (await db).getAllKeys('media'));
  const kept: StoredCard[] = [];
  const media = new Map<string, StoredMedia | null>(); // null: kept from before
  let bytes = 0;
  let mediaBytes = 0;
  for (const card of pack.cards) {
    const size = sizeOf(card);
    // The card's media not yet counted: read from the server, or the size of the kept copy.
    const fresh: [string, StoredMedia | null, number][] = [];
    for (const hash of mediaHashesIn(JSON.stringify(card))) {
      if (media.has(hash)) continue;
      const stored = known.has(hash) ? await (await db).get('media', hash) : undefined;
      if (stored) {
        fresh.push([hash, null, stored.bytes]);
        continue;
      }
      // A media that cannot be read now (gone, no network) is left out; the card is kept.
      const blob = await fetchMedia(hash).catch(() => null);
      if (blob) fresh.push([hash, { hash, blob, bytes: blob.size }, blob.size]);
    }
    const extra = fresh.reduce((sum, [, , n]) => sum + n, 0);
    if (bytes + size + extra > OFFLINE_BUDGET_BYTES) break;
    bytes += size + extra;
    mediaBytes += extra;
    for (const [hash, stored] of fresh) media.set(hash, stored);
    kept.push({ ...card, bytes: size });
  }
  const meta: OfflinePack = {
    email,
    generatedAt: pack.generated_at,
    until: pack.until,
    desiredRetention: pack.desired_retention,
    parameters: pack.parameters,
    decks: pack.decks,
    bytes,
    cards: kept.length,
    mediaFiles: media.size,
    mediaBytes,
    leftOut: pack.cards.length - kept.length,
  };
  const tx = (await db).transaction(['cards', 'meta', 'media'], 'readwrite');
  const files = tx.objectStore('media');
  for (const hash of known) if (!media.has(hash)) await files.delete(hash);
  for (const stored of media.values()) if (stored) await files.put(stored);
  const cards = tx.objectStore('cards');
  const waiting = await Promise.all([...keep].map((id) => cards.get(id)));
  await cards.clear();
  for (const card of kept) if (!keep.has(card.id)) await cards.put(card);
  for (const card of waiting) if (card) await cards.put(card);
  await tx.objectStore('meta').put(meta, 'pack');
  await tx.done;
  return meta;
}

/** What is kept now (the profile shows it), or null when nothing is. */
export async function offlinePack(): Promise<OfflinePack | null> {
  const db = database();
  if (!db) return null;
  return (await (await db).get('meta', 'pack')) ?? null;
}

/** The bytes of a kept media, or null (the review's media resolver tries these first). */
export async function keptMedia(hash: string): Promise<Blob | null> {
  const db = database();
  if (!db) return null;
  return (await (await db).get('media', hash))?.blob ?? null;
}

/** Forgets every kept card and media (signing out, or another learner on this browser). */
export async function clearOfflineCards(): Promise<void> {
  const db = database();
  if (!db) return;
  const tx = (await db).transaction(['cards', 'meta', 'media'], 'readwrite');
  await Promise.all([
    tx.objectStore('cards').clear(),
    tx.objectStore('meta').clear(),
    tx.objectStore('media').clear(),
    tx.done,
  ]);
}

function schedulerOf(pack: OfflinePack, deckId: number) {
  const deck = pack.decks.find((d) => d.desk_id === deckId);
  const model = { parameters: pack.parameters, desiredRetention: pack.desiredRetention };
  const settings: DeckSchedulerSettings | null = deck
    ? {
        desiredRetention: deck.desired_retention,
        learningSteps: deck.learning_steps as DeckSchedulerSettings['learningSteps'],
        relearningSteps: deck.relearning_steps as DeckSchedulerSettings['relearningSteps'],
      }
    : null;
  return { model, settings };
}

const toIntervals = (previews: Record<RatingName, IntervalPreview>): DueCard['intervals'] => {
  const one = (p: IntervalPreview) => ({
    due: p.due.toISOString(),
    interval_seconds: p.intervalSeconds,
  });
  return {
    again: one(previews.again),
    hard: one(previews.hard),
    good: one(previews.good),
    easy: one(previews.easy),
  };
};

/** The card as the review shows it: the contract's card fields from its FSRS state. */
function asDueCard(card: StoredCard, pack: OfflinePack, at: Date): DueCard {
  const { fsrs, bytes: _, ...plain } = card;
  const { model, settings } = schedulerOf(pack, card.desk_id);
  return {
    ...plain,
    state: STATE_NAMES[fsrs.state] ?? 'new',
    due: fsrs.due,
    stability: fsrs.stability,
    difficulty: Math.min(10, Math.max(0, fsrs.difficulty)),
    reps: fsrs.reps,
    lapses: fsrs.lapses,
    last_review: fsrs.last_review,
    intervals: toIntervals(previewOffline(fsrs, at, model, settings)),
  };
}

const endOfLocalDay = (at: Date) => {
  const end = new Date(at);
  end.setHours(24, 0, 0, 0);
  return end.getTime();
};

/**
 * A deck's review queue from the kept cards at `at`, as the server orders it: cards due (review
 * cards of the local day, learning steps due now) by due time, then the new cards, then the
 * steps learned ahead (within the learn-ahead limit). Null when nothing is kept.
 */
export async function offlineDueCards(deckId: number, at = new Date()): Promise<DueCards | null> {
  const db = database();
  if (!db) return null;
  const pack = await offlinePack();
  if (!pack) return null;
  const cards = await (await db).getAllFromIndex('cards', 'byDeck', deckId);
  const now = at.getTime();
  const dayEnd = endOfLocalDay(at);
  const learnAhead = now + LEARN_AHEAD_SECONDS * 1000;
  const due: StoredCard[] = [];
  const fresh: StoredCard[] = [];
  const ahead: StoredCard[] = [];
  let nextDue: number | null = null;
  for (const card of cards) {
    if (card.suspended || (card.buried_until && Date.parse(card.buried_until) > now)) continue;
    const { state } = card.fsrs;
    const dueAt = Date.parse(card.fsrs.due);
    if (state === 0) fresh.push(card);
    else if (state === 2 ? dueAt < dayEnd : dueAt <= now) due.push(card);
    else if (dueAt <= learnAhead) ahead.push(card);
    else if (dueAt < dayEnd) nextDue = Math.min(nextDue ?? dueAt, dueAt);
  }
  const byDue = (a: StoredCard, b: StoredCard) =>
    Date.parse(a.fsrs.due) - Date.parse(b.fsrs.due) || a.id - b.id;
  due.sort(byDue);
  ahead.sort(byDue);
  fresh.sort((a, b) => a.id - b.id);
  const queue = [...due, ...fresh, ...ahead];
  return {
    day: new Date(at.getTime() - at.getTimezoneOffset() * 60_000).toISOString().slice(0, 10),
    desk_id: deckId,
    due_count: due.length + ahead.length,
    new_count: fresh.length,
    remaining_today: queue.length,
    next_due: nextDue === null ? null : new Date(nextDue).toISOString(),
    cards: queue.map((card) => asDueCard(card, pack, at)),
  };
}

/**
 * Rates a kept card at `at` with the shared FSRS code and the learner's settings: the new state
 * is kept, and the answer has the server's shape (`ReviewResult`), so the review goes on as
 * online. Returns the state before, for an undo.
 */
export async function rateKeptCard(
  cardId: number,
  rating: ReviewRating,
  at: Date,
): Promise<{ result: ReviewResult; before: FsrsStateJson } | null> {
  const db = database();
  if (!db) return null;
  const pack = await offlinePack();
  const card = await (await db).get('cards', cardId);
  if (!pack || !card) return null;
  const { model, settings } = schedulerOf(pack, card.desk_id);
  const { state, intervals } = rateOffline(card.fsrs, rating, at, model, settings);
  const next: StoredCard = { ...card, fsrs: state };
  await (await db).put('cards', next);
  const shown = asDueCard(next, pack, at);
  const intervalSeconds = Math.max(0, Math.round((Date.parse(state.due) - at.getTime()) / 1000));
  const { intervals: _, ...plain } = shown;
  return {
    before: card.fsrs,
    result: {
      card: plain,
      rating,
      next_due: state.due,
      interval_seconds: intervalSeconds,
      intervals: intervalSeconds <= LEARN_AHEAD_SECONDS ? toIntervals(intervals) : null,
      review_id: null,
      remaining_today: 0,
    },
  };
}

/** Puts a kept card's state back (an undo of a rating made offline). */
export async function restoreKeptCard(cardId: number, fsrs: FsrsStateJson): Promise<void> {
  const db = database();
  if (!db) return;
  const card = await (await db).get('cards', cardId);
  if (card) await (await db).put('cards', { ...card, fsrs });
}

/**
 * The server's answer to a rating replaces the kept state where they differ (a card edited or
 * reviewed elsewhere meanwhile, a due day the load balancer moved): content, due time, memory
 * state. The step counters the contract's card does not carry stay as computed here.
 */
export async function keepServerCard(result: ReviewResult): Promise<void> {
  const db = database();
  if (!db) return;
  const card = await (await db).get('cards', result.card.id);
  if (!card) return;
  const server = result.card;
  await (await db).put('cards', {
    ...card,
    ...server,
    bytes: card.bytes,
    fsrs: {
      ...card.fsrs,
      state: STATE_NAMES.indexOf(server.state),
      due: server.due,
      stability: server.stability,
      difficulty: server.difficulty,
      reps: server.reps,
      lapses: server.lapses,
      last_review: server.last_review,
    },
  });
}
