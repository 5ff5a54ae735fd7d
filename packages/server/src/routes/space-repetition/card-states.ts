/**
 * A learner's states of one card: suspend, bury (until their next day), flag, and their names
 * for the flags. Each writes the caller's own schedule row, so a deck's recipient may suspend
 * or flag a shared card they may not edit; a card they do not see is 404.
 */
import type { Context } from 'hono';
import { clockOf } from '../../clock.ts';
import type { Handlers } from '../../contract/types.ts';
import {
  type CardStatesChange,
  changeCardStates,
  flagNames,
  setFlagName,
} from '../../db/queries/card-states.ts';
import { findCard } from '../../db/queries/cards.ts';
import { ensureSchedule } from '../../db/queries/reviews.ts';
import { inTransaction } from '../../db/transaction.ts';
import { buriedUntil, flagsWithNames } from '../../domain/review/card-states.ts';
import type { AppEnv } from '../../http/context.ts';
import { currentUser } from '../../http/current-user.ts';
import { notFound } from '../../http/errors.ts';
import { cardFor } from '../../services/decks/access.ts';
import { ACCESS_MESSAGES } from '../../services/decks/messages.ts';
import { toCard } from '../../services/review/responses.ts';

/** Writes `change` on the caller's schedule of card `id` and answers the card. */
async function changeOne(c: Context<AppEnv>, id: number, change: CardStatesChange) {
  const { sql } = c.get('deps');
  const user = currentUser(c);
  const card = await inTransaction(sql, async (tx) => {
    await cardFor(tx, user.id, id);
    await ensureSchedule(tx, user.id, id);
    await changeCardStates(tx, user.id, [id], change);
    return findCard(tx, user.id, id);
  });
  if (!card) throw notFound(ACCESS_MESSAGES.cardNotFound);
  return c.json(toCard(card, card.schedule, clockOf(c.get('deps')).now()), 200);
}

export const handlers: Handlers = {
  suspendCard: (c, { params }) => changeOne(c, params.id, { suspended: true }),
  unsuspendCard: (c, { params }) => changeOne(c, params.id, { suspended: false }),
  buryCard(c, { params }) {
    const now = clockOf(c.get('deps')).now();
    return changeOne(c, params.id, { buriedUntil: buriedUntil(now, currentUser(c).timezone) });
  },
  unburyCard: (c, { params }) => changeOne(c, params.id, { buriedUntil: null }),
  flagCard: (c, { params, body }) => changeOne(c, params.id, { flag: body.flag }),

  async listCardFlags(c) {
    const { sql } = c.get('deps');
    const names = await flagNames(sql, currentUser(c).id);
    return c.json(flagsWithNames(names), 200);
  },

  async renameCardFlag(c, { params, body }) {
    const { sql } = c.get('deps');
    const user = currentUser(c);
    await setFlagName(sql, user.id, params.flag, body.name.trim());
    const flag = flagsWithNames(await flagNames(sql, user.id))[params.flag - 1];
    return c.json(flag, 200);
  },
};
