/** Activity kinds and their labels in the caller's language. */
import type { Schemas } from '../../contract/schemas.ts';
import { DUEL_NAMES } from '../duels/duel-names.ts';
import type { Language } from '../language.ts';

export type ActivityType = Schemas['ActivityType'];

export const ACTIVITY_LABELS: Record<Language, Record<ActivityType, string>> = {
  en: {
    space_repetition: 'Space Repetition',
    desk_duel: DUEL_NAMES.en.desk,
    custom_duel: DUEL_NAMES.en.custom,
    table_duel: DUEL_NAMES.en.table,
    image_duel: DUEL_NAMES.en.images,
    conversion_table: 'Conversion Table',
    macro_images: 'Macro Images',
  },
  es: {
    space_repetition: 'Repetición espaciada',
    desk_duel: DUEL_NAMES.es.desk,
    custom_duel: DUEL_NAMES.es.custom,
    table_duel: DUEL_NAMES.es.table,
    image_duel: DUEL_NAMES.es.images,
    conversion_table: 'Tabla de conversión',
    macro_images: 'Macroimágenes',
  },
};

/**
 * The caller's language from `Accept-Language`: Spanish when the first supported tag (by
 * quality) is `es`, English otherwise (the product's two languages, English the default).
 */
export function languageOf(acceptLanguage: string | undefined): Language {
  if (!acceptLanguage) return 'en';
  const tags = acceptLanguage
    .slice(0, 500)
    .split(',')
    .map((part, index) => {
      const [tag = '', ...params] = part.trim().split(';');
      const q = params.map((p) => p.trim()).find((p) => p.startsWith('q='));
      const quality = q ? Number(q.slice(2)) : 1;
      return {
        base: tag.toLowerCase().split('-')[0],
        quality: Number.isNaN(quality) ? 0 : quality,
        index,
      };
    })
    .filter((t) => (t.base === 'en' || t.base === 'es') && t.quality > 0)
    .sort((a, b) => b.quality - a.quality || a.index - b.index);
  return tags[0]?.base === 'es' ? 'es' : 'en';
}
