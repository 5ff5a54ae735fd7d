/**
 * The review session of one deck: the queue from `due_cards`, reveal, rate (optimistic: the card
 * leaves the cached queue in the same event, `update_difficulty` follows; a failure puts it back
 * and says why; a dropped connection keeps the rating in the offline queue), and undo.
 * As in Anki, a rating that leaves the card in a learning step due within the learn-ahead limit
 * puts it back at the end of the queue, so it comes back in the same session (shown at once when
 * it is the only card left) and is counted in the remaining cards. A page carries interval
 * previews for its first cards only (`DUE_CARDS_PREVIEWS`): the top-up brings the rest's.
 *
 * The same session plays a custom-study list instead (`customStudy`, docs/features/custom-study.md):
 * the list is read once and never topped up; in a cram session every rating is sent with
 * `cram: true` (the server writes nothing), only Again brings a card back, the card comes back as
 * it was (its state and the buttons' intervals do not move), and undo asks the server nothing.
 *
 * Offline (`$offline`), the due queue comes from the cards kept in IndexedDB (offlineStore.ts,
 * docs/features/offline.md): each rating is computed in the browser with the server's FSRS code
 * and settings and waits in the offline queue with its key and time; its undo takes it out of the
 * queue and puts the kept state back. Everything else (learning steps coming back, undo, tools'
 * rules) is the same session.
 */
import {
  $offline,
  type ApiRequestError,
  type CustomStudyRequest,
  changeCardState,
  customStudyKeys,
  DUE_CARDS_PAGE,
  DUE_CARDS_PREVIEWS,
  type DueCard,
  type DueCards,
  dueCardsCache,
  fetchDueCards,
  flagCard,
  invalidateAfterReview,
  invalidateAndRefetch,
  isApiRequestError,
  LEARN_AHEAD_SECONDS,
  newIdempotencyKey,
  type QueueRef,
  queueKey,
  type ReviewRating,
  type ReviewResult,
  spaceRepetitionKeys,
  useCustomStudyQueue,
  useDueCards,
  useHydrated,
  useReviewCard,
  useUndoReview,
} from '@memoria/api';
import type { FsrsStateJson } from '@memoria/api/scheduling';
import { useStore } from '@nanostores/react';
import { useQuery, useQueryClient } from '@tanstack/react-query';
import { useCallback, useEffect, useMemo, useRef, useState } from 'react';
import { dropQueuedReview, enqueueReview } from './offlineQueue.ts';
import { keepServerCard, offlineDueCards, rateKeptCard, restoreKeptCard } from './offlineStore.ts';

/** What a review tool did, for the polite snackbar. */
export type ToolNotice =
  | { tool: 'buried' | 'suspended' | 'unburied' | 'unsuspended' | 'unflagged' }
  | { tool: 'flagged'; flag: number }
  | { tool: 'leech'; suspended: boolean };

export type Feedback =
  | { kind: 'error'; error: unknown; cause: 'rate' | 'undo' | 'tool' }
  | { kind: 'queued' }
  | { kind: 'undone' }
  | ({ kind: 'tool' } & ToolNotice)
  | null;

/** A review tool on the card on screen (keys `-`, `@`, Ctrl+1…7, or the More menu). */
export type CardTool = { kind: 'bury' } | { kind: 'suspend' } | { kind: 'flag'; flag: number };

/** The last bury or suspend (the card left the session) or flag change, for Ctrl+Z. */
type LastTool =
  | { kind: 'state'; card: DueCard; action: 'bury' | 'suspend'; sent: Promise<boolean> }
  | { kind: 'flag'; card: DueCard; previous: number; sent: Promise<boolean> };

type LastRating = {
  kind: 'rating';
  card: DueCard;
  rating: ReviewRating;
  key: string;
  sent: Promise<ReviewResult | null>;
  queued: boolean;
  /** A cram rating: nothing was written, so its undo asks the server nothing. */
  cram: boolean;
  /** A rating made offline: the kept state before it, for its undo. */
  keptBefore: Promise<FsrsStateJson | null> | null;
};

