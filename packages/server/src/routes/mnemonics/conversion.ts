/** The Major-System conversion table: words for numbers, and a phrase for one number. */
import type { Handlers, Schemas } from '../../contract/types.ts';
import { recordActivity } from '../../db/queries/activities.ts';
import { ownWords } from '../../db/queries/major-table.ts';
import { convertNumber, generatePhrase, packedLexicon } from '../../domain/major-system/convert.ts';
import { currentUser } from '../../http/current-user.ts';
import { validationError } from '../../http/errors.ts';
import { MESSAGES } from './messages.ts';

/** The digits-and-spaces rule of both forms, with the spec's messages. */
function digitsOnly(field: string, value: string, emptyMessage: string): string[] {
  if (/[^0-9\s]/.test(value)) {
    throw validationError({ [field]: [MESSAGES.onlyNumbers] }, MESSAGES.onlyNumbers);
  }
  const numbers = value.split(/\s+/).filter(Boolean);
  if (numbers.length === 0) throw validationError({ [field]: [emptyMessage] }, emptyMessage);
  return numbers;
}

export const handlers: Handlers = {
  async convertNumbers(c, { body }) {
    const { sql } = c.get('deps');
    const user = currentUser(c);
    const language = body.language ?? 'en';
    const numbers = digitsOnly('numbers', body.numbers, MESSAGES.noNumbers);
    const own = await ownWords(sql, user.id, language);
    const results = numbers.map((n) => convertNumber(language, n, own));
    await recordActivity(sql, user.id, { type: 'conversion_table' });
    const out: Schemas['ConversionResult'] = { language, results };
    return c.json(out, 200);
  },

  /** The word index the browser converts with offline (the same answers as above). */
  async getConversionLexicon(c, { query }) {
    currentUser(c);
    const language = query.language ?? 'en';
    const out: Schemas['ConversionLexicon'] = { language, words: packedLexicon(language) };
    return c.json(out, 200);
  },

  async generatePhrase(c, { body }) {
    const { sql } = c.get('deps');
    const user = currentUser(c);
    const language = body.language ?? 'en';
    const number = digitsOnly('number', body.number, MESSAGES.numberEmpty).join('');
    const phrase = generatePhrase(language, number, await ownWords(sql, user.id, language));
    // Every digit has words in both languages (a test holds the lexicons to it).
    if (!phrase) throw new Error(`no Major-System words cover ${number} in ${language}`);
    await recordActivity(sql, user.id, { type: 'conversion_table' });
    const out: Schemas['GeneratedPhrase'] = {
      number,
      language,
      phrase: phrase.phrase,
      words: phrase.words,
      provider: 'rules',
    };
    return c.json(out, 200);
  },
};
