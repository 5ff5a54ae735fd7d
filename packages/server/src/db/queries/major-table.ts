/** The learner's own Major-System table: every SQL statement on `major_table_words`. */
import type { MajorLocale } from '../../domain/major-system/lexicon.ts';
import type { OwnWords } from '../../domain/major-system/own-table.ts';
import type { Query } from './pg.ts';

interface WordRow {
  digits: string;
  word: string;
}

export async function ownWords(q: Query, userId: number, language: MajorLocale): Promise<OwnWords> {
  const rows = await q<WordRow[]>`
    select digits, word from major_table_words
    where user_id = ${userId} and language = ${language}`;
  return new Map(rows.map((r) => [r.digits, r.word]));
}

/** Saves the words given and deletes the numbers whose word is empty, in one statement each. */
export async function saveOwnWords(
  q: Query,
  userId: number,
  language: MajorLocale,
  entries: readonly WordRow[],
): Promise<void> {
  const saved = entries.filter((e) => e.word);
  const cleared = entries.filter((e) => !e.word).map((e) => e.digits);
  if (saved.length > 0) {
    await q`
      insert into major_table_words (user_id, language, digits, word, updated_at)
      select ${userId}, ${language}, d, w, now()
      from unnest(${saved.map((e) => e.digits)}::text[], ${saved.map((e) => e.word)}::text[]) as t(d, w)
      on conflict (user_id, language, digits) do update set word = excluded.word, updated_at = now()`;
  }
  if (cleared.length > 0) {
    await q`
      delete from major_table_words
      where user_id = ${userId} and language = ${language} and digits = any(${cleared}::text[])`;
  }
}