/** The offline source's query: a deck's queue from the kept cards. */
const offlineQueueKey = (deckId: number) => ['offline-review', deckId] as const;

/** What a deck's queue is when nothing was kept for it: empty (the finished screen says so). */
const emptyQueue = (deckId: number): DueCards => ({
  day: new Date().toISOString().slice(0, 10),
  desk_id: deckId,
  due_count: 0,
  new_count: 0,
  remaining_today: 0,
  next_due: null,
  cards: [],
});

const STALE_AFTER_MS = 1500;
/**
 * The queue holds one page (`DUE_CARDS_PAGE`); with this many cards or fewer left in it and more
 * due today, the next page is read in the background so the learner never waits on it. The
 * card on screen then is the last of the page with previews (`DUE_CARDS_PREVIEWS`).
 */
const TOP_UP_AT = DUE_CARDS_PAGE - DUE_CARDS_PREVIEWS + 1;

/** The card as it waits in the queue until the server's answer replaces it. */
function backInLearning(card: DueCard): DueCard {
  return {
    ...card,
    state: card.state === 'review' ? 'relearning' : card.state === 'new' ? 'learning' : card.state,
  };
}

const endOfLocalDay = (at: number) => {
  const end = new Date(at);
  end.setHours(24, 0, 0, 0);
  return end.getTime();
};

/** A request the custom-study dialog could not make: the hook's other source stays disabled. */
const NO_CUSTOM_STUDY: CustomStudyRequest = { kind: 'cram' };

export interface ReviewSessionOptions {
  /** Play this custom-study session's list instead of the deck's due queue. */
  customStudy?: CustomStudyRequest | null;
}

