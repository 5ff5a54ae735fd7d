/**
 * Ratings that could not be sent (made offline from the cards kept in IndexedDB, or sent when the
 * connection dropped) wait in local storage and are sent in the order they were made once the
 * learner is online and signed in, so no review is lost. Each keeps the contract's `reviewed_at`
 * and `idempotency_key`: a rating that did reach the server before the connection dropped is not
 * counted twice. The server's answer to each goes to `onReviewSynced` listeners (the offline store
 * keeps the server's card: where it differs from what the browser computed, the server wins).
 * `$reviewSync` (the header) follows the count waiting and the last sync.
 *
 * Flushed on mount of every spaced-repetition island, on `auth-change` once signed in, and when
 * the browser comes back online.
 */
import {
  $reviewSync,
  AUTH_CHANGE_EVENT,
  getUserEmail,
  invalidateAfterReview,
  invalidateAndRefetch,
  isApiRequestError,
  isSignedIn,
  type ReviewRequest,
  type ReviewResult,
  sendReview,
  spaceRepetitionKeys,
} from '@memoria/api';
import { type QueryClient, useQueryClient } from '@tanstack/react-query';
import { useEffect } from 'react';

export const REVIEW_QUEUE_KEY = 'memoria.pendingReviews';

export type QueuedReview = {
  card_id: number;
  difficulty: ReviewRequest['difficulty'];
  reviewed_at: string;
  idempotency_key: string;
  answer_time_ms?: number | undefined;
  repeat?: boolean | undefined;
  /** Whose rating it is (user_email cookie at the time); another account never sends it. */
  email: string | null;
};

function storage(): Storage | null {
  try {
    return typeof localStorage === 'undefined' ? null : localStorage;
  } catch {
    return null;
  }
}

export function readQueue(): QueuedReview[] {
  try {
    const parsed: unknown = JSON.parse(storage()?.getItem(REVIEW_QUEUE_KEY) ?? '[]');
    return Array.isArray(parsed) ? (parsed as QueuedReview[]) : [];
  } catch {
    return [];
  }
}

export const LAST_SYNC_KEY = 'memoria.lastReviewSync';

function readLastSync(): string | null {
  return storage()?.getItem(LAST_SYNC_KEY) ?? null;
}

/** The header's count and last sync, from what is stored (another tab may have written it). */
export function publishSyncState(): void {
  $reviewSync.set({ waiting: readQueue().length, lastSyncAt: readLastSync() });
}

function writeQueue(queue: QueuedReview[]): void {
  const store = storage();
  if (!store) return;
  if (queue.length === 0) store.removeItem(REVIEW_QUEUE_KEY);
  else store.setItem(REVIEW_QUEUE_KEY, JSON.stringify(queue));
  publishSyncState();
}

type SyncListener = (item: QueuedReview, result: ReviewResult) => void;
const syncListeners = new Set<SyncListener>();

/** Called with the server's answer to each queued rating sent; returns the unsubscribe. */
export function onReviewSynced(listener: SyncListener): () => void {
  syncListeners.add(listener);
  return () => syncListeners.delete(listener);
}

/** Adds a rating (once per idempotency key). */
export function enqueueReview(review: Omit<QueuedReview, 'email'>): void {
  const queue = readQueue();
  if (queue.some((q) => q.idempotency_key === review.idempotency_key)) return;
  writeQueue([...queue, { ...review, email: getUserEmail() }]);
}

/** Takes a queued rating out (its undo happened before it was sent). */
export function dropQueuedReview(idempotencyKey: string): boolean {
  const queue = readQueue();
  const next = queue.filter((q) => q.idempotency_key !== idempotencyKey);
  writeQueue(next);
  return next.length !== queue.length;
}

export type FlushResult = { sent: number; dropped: number; left: number };

let flushing: Promise<FlushResult> | null = null;

async function flushOnce(): Promise<FlushResult> {
  const result: FlushResult = { sent: 0, dropped: 0, left: 0 };
  if (!isSignedIn()) return { ...result, left: readQueue().length };
  const email = getUserEmail();
  for (const item of readQueue()) {
    // Another account's rating stays for that account.
    if (item.email && email && item.email !== email) continue;
    const body: ReviewRequest = {
      difficulty: item.difficulty,
      reviewed_at: item.reviewed_at,
      idempotency_key: item.idempotency_key,
      ...(item.answer_time_ms === undefined ? {} : { answer_time_ms: item.answer_time_ms }),
    };
    try {
      let answer: ReviewResult;
      try {
        answer = await sendReview(item.card_id, body, { repeat: item.repeat });
      } catch (error) {
        // A clock ahead of the server's makes `reviewed_at` "in the future": send it as now.
        if (isApiRequestError(error) && error.status === 400 && error.fields.reviewed_at) {
          const { reviewed_at: _, ...now } = body;
          answer = await sendReview(item.card_id, now, { repeat: item.repeat });
        } else throw error;
      }
      result.sent += 1;
      for (const listener of syncListeners) listener(item, answer);
    } catch (error) {
      if (!isApiRequestError(error) || error.status === 0 || error.status === 401) {
        break; // no connection or no session: keep it (and the rest) for later
      }
      if (error.status >= 500 || error.status === 429) break;
      // 404 (card or deck gone), 409 (a later review exists), 400: it can never be sent.
      console.error('[deck-review] dropped a queued rating:', error.status, error.detail);
      result.dropped += 1;
    }
    writeQueue(readQueue().filter((q) => q.idempotency_key !== item.idempotency_key));
  }
  result.left = readQueue().length;
  if (result.sent + result.dropped > 0) {
    storage()?.setItem(LAST_SYNC_KEY, new Date().toISOString());
    publishSyncState();
  }
  return result;
}

/** Sends every queued rating of the signed-in learner, in order; one flush at a time. */
export function flushReviewQueue(client?: QueryClient): Promise<FlushResult> {
  flushing ??= flushOnce().finally(() => {
    flushing = null;
  });
  return flushing.then(async (result) => {
    if (client && result.sent > 0) {
      await Promise.all([
        invalidateAndRefetch(client, spaceRepetitionKeys.dueAll()),
        invalidateAfterReview(client),
      ]);
    }
    return result;
  });
}

/**
 * Flushes on mount, whenever the session changes to signed in (`auth-change`) and when the
 * browser comes back online.
 */
export function useFlushReviewQueue(): void {
  const client = useQueryClient();
  useEffect(() => {
    publishSyncState();
    const flush = () => {
      if (navigator.onLine !== false && isSignedIn() && readQueue().length > 0) {
        void flushReviewQueue(client);
      }
    };
    flush();
    window.addEventListener(AUTH_CHANGE_EVENT, flush);
    window.addEventListener('online', flush);
    return () => {
      window.removeEventListener(AUTH_CHANGE_EVENT, flush);
      window.removeEventListener('online', flush);
    };
  }, [client]);
}
