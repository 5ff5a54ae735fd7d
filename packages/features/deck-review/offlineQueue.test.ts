/**
 * The offline queue's sync against a real local server: ratings go in the order they were made,
 * each with its idempotency key and review time; a rating is never sent twice by concurrent
 * flushes nor lost when the server fails half-way; the server's answer is handed to the listeners
 * (the offline store keeps it: the server wins); the header's `$reviewSync` follows.
 */
import { $reviewSync, setUserEmail } from '@memoria/api';
import { beforeEach, describe, expect, test } from 'vitest';
import { signedInApi } from '../shared/test/render.tsx';
import {
  dropQueuedReview,
  enqueueReview,
  flushReviewQueue,
  onReviewSynced,
  readQueue,
} from './offlineQueue.ts';
import { CARDS, reviewResult } from './test/fixtures.ts';

const api = signedInApi('ana@example.com');

const rating = (card_id: number, key: string, minute: number) => ({
  card_id,
  difficulty: 'good' as const,
  reviewed_at: `2025-01-15T10:${String(minute).padStart(2, '0')}:00.000Z`,
  idempotency_key: key,
  answer_time_ms: 1200,
});

/** The server: answers each rating with the card it rated, as `update_difficulty` does. */
function answerRatings(fail?: (key: string) => number | null) {
  api.server.handle((request) => {
    const body = JSON.parse(request.body) as { idempotency_key: string };
    const status = fail?.(body.idempotency_key) ?? null;
    if (status !== null) return { status, body: { detail: 'down', code: 'unavailable' } };
    const id = Number(/cards\/(\d+)\//.exec(request.path)?.[1]);
    const card = id === CARDS.fresh.id ? CARDS.fresh : CARDS.review;
    return { status: 200, body: reviewResult(card, 'good') };
  });
}

const sentRatings = () =>
  api.server.hits('/be/api/space-repetition/cards/').map((r) => ({
    path: r.path,
    ...(JSON.parse(r.body) as { idempotency_key: string; reviewed_at: string }),
  }));

beforeEach(() => {
  localStorage.removeItem('memoria.pendingReviews');
  setUserEmail('ana@example.com');
  $reviewSync.set({ waiting: 0, lastSyncAt: null });
});

describe('offline queue', () => {
  test('sends the ratings in the order they were made, with their keys and times', async () => {
    answerRatings();
    enqueueReview(rating(CARDS.fresh.id, 'k1', 1));
    enqueueReview(rating(CARDS.review.id, 'k2', 2));
    enqueueReview(rating(CARDS.fresh.id, 'k3', 3));
    expect($reviewSync.get().waiting).toBe(3);

    const result = await flushReviewQueue();

    expect(result).toMatchObject({ sent: 3, dropped: 0, left: 0 });
    expect(sentRatings().map((r) => [r.path, r.idempotency_key, r.reviewed_at])).toEqual([
      [`/be/api/space-repetition/cards/101/update_difficulty/`, 'k1', '2025-01-15T10:01:00.000Z'],
      [`/be/api/space-repetition/cards/103/update_difficulty/`, 'k2', '2025-01-15T10:02:00.000Z'],
      [`/be/api/space-repetition/cards/101/update_difficulty/`, 'k3', '2025-01-15T10:03:00.000Z'],
    ]);
    expect(readQueue()).toEqual([]);
    expect($reviewSync.get().waiting).toBe(0);
    expect($reviewSync.get().lastSyncAt).not.toBeNull();
  });

  test('a key is queued once, and an undone rating is never sent', async () => {
    answerRatings();
    enqueueReview(rating(CARDS.fresh.id, 'k1', 1));
    enqueueReview(rating(CARDS.fresh.id, 'k1', 1));
    enqueueReview(rating(CARDS.review.id, 'k2', 2));
    expect(dropQueuedReview('k2')).toBe(true);
    expect($reviewSync.get().waiting).toBe(1);

    await flushReviewQueue();

    expect(sentRatings().map((r) => r.idempotency_key)).toEqual(['k1']);
  });

  test('concurrent flushes send each rating once', async () => {
    answerRatings();
    for (let i = 1; i <= 5; i++) enqueueReview(rating(CARDS.fresh.id, `k${i}`, i));

    await Promise.all([flushReviewQueue(), flushReviewQueue(), flushReviewQueue()]);

    expect(sentRatings().map((r) => r.idempotency_key)).toEqual(['k1', 'k2', 'k3', 'k4', 'k5']);
  });

  test('a server failure half-way keeps that rating and the rest, in order, for the next sync', async () => {
    answerRatings((key) => (key === 'k2' ? 503 : null));
    enqueueReview(rating(CARDS.fresh.id, 'k1', 1));
    enqueueReview(rating(CARDS.review.id, 'k2', 2));
    enqueueReview(rating(CARDS.fresh.id, 'k3', 3));

    expect(await flushReviewQueue()).toMatchObject({ sent: 1, left: 2 });
    expect(readQueue().map((q) => q.idempotency_key)).toEqual(['k2', 'k3']);

    answerRatings();
    expect(await flushReviewQueue()).toMatchObject({ sent: 2, left: 0 });
    expect(sentRatings().map((r) => r.idempotency_key)).toEqual(['k1', 'k2', 'k2', 'k3']);
  });

  test("the server's answer goes to the listeners (the offline store keeps it)", async () => {
    answerRatings();
    const synced: [string, number, string][] = [];
    const stop = onReviewSynced((item, result) =>
      synced.push([item.idempotency_key, result.card.id, result.card.due]),
    );
    enqueueReview(rating(CARDS.fresh.id, 'k1', 1));

    await flushReviewQueue();
    stop();

    expect(synced).toEqual([['k1', CARDS.fresh.id, reviewResult(CARDS.fresh, 'good').card.due]]);
  });
});
