/** Decks: list, create, read, rename, delete, share, and each learner's daily new-card limit. */
import type { Handlers } from '../../contract/types.ts';
import {
  activeUsersByEmail,
  addShare,
  deleteDeck,
  insertDeck,
  setNewCardsPerDay,
  updateDeck,
  visibleDecks,
} from '../../db/queries/desks.ts';
import { inTransaction } from '../../db/transaction.ts';
import { isValidEmail } from '../../domain/accounts/users.ts';
import { currentUser } from '../../http/current-user.ts';
import { validationError } from '../../http/errors.ts';
import { notify } from '../../notifications/index.ts';
import { assertCanEdit, assertOwner, deckFor } from '../../services/decks/access.ts';
import { renderDeck, renderDecks } from '../../services/review/responses.ts';
import { MESSAGES } from './messages.ts';

function deckName(value: string | undefined): string {
  const name = (value ?? '').trim();
  if (!name) throw validationError({ name: [MESSAGES.deckName] }, MESSAGES.deckName);
  return name;
}

/** The distinct emails of a share request, all valid, else 400. */
function shareEmails(values: string[] | undefined): string[] {
  const emails = [...new Set((values ?? []).map((e) => e.trim()).filter(Boolean))];
  if (emails.length === 0) throw validationError({ emails: [MESSAGES.emails] }, MESSAGES.emails);
  const bad = emails.filter((e) => !isValidEmail(e));
  if (bad.length > 0) {
    throw validationError({ emails: bad.map((e) => `${MESSAGES.invalidEmail} (${e})`) });
  }
  return emails;
}

export const handlers: Handlers = {
  async listDesks(c, { query }) {
    const { sql } = c.get('deps');
    const user = currentUser(c);
    const decks = await visibleDecks(sql, user.id, { search: query.search?.trim() || undefined });
    return c.json(await renderDecks(sql, user, decks), 200);
  },

  async createDesk(c, { body }) {
    const { sql } = c.get('deps');
    const user = currentUser(c);
    const id = await insertDeck(sql, {
      ownerId: user.id,
      name: deckName(body.name),
      newCardsPerDay: body.new_cards_per_day ?? 10,
      allowEditing: body.allow_editing ?? false,
    });
    return c.json(await renderDeck(sql, user, await deckFor(sql, user.id, id)), 201);
  },

  async getDesk(c, { params }) {
    const { sql } = c.get('deps');
    const user = currentUser(c);
    return c.json(await renderDeck(sql, user, await deckFor(sql, user.id, params.id)), 200);
  },

  async updateDesk(c, { params, body }) {
    const { sql } = c.get('deps');
    const user = currentUser(c);
    const deck = await deckFor(sql, user.id, params.id);
    assertCanEdit(deck);
    const name = deckName(body.name);
    const changesEditing =
      body.allow_editing !== undefined && body.allow_editing !== deck.allowEditing;
    if (changesEditing) assertOwner(deck);
    await updateDeck(sql, deck.id, {
      name,
      allowEditing: changesEditing ? body.allow_editing : undefined,
    });
    return c.json(await renderDeck(sql, user, await deckFor(sql, user.id, deck.id)), 200);
  },

  async deleteDesk(c, { params }) {
    const { sql } = c.get('deps');
    const user = currentUser(c);
    const deck = await deckFor(sql, user.id, params.id);
    assertOwner(deck);
    // Run again after a deadlock with a learner's rating of one of its cards.
    await inTransaction(sql, (tx) => deleteDeck(tx, deck.id));
    return c.body(null, 204);
  },

  async shareDesk(c, { params, body }) {
    const { sql } = c.get('deps');
    const user = currentUser(c);
    const result = await inTransaction(sql, async (tx) => {
      // Locked, so a card created meanwhile waits and then gets a schedule for the new learners.
      const deck = await deckFor(tx, user.id, params.id, 'update');
      assertOwner(deck);
      const emails = shareEmails(body.emails);
      const allowEditing = body.allow_editing ?? deck.allowEditing;
      if (allowEditing !== deck.allowEditing) await updateDeck(tx, deck.id, { allowEditing });
      const found = new Map(
        (await activeUsersByEmail(tx, emails)).map((u) => [u.email.toLowerCase(), u]),
      );
      const shared: string[] = [];
      const notRegistered: string[] = [];
      for (const email of emails) {
        const target = found.get(email.toLowerCase());
        if (!target) notRegistered.push(email);
        if (!target || target.id === user.id) continue; // the owner has it already
        shared.push(target.email);
        if (!(await addShare(tx, deck.id, target.id))) continue; // shared before: no notification
        await notify(
          tx,
          target.id,
          'desk_shared',
          {
            desk_id: deck.id,
            desk_name: deck.name,
            from_username: user.username,
            allow_editing: allowEditing,
          },
          { actorId: user.id },
        );
      }
      const out = await renderDeck(tx, user, await deckFor(tx, user.id, deck.id));
      return { desk: out, shared_with: shared, not_registered: notRegistered };
    });
    return c.json(result, 200);
  },

  async configureNewCards(c, { params, body }) {
    const { sql } = c.get('deps');
    const user = currentUser(c);
    const deck = await deckFor(sql, user.id, params.id);
    await setNewCardsPerDay(sql, deck, user.id, body.new_cards_per_day);
    return c.json(await renderDeck(sql, user, await deckFor(sql, user.id, deck.id)), 200);
  },
};
