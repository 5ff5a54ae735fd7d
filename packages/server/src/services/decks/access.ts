/**
 * Who may do what with a desk: a learner sees their own desks and those shared with them (any
 * other id is 404); a shared desk is read-only unless its owner allows editing; deleting and
 * sharing are the owner's.
 */
import { type CardRecord, findCard, lockCard } from '../../db/queries/cards.ts';
import { type DeskAccess, visibleDesks } from '../../db/queries/desks.ts';
import type { Query } from '../../db/queries/pg.ts';
import { forbidden, notFound } from '../../http/errors.ts';
import { ACCESS_MESSAGES as MESSAGES } from './messages.ts';

/** The desk if the learner sees it, else 404. */
export async function deskFor(
  q: Query,
  userId: number,
  id: number,
  lock?: 'share' | 'update',
): Promise<DeskAccess> {
  const [desk] = await visibleDesks(q, userId, { id, lock });
  if (!desk) throw notFound(MESSAGES.deskNotFound);
  return desk;
}

/** A card the learner sees, with their schedule and its desk, else 404; `lock` locks the schedule. */
export async function cardFor(
  q: Query,
  userId: number,
  cardId: number,
  lock = false,
): Promise<{ card: CardRecord; desk: DeskAccess }> {
  const [desk] = await visibleDesks(q, userId, { cardId });
  if (!desk) throw notFound(MESSAGES.cardNotFound);
  const card = await (lock ? lockCard : findCard)(q, userId, cardId);
  if (!card) throw notFound(MESSAGES.cardNotFound);
  return { card, desk };
}

export function assertCanEdit(desk: DeskAccess): void {
  if (!desk.canEdit) throw forbidden(MESSAGES.readOnly);
}

export function assertOwner(desk: DeskAccess): void {
  if (!desk.isOwner) throw forbidden(MESSAGES.ownerOnly);
}
