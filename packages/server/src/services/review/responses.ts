/** Storage records as the contract's schemas. */

import type { FSRS } from 'ts-fsrs';
import type { Schemas } from '../../contract/types.ts';
import { type DeckAssignment, deckAssignments } from '../../db/queries/assignments.ts';
import type { CardRecord } from '../../db/queries/cards.ts';
import { type DeckAccess, sharedWith } from '../../db/queries/desks.ts';
import type { Query } from '../../db/queries/pg.ts';
import { toDataUrl } from '../../domain/decks/images.ts';
import { isBuried } from '../../domain/review/card-states.ts';
import { previewIntervals, type Schedule, stateName } from '../../domain/review/scheduling.ts';
import { type DeckCounts, deckCounts, learnerToday } from './today.ts';

export function toDeck(
  deck: DeckAccess,
  n: DeckCounts | undefined,
  emails: string[],
  assignments: DeckAssignment[] = [],
): Schemas['Desk'] {
  const counts = n ?? { newToday: 0, dueCount: 0, newCount: 0 };
  return {
    id: deck.id,
    name: deck.name,
    cards_count: deck.cardsCount,
    new_cards_per_day: deck.newCardsPerDay,
    new_cards_today: counts.newToday,
    remaining_today: counts.dueCount + counts.newCount,
    due_count: counts.dueCount,
    new_count: counts.newCount,
    is_owner: deck.isOwner,
    can_edit: deck.canEdit,
    owner_username: deck.ownerUsername,
    shared_with: deck.isOwner ? emails : [],
    allow_editing: deck.allowEditing,
    assignments: assignments.map((a) => ({
      kind: a.kind,
      group_id: a.groupId,
      group_name: a.groupName,
      due_date: a.dueDate,
    })),
    created_at: deck.createdAt.toISOString(),
    updated_at: deck.updatedAt.toISOString(),
  };
}

/** Decks with the learner's counts of today and, for their own, whom they are shared with. */
export async function renderDecks(
  q: Query,
  user: { id: number; timezone: string },
  decks: DeckAccess[],
): Promise<Schemas['Desk'][]> {
  const [counts, emails, assigned] = await Promise.all([
    learnerToday(q, user, decks).then((today) => deckCounts(q, today).then((n) => n.decks)),
    sharedWith(
      q,
      decks.filter((d) => d.isOwner).map((d) => d.id),
    ),
    deckAssignments(
      q,
      user.id,
      decks.filter((d) => !d.isOwner).map((d) => d.id),
    ),
  ]);
  return decks.map((d) =>
    toDeck(d, counts.get(d.id), emails.get(d.id) ?? [], assigned.get(d.id) ?? []),
  );
}

/** One deck as the contract's Deck. */
export async function renderDeck(
  q: Query,
  user: { id: number; timezone: string },
  deck: DeckAccess,
): Promise<Schemas['Desk']> {
  const [out] = await renderDecks(q, user, [deck]);
  if (!out) throw new Error('renderDesks dropped a desk');
  return out;
}

/**
 * A card with a schedule (the learner's stored one unless another is given); `now` decides
 * whether a burial still holds (an ended one is not written back, and shows as null).
 */
export function toCard(
  card: CardRecord,
  schedule: Schedule = card.schedule,
  now: Date = new Date(),
): Schemas['Card'] {
  return {
    id: card.id,
    desk_id: card.deckId,
    note_id: card.noteId,
    ordinal: card.ordinal,
    front: card.front,
    back: card.back,
    front_html: card.frontHtml,
    back_html: card.backHtml,
    front_image: toDataUrl(card.frontImage?.bytes ?? null, card.frontImage?.type ?? null),
    back_image: toDataUrl(card.backImage?.bytes ?? null, card.backImage?.type ?? null),
    state: stateName(schedule.state),
    due: schedule.due.toISOString(),
    stability: schedule.stability,
    difficulty: Math.min(10, Math.max(0, schedule.difficulty)),
    reps: schedule.reps,
    lapses: schedule.lapses,
    last_review: schedule.lastReview?.toISOString() ?? null,
    created_at: card.createdAt.toISOString(),
    updated_at: card.updatedAt.toISOString(),
    suspended: card.suspended,
    buried_until: isBuried(card.buriedUntil, now)
      ? (card.buriedUntil?.toISOString() ?? null)
      : null,
    flag: card.flag,
  };
}

/**
 * What each rating would schedule at `at`; `memo` shares the work between alike cards (of one
 * learner); `scheduler` is the learner's own (`schedulerFor`), the defaults when not given.
 */
export function toIntervals(
  schedule: Schedule,
  at: Date,
  memo?: Map<string, Schemas['ReviewIntervals']>,
  scheduler?: FSRS,
): Schemas['ReviewIntervals'] {
  // Cards in the same state (every new card, above all) preview alike: compute once per queue.
  const key = memo
    ? [
        schedule.state,
        schedule.state === 0 ? 0 : schedule.due.getTime(),
        schedule.stability,
        schedule.difficulty,
        schedule.reps,
        schedule.lapses,
        schedule.learningSteps,
        schedule.elapsedDays,
        schedule.scheduledDays,
        schedule.lastReview?.getTime() ?? 0,
      ].join('|')
    : '';
  const known = memo?.get(key);
  if (known) return known;
  const p = previewIntervals(schedule, at, scheduler);
  const one = (x: (typeof p)['again']) => ({
    due: x.due.toISOString(),
    interval_seconds: x.intervalSeconds,
  });
  const intervals = {
    again: one(p.again),
    hard: one(p.hard),
    good: one(p.good),
    easy: one(p.easy),
  };
  memo?.set(key, intervals);
  return intervals;
}

export function toDueCard(
  card: CardRecord,
  at: Date,
  schedule: Schedule = card.schedule,
  memo?: Map<string, Schemas['ReviewIntervals']>,
  scheduler?: FSRS,
): Schemas['DueCard'] {
  return { ...toCard(card, schedule), intervals: toIntervals(schedule, at, memo, scheduler) };
}
