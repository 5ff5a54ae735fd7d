/**
 * The pictures of image duels: emoji of things one can picture (animals, food, places, activities,
 * objects) from `emojibase-data`, with their CLDR names in English and Spanish. Read from disk on
 * first use. Names of one or two words only, so they can be typed back in a recall.
 */
import { readFileSync } from 'node:fs';
import { createRequire } from 'node:module';

export interface Picture {
  emoji: string;
  en: string;
  es: string;
}

interface EmojiEntry {
  hexcode: string;
  label: string;
  emoji: string;
  group?: number;
}

/** Emojibase groups: 3 animals & nature, 4 food & drink, 5 travel & places, 6 activities, 7 objects. */
const PICTURE_GROUPS = new Set([3, 4, 5, 6, 7]);

const require = createRequire(import.meta.url);
const load = (locale: 'en' | 'es') =>
  JSON.parse(
    readFileSync(require.resolve(`emojibase-data/${locale}/data.json`), 'utf8'),
  ) as EmojiEntry[];

let catalog: Picture[] | undefined;

const typeable = (label: string) => !label.includes(':') && label.split(' ').length <= 2;

/** Every picture, in emojibase's order (stable, so stored indexes stay meaningful). */
export function pictures(): readonly Picture[] {
  if (catalog) return catalog;
  const spanish = new Map(load('es').map((e) => [e.hexcode, e.label]));
  catalog = load('en')
    .filter((e) => e.group !== undefined && PICTURE_GROUPS.has(e.group) && typeable(e.label))
    .flatMap((e) => {
      const es = spanish.get(e.hexcode);
      return es && typeable(es) ? [{ emoji: e.emoji, en: e.label, es }] : [];
    });
  return catalog;
}
