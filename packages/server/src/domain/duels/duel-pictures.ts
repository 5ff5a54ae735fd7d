/**
 * The pictures of image duels: emoji of things one can picture (animals, food, places, activities,
 * objects) from `emojibase-data`, with their CLDR names in English and Spanish. Read from disk on
 * first use. Names of one or two words only, so they can be typed back in a recall.
 *
 * A recall also accepts a picture's common names in the duel's language (`namesOf`): its
 * shortcodes (GitHub's and Emojibase's in English, CLDR's in Spanish: "bee", "apple", "dog"), the
 * head noun of its name when emojibase tags it ("lorry" for "articulated lorry", "camión" for
 * "camión articulado") and, for a one-word compound, a tag it ends
 * with ("bee" for "honeybee"). Not the other tags: they describe ("red", "fruit", "animal").
 */
import { readFileSync } from 'node:fs';
import { createRequire } from 'node:module';

import { namePoints } from './duel-scoring.ts';

export type PictureLanguage = 'en' | 'es';

export interface Picture {
  emoji: string;
  en: string;
  es: string;
  /** Every name a recall accepts, per language: the name first, then its common names. */
  names: Record<PictureLanguage, string[]>;
}

interface EmojiEntry {
  hexcode: string;
  label: string;
  emoji: string;
  group?: number;
  tags?: string[];
}

type Shortcodes = Record<string, string | string[]>;

/** The shortcode sets read per language (Spanish has CLDR's only). */
const SHORTCODES: Record<PictureLanguage, string[]> = {
  en: ['github', 'emojibase'],
  es: ['cldr'],
};

/** Emojibase groups: 3 animals & nature, 4 food & drink, 5 travel & places, 6 activities, 7 objects. */
const PICTURE_GROUPS = new Set([3, 4, 5, 6, 7]);

const require = createRequire(import.meta.url);
const load = (locale: 'en' | 'es') =>
  JSON.parse(
    readFileSync(require.resolve(`emojibase-data/${locale}/data.json`), 'utf8'),
  ) as EmojiEntry[];

const loadShortcodes = (locale: PictureLanguage, set: string) =>
  JSON.parse(
    readFileSync(require.resolve(`emojibase-data/${locale}/shortcodes/${set}.json`), 'utf8'),
  ) as Shortcodes;

let catalog: Picture[] | undefined;
let byEmoji: Map<string, Picture> | undefined;

/**
 * The noun a name is about: English puts it last ("articulated lorry"), Spanish first ("camión
 * articulado"); an animal's face is named after the animal ("dog face", "cara de perro").
 */
function headNoun(label: string, locale: PictureLanguage): string {
  if (locale === 'en')
    return (
      label
        .replace(/ face$/, '')
        .split(' ')
        .at(-1) ?? label
    );
  return label.replace(/^cara de /, '').split(' ')[0] ?? label;
}

/** `label` and the common names of the emoji `hexcode` in `locale` (see the module's comment). */
function acceptedNames(
  entry: EmojiEntry,
  locale: PictureLanguage,
  shortcodes: readonly Shortcodes[],
): string[] {
  const { label } = entry;
  const tags = entry.tags ?? [];
  const names = new Set([label]);
  for (const set of shortcodes) {
    const codes = set[entry.hexcode];
    for (const code of Array.isArray(codes) ? codes : codes ? [codes] : []) {
      names.add(code.replaceAll('_', ' '));
    }
  }
  const head = headNoun(label, locale);
  if (tags.includes(head)) names.add(head);
  if (!label.includes(' ')) {
    for (const tag of tags) if (tag.length >= 3 && label.endsWith(tag)) names.add(tag);
  }
  return [...names];
}

const typeable = (label: string) => !label.includes(':') && label.split(' ').length <= 2;

/** Every picture, in emojibase's order (stable, so stored indexes stay meaningful). */
export function pictures(): readonly Picture[] {
  if (catalog) return catalog;
  const spanish = new Map(load('es').map((e) => [e.hexcode, e]));
  const codes = {
    en: SHORTCODES.en.map((set) => loadShortcodes('en', set)),
    es: SHORTCODES.es.map((set) => loadShortcodes('es', set)),
  };
  catalog = load('en')
    .filter((e) => e.group !== undefined && PICTURE_GROUPS.has(e.group) && typeable(e.label))
    .flatMap((e) => {
      const es = spanish.get(e.hexcode);
      if (!es || !typeable(es.label)) return [];
      const names = {
        en: acceptedNames(e, 'en', codes.en),
        es: acceptedNames(es, 'es', codes.es),
      };
      return [{ emoji: e.emoji, en: e.label, es: es.label, names }];
    });
  return catalog;
}

/** The names a recall accepts for the picture `emoji` in `language`; none for an unknown one. */
export function namesOf(emoji: string, language: PictureLanguage): string[] {
  byEmoji ??= new Map(pictures().map((p) => [p.emoji, p]));
  return byEmoji.get(emoji)?.names[language] ?? [];
}

/**
 * The point of each picture of a recall (1 when named at its position by its name or one of its
 * common names, else 0). A picture the catalog no longer has is judged on its stored name.
 */
export function picturePoints(
  items: readonly { picture: string; word: string }[],
  language: PictureLanguage,
  given: readonly string[],
): number[] {
  const names = items.map((item) => [item.word, ...namesOf(item.picture, language)]);
  return namePoints(names, given);
}
