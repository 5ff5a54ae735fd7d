/**
 * The one name of each kind of duel per language (issue 40: "Deck duel" against "Deck duel",
 * "Table duel" against "Numbers duel"): the title of an unnamed duel and the history's labels.
 * English follows the spec's plan features (Deck, Image, Table and Custom Duels); the clients'
 * catalogs (`packages/features/duels/messages.ts`, `shell/messages.ts`) use the same names, which
 * `packages/features/duel-names.test.ts` checks.
 */
import type { Language } from '../language.ts';

export type DuelKindName = 'desk' | 'custom' | 'images' | 'table';

export const DUEL_NAMES: Record<Language, Record<DuelKindName, string>> = {
  en: { desk: 'Desk duel', custom: 'Custom duel', images: 'Image duel', table: 'Table duel' },
  es: {
    desk: 'Duelo de mazo',
    custom: 'Duelo personalizado',
    images: 'Duelo de imágenes',
    table: 'Duelo de números',
  },
};
