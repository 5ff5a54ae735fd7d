/** Cards: a desk's paginated list, create, edit (text and images), delete. */
import type { Handlers, Schemas } from '../../contract/types.ts';
import { deleteCard, insertCard, listCards, updateCard } from '../../db/queries/cards.ts';
import { inTransaction } from '../../db/transaction.ts';
import { stateOf } from '../../domain/review/scheduling.ts';
import { currentUser } from '../../http/current-user.ts';
import { pageLinks, pageWindow } from '../../http/pagination.ts';
import { assertCanEdit, cardFor, deskFor } from '../../services/decks/access.ts';
import { checkSides, readCardInput } from './card-input.ts';
import { toCard } from './responses.ts';

export const handlers: Handlers = {
  async listDeskCards(c, { params, query }) {
    const { sql } = c.get('deps');
    const user = currentUser(c);
    const desk = await deskFor(sql, user.id, params.id);
    const page = { page: query.page ?? 1, pageSize: query.page_size ?? 20 };
    const { count, cards } = await listCards(
      sql,
      user.id,
      desk.id,
      {
        search: query.search?.trim() || undefined,
        state: query.state ? stateOf(query.state) : undefined,
      },
      pageWindow(page),
    );
    const body: Schemas['CardPage'] = {
      count,
      ...pageLinks(c, page, count),
      results: cards.map((card) => toCard(card)),
    };
    return c.json(body, 200);
  },

  async createCard(c, { body }) {
    const { sql } = c.get('deps');
    const user = currentUser(c);
    const input = await readCardInput(c, body, true);
    const cardId = await inTransaction(sql, async (tx) => {
      const desk = await deskFor(tx, user.id, input.deskId ?? 0);
      assertCanEdit(desk);
      const front = input.front ?? '';
      const back = input.back ?? '';
      checkSides(front, back, Boolean(input.frontImage), Boolean(input.backImage));
      return insertCard(tx, {
        deskId: desk.id,
        front,
        back,
        frontImage: input.frontImage ?? undefined,
        backImage: input.backImage ?? undefined,
        createdBy: user.id,
      });
    });
    const { card } = await cardFor(sql, user.id, cardId);
    return c.json(toCard(card), 201);
  },

  async updateCard(c, { params, body }) {
    const { sql } = c.get('deps');
    const user = currentUser(c);
    const input = await readCardInput(c, body, false);
    const { card, desk } = await cardFor(sql, user.id, params.id);
    assertCanEdit(desk);
    const front = input.front ?? card.front;
    const back = input.back ?? card.back;
    const keeps = (image: unknown, stored: unknown) =>
      Boolean(image === undefined ? stored : image);
    checkSides(
      front,
      back,
      keeps(input.frontImage, card.frontImage),
      keeps(input.backImage, card.backImage),
    );
    await updateCard(sql, card.id, {
      front,
      back,
      frontImage: input.frontImage,
      backImage: input.backImage,
    });
    return c.json(toCard((await cardFor(sql, user.id, card.id)).card), 200);
  },

  async deleteCard(c, { params }) {
    const { sql } = c.get('deps');
    const user = currentUser(c);
    await inTransaction(sql, async (tx) => {
      // The desk row is locked before the card's, the order sharing takes them in: no deadlock.
      const { card } = await cardFor(tx, user.id, params.id);
      const desk = await deskFor(tx, user.id, card.deskId, 'update');
      assertCanEdit(desk);
      await deleteCard(tx, card.id, desk.id);
    });
    return c.body(null, 204);
  },
};
