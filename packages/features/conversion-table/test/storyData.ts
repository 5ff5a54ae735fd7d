/** The learner's own table for the conversion-table stories (what the server answers). */
import type { MajorTable, MnemonicsLocale } from '@memoria/api';
import { api, HttpResponse } from '../../../../.storybook/msw.ts';

/** A few real suggestions of the English dictionary; the other numbers get two placeholders. */
const SUGGESTIONS: Record<string, string[]> = {
  '00': ['sauce', 'seesaw', 'sis'],
  '01': ['city', 'seed', 'suit'],
  '12': ['tin', 'tiny', 'den'],
  '28': ['knife', 'nephew', 'envy'],
  '31': ['mouth', 'mat', 'meat'],
  '41': ['rat', 'road', 'root'],
};

export function majorTable(
  language: MnemonicsLocale,
  saved: Record<string, string> = {},
): MajorTable {
  return {
    language,
    entries: Array.from({ length: 100 }, (_, i) => {
      const digits = String(i).padStart(2, '0');
      return {
        digits,
        word: saved[digits] ?? null,
        suggestions: SUGGESTIONS[digits] ?? [`word${digits}`, `other${digits}`],
      };
    }),
  };
}

/** `GET conversiontable/table/` with the language asked and `saved` words. */
export const tableHandler = (saved: Record<string, string> = {}) =>
  api.get('/conversiontable/table/', ({ request }) =>
    HttpResponse.json(
      majorTable(new URL(request.url).searchParams.get('language') === 'es' ? 'es' : 'en', saved),
    ),
  );