export function useReviewSession(
  deckId: number,
  { customStudy = null }: ReviewSessionOptions = {},
) {
  const client = useQueryClient();
  /** Offline, a deck's review plays the kept cards (a custom-study list needs the server). */
  // The offline source only once the island is live: its first render matches the server's.
  const browserOffline = useStore($offline);
  const live = useHydrated();
  const offline = browserOffline && live && customStudy === null;
  const dueQueue = useDueCards(deckId, {
    refetchOnWindowFocus: false,
    staleTime: 0,
    enabled: customStudy === null && !offline,
  });
  const keptQueue = useQuery({
    queryKey: offlineQueueKey(deckId),
    queryFn: async () => (await offlineDueCards(deckId)) ?? emptyQueue(deckId),
    enabled: offline,
    // IndexedDB needs no network: react-query must not pause this query while offline.
    networkMode: 'always',
    staleTime: 0,
    gcTime: 0,
  });
  const customQueue = useCustomStudyQueue(customStudy ?? NO_CUSTOM_STUDY, {
    enabled: customStudy !== null,
  });
  const custom = customStudy !== null;
  const due = custom ? customQueue : offline ? keptQueue : dueQueue;
  /** The cached queue this session edits: the deck's due queue, the kept one, the session's list. */
  const source: QueueRef = useMemo(
    () =>
      customStudy
        ? { queryKey: customStudyKeys.session(customStudy) }
        : offline
          ? { queryKey: offlineQueueKey(deckId) }
          : deckId,
    [customStudy, deckId, offline],
  );
  const cram = custom && customQueue.data?.cram === true;
  const review = useReviewCard();
  const undoMutation = useUndoReview();
  const [revealed, setRevealed] = useState(false);
  /** Ids taken out in this event, before the cache's observers re-render (same frame). */
  const [hidden, setHidden] = useState<ReadonlySet<number>>(new Set());
  /** Cards put back at the end in this event, before the cache's observers re-render. */
  const [requeued, setRequeued] = useState<ReadonlyMap<number, DueCard>>(new Map());
  /** Each card rated in this session: when the server says it is due next. */
  const [nextDue, setNextDue] = useState<ReadonlyMap<number, number>>(new Map());
  /** The ratings on their way per card: a card shown again is rated after its last rating. */
  const inFlight = useRef(new Map<number, Promise<unknown>>());
  const [feedback, setFeedback] = useState<Feedback>(null);
  /** Cards rated, buried or suspended in this session: a finished list, not an empty one. */
  const [played, setPlayed] = useState(0);
  /** The review's undo stack, one deep as Anki's review: the last rating or tool used. */
  const [last, setLast] = useState<LastRating | LastTool | null>(null);
  /** Cards whose leech was told in this session: once per card. */
  const leechTold = useRef(new Set<number>());
  const pending = useRef(0);
  const staleTimer = useRef<ReturnType<typeof setTimeout> | undefined>(undefined);
  /** Deck counts, weekly chart, streak and history: refreshed once the learner pauses. */
  const invalidateNow = useCallback(() => {
    clearTimeout(staleTimer.current);
    staleTimer.current = undefined;
    void invalidateAfterReview(client);
  }, [client]);
  const invalidateSoon = useCallback(() => {
    clearTimeout(staleTimer.current);
    staleTimer.current = setTimeout(invalidateNow, STALE_AFTER_MS);
  }, [invalidateNow]);
  // Leaving before the pause (the client router keeps the cache for the next page): at once.
  useEffect(
    () => () => {
      if (staleTimer.current !== undefined) invalidateNow();
    },
    [invalidateNow],
  );
  const shownAt = useRef(performance.now());

  const data = due.data;
  // biome-ignore lint/correctness/useExhaustiveDependencies: the cache caught up: nothing to hide
  useEffect(() => {
    setHidden(new Set());
    setRequeued(new Map());
  }, [data]);

  const queue = useMemo(
    () => [
      ...(data?.cards ?? []).filter((card) => !hidden.has(card.id) && !requeued.has(card.id)),
      ...requeued.values(),
    ],
    [data, hidden, requeued],
  );
  const current = queue[0] ?? null;
  const hiddenCount = Math.max(0, (data?.cards.length ?? 0) - queue.length);
  const remaining = Math.max(0, (data?.remaining_today ?? 0) - hiddenCount);

  // biome-ignore lint/correctness/useExhaustiveDependencies: a front shown (again) starts the answer timer
  useEffect(() => {
    shownAt.current = performance.now();
  }, [current]);

  /** Ratings and undos sent: a page read while one was sent may be out of date. */
  const changesSent = useRef(0);
  const toppingUp = useRef(false);
  /**
   * With nothing in flight: an empty queue asks the server again (learning cards); a queue
   * running low is topped up with the next page, kept only if no rating or undo was sent meanwhile.
   */
  const refillIfDone = useCallback(() => {
    const cached = dueCardsCache.get(client, source);
    // A custom-study session is its list: nothing to refill it from.
    if (custom || pending.current !== 0 || !cached) return;
    if (cached.cards.length === 0) {
      void invalidateAndRefetch(client, queueKey(source));
      return;
    }
    // Offline, the kept queue holds every card of the deck: no page to top it up with.
    if (
      offline ||
      toppingUp.current ||
      cached.cards.length > TOP_UP_AT ||
      cached.remaining_today <= cached.cards.length
    ) {
      return;
    }
    toppingUp.current = true;
    const sentBefore = changesSent.current;
    fetchDueCards(deckId)
      .then((page) => {
        if (changesSent.current === sentBefore) dueCardsCache.topUp(client, source, page);
        else dueCardsCache.fillPreviews(client, source, page);
      })
      .catch(() => {
        // The next rating tries again; the empty queue's refetch shows any lasting error.
      })
      .finally(() => {
        toppingUp.current = false;
      });
  }, [client, deckId, source, custom, offline]);

  /**
   * A card on screen without previews (rated faster than the pages were read, or past the
   * previews of the queue's last page): its page is read again with previews for all of it, once
   * per card, while the learner reads its front. Without them the buttons still rate.
   */
  const previewsAsked = useRef(new Set<number>());
  const currentId = current?.id;
  const lacksPreviews = current !== null && current.intervals === null;
  useEffect(() => {
    // A custom-study session's cards all come with previews.
    if (
      custom ||
      offline ||
      currentId === undefined ||
      !lacksPreviews ||
      previewsAsked.current.has(currentId)
    )
      return;
    previewsAsked.current.add(currentId);
    fetchDueCards(deckId, { previews: DUE_CARDS_PAGE })
      .then((page) => dueCardsCache.fillPreviews(client, source, page))
      .catch(() => {
        // The buttons rate without intervals; the next card asks again.
      });
  }, [currentId, lacksPreviews, client, deckId, source, custom, offline]);

  /**
   * When the next card is due later today: the earliest of the server's `next_due` (a learning
   * step past the learn-ahead limit, also after a reload) and the cards rated in this session.
   * A custom-study session ends with its list: nothing comes later.
   */
  const serverNextDue = data?.next_due ? Date.parse(data.next_due) : null;
  const laterAt = useMemo(() => {
    if (custom) return null;
    const now = Date.now();
    const times = [...nextDue.values(), ...(serverNextDue === null ? [] : [serverNextDue])].filter(
      (at) => at < endOfLocalDay(now),
    );
    return times.length > 0 ? Math.min(...times) : null;
  }, [nextDue, serverNextDue, custom]);

  // Nothing left but a learning card due later today: fetch the queue again once it is within the
  // learn-ahead limit, when the server puts it back in the queue.
  useEffect(() => {
    if (laterAt === null || current) return;
    const timer = setTimeout(
      () => void invalidateAndRefetch(client, queueKey(source)),
      Math.max(0, laterAt - LEARN_AHEAD_SECONDS * 1000 - Date.now()) + 500,
    );
    return () => clearTimeout(timer);
  }, [laterAt, current, client, source]);

  // The finished screen counts the minutes down to the next card.
  const [clock, setClock] = useState(() => Date.now());
  useEffect(() => {
    if (laterAt === null || current) return;
    setClock(Date.now());
    const timer = setInterval(() => setClock(Date.now()), 15_000);
    return () => clearInterval(timer);
  }, [laterAt, current]);
  const laterInMinutes =
    laterAt === null ? null : Math.max(1, Math.ceil((laterAt - clock) / 60_000));

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
      // A step within the learn-ahead limit (the preview says so before the server answers;
      // without previews, the answer puts it back). Cramming moves no card, so its previews never
      // change: only Again brings the card back (as Anki's preview), else Good would loop forever.
      const comesBack = cram
        ? rating === 'again'
        : card.intervals !== null && card.intervals[rating].interval_seconds <= LEARN_AHEAD_SECONDS;
      // Same event: hide it locally and take it out of the cache (or to its end), then send.
      setHidden((set) => new Set(set).add(card.id));
      setPlayed((n) => n + 1);
      const waiting = cram ? card : backInLearning(card);
      setRequeued((map) => {
        const next = new Map(map);
        next.delete(card.id);
        return comesBack ? next.set(card.id, waiting) : next;
      });
      setRevealed(false);
      setFeedback(null);
      void client.cancelQueries({ queryKey: queueKey(source) });
      dueCardsCache.remove(client, source, card.id);
      if (comesBack) dueCardsCache.requeue(client, source, waiting);
      pending.current += 1;
      changesSent.current += 1;
      const entry: LastRating = {
        kind: 'rating',
        card,
        rating,
        key,
        queued: false,
        cram,
        sent: Promise.resolve(null),
        keptBefore: null,
      };
      const previous = inFlight.current.get(card.id) ?? Promise.resolve();
      if (offline) {
        // Queued in this event (an undo right after takes it out); computed from the kept state.
        enqueueReview({
          card_id: card.id,
          difficulty: rating,
          reviewed_at: reviewedAt,
          idempotency_key: key,
          answer_time_ms: answerTime,
        });
        entry.queued = true;
      }
      const kept = offline
        ? previous.then(() => rateKeptCard(card.id, rating, new Date(reviewedAt)))
        : null;
      entry.keptBefore = kept ? kept.then((k) => k?.before ?? null) : null;
      entry.sent = (
        kept
          ? kept.then((k) => {
              if (!k) throw new Error('[deck-review] the card is not kept offline');
              return k.result;
            })
          : previous.then(() =>
              review.mutateAsync({
                cardId: card.id,
                difficulty: rating,
                idempotency_key: key,
                answer_time_ms: answerTime,
                ...(cram ? { cram: true } : {}),
              }),
            )
      )
        .then((result) => {
          // What a cram rating would have scheduled was not written: the card stays as shown.
          if (cram) return result;
          // The server's state is kept for the next time the review plays offline.
          if (!offline) void keepServerCard(result);
          setNextDue((map) => new Map(map).set(card.id, Date.parse(result.next_due)));
          if (result.leech && !leechTold.current.has(card.id)) {
            leechTold.current.add(card.id);
            setFeedback({ kind: 'tool', tool: 'leech', suspended: result.card.suspended === true });
          }
          const stays = dueCardsCache.get(client, source)?.cards.some((c) => c.id === card.id);
          if ((stays || !card.intervals) && result.interval_seconds <= LEARN_AHEAD_SECONDS) {
            // The server's card and previews replace the waiting copy (or, for a card rated
            // without previews, come back at the end of the queue).
            dueCardsCache.requeue(client, source, { ...result.card, intervals: result.intervals });
          } else if (stays && comesBack) {
            dueCardsCache.remove(client, source, card.id);
          }
          return result;
        })
        .catch((error: ApiRequestError) => {
          if (offline) {
            // Not kept after all (cleared meanwhile): nothing to compute from; the card comes back.
            dropQueuedReview(key);
            entry.queued = false;
          }
          // A cram rating is not worth keeping offline: it would change nothing when sent.
          if (isApiRequestError(error) && error.status === 0 && !cram) {
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
          dueCardsCache.prepend(client, source, card);
          setLast((l) => (l?.kind === 'rating' && l.key === key ? null : l));
          setFeedback({ kind: 'error', error, cause: 'rate' });
          return null;
        })
        .finally(() => {
          if (inFlight.current.get(card.id) === entry.sent) inFlight.current.delete(card.id);
          pending.current -= 1;
          invalidateSoon();
          refillIfDone();
        });
      inFlight.current.set(card.id, entry.sent);
      setLast(entry);
    },
    [current, revealed, client, source, cram, offline, review, refillIfDone, invalidateSoon],
  );

  /** The card with a new flag where it stands (cache and local copy). */
  const replaceCard = useCallback(
    (card: DueCard) => {
      dueCardsCache.requeue(client, source, card);
      setRequeued((map) => (map.has(card.id) ? new Map(map).set(card.id, card) : map));
    },
    [client, source],
  );

  /** Bury or suspend (the card leaves the session at once) or flag the card on screen. */
  const applyTool = useCallback(
    (tool: CardTool) => {
      const card = current;
      if (!card) return;
      changesSent.current += 1;
      if (tool.kind === 'flag') {
        const previous = card.flag ?? 0;
        // Anki: the same flag again clears it.
        const flag = previous === tool.flag ? 0 : tool.flag;
        replaceCard({ ...card, flag });
        const sent = flagCard(card.id, flag)
          .then(() => {
            setFeedback(
              flag === 0
                ? { kind: 'tool', tool: 'unflagged' }
                : { kind: 'tool', tool: 'flagged', flag },
            );
            void invalidateAndRefetch(client, spaceRepetitionKeys.deckCardsRoot());
            return true;
          })
          .catch((error: unknown) => {
            replaceCard({ ...card, flag: previous });
            setLast((l) => (l?.kind === 'flag' && l.sent === sent ? null : l));
            setFeedback({ kind: 'error', error, cause: 'tool' });
            return false;
          });
        setLast({ kind: 'flag', card, previous, sent });
        return;
      }
      // Same event as a rating: the card leaves the session before the server answers.
      setHidden((set) => new Set(set).add(card.id));
      setPlayed((n) => n + 1);
      setRequeued((map) => {
        if (!map.has(card.id)) return map;
        const next = new Map(map);
        next.delete(card.id);
        return next;
      });
      setRevealed(false);
      setFeedback(null);
      void client.cancelQueries({ queryKey: queueKey(source) });
      dueCardsCache.remove(client, source, card.id);
      pending.current += 1;
      const action = tool.kind;
      const sent = (inFlight.current.get(card.id) ?? Promise.resolve())
        .then(() => changeCardState(card.id, action))
        .then(() => {
          setFeedback({ kind: 'tool', tool: action === 'bury' ? 'buried' : 'suspended' });
          return true;
        })
        .catch((error: unknown) => {
          dueCardsCache.prepend(client, source, card);
          setLast((l) => (l?.kind === 'state' && l.sent === sent ? null : l));
          setFeedback({ kind: 'error', error, cause: 'tool' });
          return false;
        })
        .finally(() => {
          pending.current -= 1;
          invalidateSoon();
          refillIfDone();
        });
      setLast({ kind: 'state', card, action, sent });
    },
    [current, client, source, invalidateSoon, refillIfDone, replaceCard],
  );

  /** Ctrl+Z after a tool: the flag it had, or the card back on screen (unbury, unsuspend). */
  const undoTool = useCallback(
    async (entry: LastTool) => {
      if (entry.kind === 'flag') {
        replaceCard({ ...entry.card, flag: entry.previous });
        if (!(await entry.sent)) return;
        try {
          await flagCard(entry.card.id, entry.previous);
          setFeedback({ kind: 'undone' });
          void invalidateAndRefetch(client, spaceRepetitionKeys.deckCardsRoot());
        } catch (error) {
          setFeedback({ kind: 'error', error, cause: 'undo' });
        }
        return;
      }
      dueCardsCache.prepend(client, source, entry.card);
      if (!(await entry.sent)) return;
      const action = entry.action === 'bury' ? 'unbury' : 'unsuspend';
      try {
        await changeCardState(entry.card.id, action);
        setFeedback({ kind: 'tool', tool: action === 'unbury' ? 'unburied' : 'unsuspended' });
        invalidateSoon();
      } catch (error) {
        dueCardsCache.remove(client, source, entry.card.id);
        setFeedback({ kind: 'error', error, cause: 'undo' });
      }
    },
    [client, source, invalidateSoon, replaceCard],
  );

  const undo = useCallback(async () => {
    const entry = last;
    if (!entry) return;
    changesSent.current += 1;
    setLast(null);
    if (entry.kind !== 'rating') {
      // A flag changes nothing on screen but the flag; a buried card comes back on its front.
      if (entry.kind === 'state') setRevealed(false);
      await undoTool(entry);
      return;
    }
    setRevealed(false);
    setNextDue((map) => {
      const next = new Map(map);
      next.delete(entry.card.id);
      return next;
    });
    // Back on screen at once, as it was before the rating.
    dueCardsCache.prepend(client, source, entry.card);
    if (entry.queued && dropQueuedReview(entry.key)) {
      // A rating made offline: the kept state before it comes back too.
      const before = await entry.keptBefore;
      if (before) await restoreKeptCard(entry.card.id, before);
      setFeedback({ kind: 'undone' });
      return;
    }
    const result = await entry.sent;
    if (result && entry.cram) {
      // Nothing was written: the card back on screen is the whole undo.
      setFeedback({ kind: 'undone' });
      return;
    }
    if (!result) {
      // The rating failed (and was rolled back) or waits offline.
      if (entry.queued) dropQueuedReview(entry.key);
      return;
    }
    try {
      const undone = await undoMutation.mutateAsync({ cardId: entry.card.id });
      dueCardsCache.prepend(client, source, undone.card, undone.remaining_today);
      setFeedback({ kind: 'undone' });
      invalidateSoon();
    } catch (error) {
      dueCardsCache.remove(client, source, entry.card.id);
      setFeedback({ kind: 'error', error, cause: 'undo' });
    }
  }, [last, client, source, undoMutation, invalidateSoon, undoTool]);

  return {
    due,
    /** Playing the cards kept offline (the ratings wait in the offline queue). */
    offline,
    /** The custom-study session played (null: the deck's due queue). */
    customStudy,
    cram,
    played,
    queue,
    current,
    remaining,
    revealed,
    reveal,
    rate,
    applyTool,
    undo,
    canUndo: last !== null,
    laterAt,
    laterInMinutes,
    feedback,
    clearFeedback: () => setFeedback(null),
  };
}

export type ReviewSession = ReturnType<typeof useReviewSession>;
