/**
 * Who may do what with a deck: a learner sees their own decks and those shared with them (any
 * other id is 404); a shared deck is read-only unless its owner allows editing; deleting and
 * sharing are the owner's.
 */
import { type CardRecord, findCard, lockCard } from '../../db/queries/cards.ts';
import { type DeckAccess, visibleDecks } from '../../db/queries/desks.ts';
import type { Query } from '../../db/queries/pg.ts';
import { forbidden, notFound } from '../../http/errors.ts';
import { ACCESS_MESSAGES as MESSAGES } from './messages.ts';

/** The deck if the learner sees it, else 404. */
export async function deckFor(
  q: Query,
  userId: number,
  id: number,
  lock?: 'share' | 'update',
): Promise<DeckAccess> {
  const [deck] = await visibleDecks(q, userId, { id, lock });
  if (!deck) throw notFound(MESSAGES.deckNotFound);
  return deck;
}

/** A card the learner sees, with their schedule and its deck, else 404; `lock` locks the schedule. */
export async function cardFor(
  q: Query,
  userId: number,
  cardId: number,
  lock = false,
): Promise<{ card: CardRecord; deck: DeckAccess }> {
  const [deck] = await visibleDecks(q, userId, { cardId });
  if (!deck) throw notFound(MESSAGES.cardNotFound);
  const card = await (lock ? lockCard : findCard)(q, userId, cardId);
  if (!card) throw notFound(MESSAGES.cardNotFound);
  return { card, deck };
}

export function assertCanEdit(deck: DeckAccess): void {
  if (!deck.canEdit) throw forbidden(MESSAGES.readOnly);
}

export function assertOwner(deck: DeckAccess): void {
  if (!deck.isOwner) throw forbidden(MESSAGES.ownerOnly);
}
