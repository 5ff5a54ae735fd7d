/** The learner's own Major-System table, 00 to 99: read it with suggestions, save words. */
import type { Handlers, Schemas } from '../../contract/types.ts';
import { ownWords, saveOwnWords } from '../../db/queries/major-table.ts';
import type { Query } from '../../db/queries/pg.ts';
import { lexicon, type MajorLocale } from '../../domain/major-system/lexicon.ts';
import {
  TABLE_NUMBERS,
  tableSuggestions,
  tableWordProblem,
} from '../../domain/major-system/own-table.ts';
import { currentUser } from '../../http/current-user.ts';
import { type FieldErrors, validationError } from '../../http/errors.ts';
import { MESSAGES } from './messages.ts';

async function renderTable(
  q: Query,
  userId: number,
  language: MajorLocale,
): Promise<Schemas['MajorTable']> {
  const own = await ownWords(q, userId, language);
  const lex = lexicon(language);
  return {
    language,
    entries: TABLE_NUMBERS.map((digits) => ({
      digits,
      word: own.get(digits) ?? null,
      suggestions: tableSuggestions(lex, digits),
    })),
  };
}

export const handlers: Handlers = {
  async getMajorTable(c, { query }) {
    const { sql } = c.get('deps');
    const user = currentUser(c);
    return c.json(await renderTable(sql, user.id, query.language ?? 'en'), 200);
  },

  async updateMajorTable(c, { body }) {
    const { sql } = c.get('deps');
    const user = currentUser(c);
    const language = body.language ?? 'en';
    const lex = lexicon(language);
    const fields: FieldErrors = {};
    const seen = new Set<string>();
    const entries = body.entries.map((e, i) => {
      const word = e.word.trim().replace(/\s+/g, ' ');
      const field = `entries.${i}.word`;
      if (seen.has(e.digits)) fields[`entries.${i}.digits`] = [MESSAGES.numberRepeated];
      seen.add(e.digits);
      const problem = word ? tableWordProblem(lex, e.digits, word) : null;
      if (problem?.kind === 'letters_only') fields[field] = [MESSAGES.lettersOnly];
      else if (problem?.kind === 'not_in_dictionary') fields[field] = [MESSAGES.notInDictionary];
      else if (problem) fields[field] = [MESSAGES.doesNotEncode(e.digits, problem.encodes)];
      return { digits: e.digits, word };
    });
    if (Object.keys(fields).length > 0) throw validationError(fields);
    await saveOwnWords(sql, user.id, language, entries);
    return c.json(await renderTable(sql, user.id, language), 200);
  },
};
