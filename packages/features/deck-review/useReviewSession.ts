/**
 * The review session of one desk: the queue from `due_cards`, reveal, rate (optimistic: the card
 * leaves the cached queue in the same event, `update_difficulty` follows; a failure puts it back
 * and says why; a dropped connection keeps the rating in the offline queue), and undo.
 */
import {
  type ApiRequestError,
  type DueCard,
  dueCardsCache,
  invalidateAfterReview,
  isApiRequestError,
  type ReviewRating,
  type ReviewResult,
  spaceRepetitionKeys,
  useDueCards,
  useReviewCard,
  useUndoReview,
} from '@memoria/api';
import { useQueryClient } from '@tanstack/react-query';
import { useCallback, useEffect, useMemo, useRef, useState } from 'react';
import { dropQueuedReview, enqueueReview, newIdempotencyKey } from './offlineQueue.ts';

export type Feedback =
  | { kind: 'error'; error: unknown; cause: 'rate' | 'undo' }
  | { kind: 'queued' }
  | { kind: 'undone' }
  | null;

type LastRating = {
  card: DueCard;
  rating: ReviewRating;
  key: string;
  sent: Promise<ReviewResult | null>;
  queued: boolean;
};

/** Only learning steps come back today; past this they wait for another day. */
const LATER_TODAY_MAX_SECONDS = 4 * 60 * 60;
const STALE_AFTER_MS = 1500;

export function useReviewSession(deskId: number) {
  const client = useQueryClient();
  const due = useDueCards(deskId, { refetchOnWindowFocus: false, staleTime: 0 });
  const review = useReviewCard();
  const undoMutation = useUndoReview();
  const [revealed, setRevealed] = useState(false);
  /** Ids taken out in this event, before the cache's observers re-render (same frame). */
  const [hidden, setHidden] = useState<ReadonlySet<number>>(new Set());
  const [feedback, setFeedback] = useState<Feedback>(null);
  const [last, setLast] = useState<LastRating | null>(null);
  const [laterAt, setLaterAt] = useState<number | null>(null);
  const pending = useRef(0);
  const staleTimer = useRef<ReturnType<typeof setTimeout> | undefined>(undefined);
  /** Desk counts, weekly chart, streak and history: refreshed once the learner pauses. */
  const invalidateSoon = useCallback(() => {
    clearTimeout(staleTimer.current);
    staleTimer.current = setTimeout(() => void invalidateAfterReview(client), STALE_AFTER_MS);
  }, [client]);
  useEffect(() => () => clearTimeout(staleTimer.current), []);
  const shownAt = useRef(performance.now());

  const data = due.data;
  // biome-ignore lint/correctness/useExhaustiveDependencies: the cache caught up: nothing to hide
  useEffect(() => setHidden(new Set()), [data]);

  const queue = useMemo(
    () => (data?.cards ?? []).filter((card) => !hidden.has(card.id)),
    [data, hidden],
  );
  const current = queue[0] ?? null;
  const hiddenCount = (data?.cards.length ?? 0) - queue.length;
  const remaining = Math.max(0, (data?.remaining_today ?? 0) - hiddenCount);

  // biome-ignore lint/correctness/useExhaustiveDependencies: a new front starts the answer timer
  useEffect(() => {
    shownAt.current = performance.now();
  }, [current?.id]);

  /** When the queue is empty and nothing is in flight, ask the server again (learning cards). */
  const refillIfDone = useCallback(() => {
    const cached = dueCardsCache.get(client, deskId);
    if (pending.current === 0 && cached && cached.cards.length === 0) {
      void client.invalidateQueries({ queryKey: spaceRepetitionKeys.due(deskId) });
    }
  }, [client, deskId]);

  // A learning card due later today: fetch the queue again when it is due.
  useEffect(() => {
    if (laterAt === null || current) return;
    const timer = setTimeout(
      () => {
        setLaterAt(null);
        void client.invalidateQueries({ queryKey: spaceRepetitionKeys.due(deskId) });
      },
      Math.max(0, laterAt - Date.now()) + 500,
    );
    return () => clearTimeout(timer);
  }, [laterAt, current, client, deskId]);

  const reveal = useCallback(() => {
    if (current) setRevealed(true);
  }, [current]);

  const rate = useCallback(
    (rating: ReviewRating) => {
      const card = current;
      if (!card || !revealed) return;
      const key = newIdempotencyKey();
      const reviewedAt = new Date().toISOString();
      const answerTime = Math.min(3_600_000, Math.round(performance.now() - shownAt.current));
      // Same event: hide it locally and take it out of the cache, then send.
      setHidden((set) => new Set(set).add(card.id));
      setRevealed(false);
      setFeedback(null);
      void client.cancelQueries({ queryKey: spaceRepetitionKeys.due(deskId) });
      dueCardsCache.remove(client, deskId, card.id);
      pending.current += 1;
      const entry: LastRating = { card, rating, key, queued: false, sent: Promise.resolve(null) };
      entry.sent = review
        .mutateAsync({
          cardId: card.id,
          difficulty: rating,
          idempotency_key: key,
          answer_time_ms: answerTime,
        })
        .then((result) => {
          if (result.interval_seconds <= LATER_TODAY_MAX_SECONDS) {
            const at = Date.parse(result.next_due);
            setLaterAt((prev) => (prev === null ? at : Math.min(prev, at)));
          }
          return result;
        })
        .catch((error: ApiRequestError) => {
          if (isApiRequestError(error) && error.status === 0) {
            // No response: the client goes to /login; the rating waits for the next sign-in.
            enqueueReview({
              card_id: card.id,
              difficulty: rating,
              reviewed_at: reviewedAt,
              idempotency_key: key,
              answer_time_ms: answerTime,
            });
            entry.queued = true;
            setFeedback({ kind: 'queued' });
            return null;
          }
          dueCardsCache.prepend(client, deskId, card);
          setLast((l) => (l?.key === key ? null : l));
          setFeedback({ kind: 'error', error, cause: 'rate' });
          return null;
        })
        .finally(() => {
          pending.current -= 1;
          invalidateSoon();
          refillIfDone();
        });
      setLast(entry);
    },
    [current, revealed, client, deskId, review, refillIfDone, invalidateSoon],
  );

  const undo = useCallback(async () => {
    const entry = last;
    if (!entry) return;
    setLast(null);
    setRevealed(false);
    // Back on screen at once, as it was before the rating.
    dueCardsCache.prepend(client, deskId, entry.card);
    if (entry.queued && dropQueuedReview(entry.key)) {
      setFeedback({ kind: 'undone' });
      return;
    }
    const result = await entry.sent;
    if (!result) {
      // The rating failed (and was rolled back) or waits offline.
      if (entry.queued) dropQueuedReview(entry.key);
      return;
    }
    try {
      const undone = await undoMutation.mutateAsync({ cardId: entry.card.id });
      dueCardsCache.prepend(client, deskId, undone.card, undone.remaining_today);
      setFeedback({ kind: 'undone' });
      invalidateSoon();
    } catch (error) {
      dueCardsCache.remove(client, deskId, entry.card.id);
      setFeedback({ kind: 'error', error, cause: 'undo' });
    }
  }, [last, client, deskId, undoMutation, invalidateSoon]);

  return {
    due,
    queue,
    current,
    remaining,
    revealed,
    reveal,
    rate,
    undo,
    canUndo: last !== null,
    laterAt,
    feedback,
    clearFeedback: () => setFeedback(null),
  };
}
