/**
 * CSV import: a file in the deck export's format (or plain `front,back`) becomes one new deck of
 * the caller, each row a card. All or nothing, in one transaction; the rules are
 * `domain/decks/desk-csv.ts`'s.
 */
import type { Handlers } from '../../contract/types.ts';
import { insertCards } from '../../db/queries/cards.ts';
import { insertDeck } from '../../db/queries/desks.ts';
import {
  CSV_LIMITS,
  CSV_MESSAGES,
  DeckCsvError,
  readDeckCsv,
} from '../../domain/decks/deck-csv.ts';
import { currentUser } from '../../http/current-user.ts';
import { type FieldErrors, validationError } from '../../http/errors.ts';
import { formText, readForm } from './form.ts';

/** The contract's bound of a deck name. */
const DECK_NAME_MAX = 200;

/** The deck's name: the one sent, else the file's name without its extension. */
const deckName = (sent: string | undefined, file: File) =>
  (sent?.trim() || file.name.replace(/\.[^.]*$/, '').trim() || 'CSV').slice(0, DECK_NAME_MAX);

export const handlers: Handlers = {
  async importDeskCsv(c) {
    const { sql } = c.get('deps');
    const user = currentUser(c);
    const form = await readForm(c);
    const fields: FieldErrors = {};
    const name = formText(fields, form, 'name', false, DECK_NAME_MAX);
    const file = form.file;
    if (!(file instanceof File)) fields.file = [CSV_MESSAGES.fileRequired];
    if (Object.keys(fields).length > 0 || !(file instanceof File)) throw validationError(fields);
    if (file.size > CSV_LIMITS.bytes) {
      throw validationError({ file: [CSV_MESSAGES.tooLarge] }, CSV_MESSAGES.tooLarge);
    }
    let cards: ReturnType<typeof readDeckCsv>;
    try {
      cards = readDeckCsv(new Uint8Array(await file.arrayBuffer()));
    } catch (error) {
      if (!(error instanceof DeckCsvError)) throw error;
      throw validationError(error.fields, error.message);
    }
    const deck = { id: 0, name: deckName(name, file), cards: cards.length };
    await sql.begin(async (tx) => {
      deck.id = await insertDeck(tx, {
        ownerId: user.id,
        name: deck.name,
        newCardsPerDay: 10,
        allowEditing: false,
      });
      const createdAt = new Date();
      await insertCards(
        tx,
        cards.map((card) => ({ deckId: deck.id, ...card, createdBy: user.id, createdAt })),
      );
    });
    return c.json(
      { desks: [deck], cards_imported: cards.length, reviews_imported: 0, skipped: [] },
      201,
    );
  },
};
