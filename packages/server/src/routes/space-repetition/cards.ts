/**
 * Cards: a deck's paginated list, create, edit (text and images), delete. A card made or edited
 * here is a `basic` note's (its text is the note's fields); notes of other types are edited
 * through their note (`notes.ts`).
 */
import type { Handlers, Schemas } from '../../contract/types.ts';
import { deleteCard, listCards, updateCard } from '../../db/queries/cards.ts';
import { findNote, insertBasicCard, syncNoteCards, updateNote } from '../../db/queries/notes.ts';
import { inTransaction } from '../../db/transaction.ts';
import { textToHtml } from '../../domain/notes/html-text.ts';
import { NOTE_MESSAGES } from '../../domain/notes/messages.ts';
import { basicCardOfText } from '../../domain/notes/render.ts';
import { stateOf } from '../../domain/review/scheduling.ts';
import { currentUser } from '../../http/current-user.ts';
import { validationError } from '../../http/errors.ts';
import { pageLinks, pageWindow } from '../../http/pagination.ts';
import { assertCanEdit, cardFor, deckFor } from '../../services/decks/access.ts';
import { toCard } from '../../services/review/responses.ts';
import { checkSides, readCardInput } from './card-input.ts';
import { prepareNote } from './notes.ts';

/** The note field each side of a card of a basic-family note shows (the reverse swaps them). */
function sideFields(stockType: string | null, ordinal: number) {
  if (stockType === 'basic' || stockType === 'basic_type_in')
    return { front: 'front', back: 'back' };
  if (stockType === 'basic_reversed' || stockType === 'basic_optional_reversed') {
    return ordinal === 2 ? { front: 'back', back: 'front' } : { front: 'front', back: 'back' };
  }
  return null;
}

export const handlers: Handlers = {
  async listDeskCards(c, { params, query }) {
    const { sql } = c.get('deps');
    const user = currentUser(c);
    const deck = await deckFor(sql, user.id, params.id);
    const page = { page: query.page ?? 1, pageSize: query.page_size ?? 20 };
    const { count, cards } = await listCards(
      sql,
      user.id,
      deck.id,
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
      const deck = await deckFor(tx, user.id, input.deckId ?? 0);
      assertCanEdit(deck);
      const front = input.front ?? '';
      const back = input.back ?? '';
      checkSides(front, back, Boolean(input.frontImage), Boolean(input.backImage));
      return insertBasicCard(tx, {
        deckId: deck.id,
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
    await inTransaction(sql, async (tx) => {
      const { card, deck } = await cardFor(tx, user.id, params.id);
      assertCanEdit(deck);
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
      const note = await findNote(tx, card.noteId);
      const sides = note && sideFields(note.stockType, card.ordinal);
      if (!note || !sides) throw validationError({ front: [NOTE_MESSAGES.editThroughNote] });
      // A side whose text did not change keeps its field, formatting and all.
      const fields = { ...note.fields };
      if (front !== card.front) fields[sides.front] = textToHtml(front);
      if (back !== card.back) fields[sides.back] = textToHtml(back);
      await updateNote(tx, note.id, { fields, tags: note.tags });
      if (note.stockType === 'basic') {
        // A basic card may have an empty side (an image-only card): its sides are its fields.
        const basic = basicCardOfText(front, back);
        await updateCard(tx, card.id, {
          front,
          back,
          frontHtml: front === card.front ? card.frontHtml : basic.card.frontHtml,
          backHtml: back === card.back ? card.backHtml : basic.card.backHtml,
          frontImage: input.frontImage,
          backImage: input.backImage,
        });
        return;
      }
      const { cards } = prepareNote(
        { kind: 'stock', key: note.stockType as 'basic_reversed' },
        fields,
        note.tags,
      );
      await syncNoteCards(tx, { id: note.id, deckId: deck.id }, cards, user.id);
      if (input.frontImage !== undefined || input.backImage !== undefined) {
        const kept = cards.find((c) => c.ordinal === card.ordinal);
        if (kept) {
          await updateCard(tx, card.id, {
            ...kept,
            frontImage: input.frontImage,
            backImage: input.backImage,
          });
        }
      }
    });
    return c.json(toCard((await cardFor(sql, user.id, params.id)).card), 200);
  },

  async deleteCard(c, { params }) {
    const { sql } = c.get('deps');
    const user = currentUser(c);
    await inTransaction(sql, async (tx) => {
      // The deck row is locked before the card's, the order sharing takes them in: no deadlock.
      const { card } = await cardFor(tx, user.id, params.id);
      const deck = await deckFor(tx, user.id, card.deckId, 'update');
      assertCanEdit(deck);
      await deleteCard(tx, card.id, deck.id);
    });
    return c.body(null, 204);
  },
};
