/**
 * One name per thing in each language (issue 40 item 9: "Desk duel" on the duels page against
 * "Deck duel" in the history, "Table duel" against "Numbers duel", "Estándar" against "Standard",
 * "Macro imágenes" against "Macroimágenes", "challenges you to a Images duel"). The kinds of duel
 * are named as the server names them (`domain/duels/duel-names.ts`: untitled duels and the history's
 * labels), which follows the spec's plan features (Desk, Image, Table and Custom Duels).
 */
import { describe, expect, test } from 'vitest';
import { messages } from '../../packages/features/messages.ts';
import { DUEL_NAMES } from '../../packages/server/src/domain/duels/duel-names.ts';
import { ACTIVITY_LABELS } from '../../packages/server/src/domain/progress/activities.ts';

const KINDS = ['desk', 'custom', 'images', 'table'] as const;
type Kind = (typeof KINDS)[number];

/** The catalog keys that name each kind alone. */
const KEYS: Record<Kind, string[]> = {
  desk: ['duels.mode.desk', 'shell.submode.deskDuel', 'shell.activity.desk_duel'],
  custom: ['duels.mode.custom', 'shell.submode.customDuel', 'shell.activity.custom_duel'],
  images: ['duels.mode.images', 'shell.submode.imagesDuel', 'shell.activity.image_duel'],
  table: ['duels.mode.table', 'shell.submode.numbersDuel', 'shell.activity.table_duel'],
};
const GATE: Record<Kind, string> = {
  desk: 'gate.feature.deskDuels',
  custom: 'gate.feature.customDuels',
  images: 'gate.feature.imageDuels',
  table: 'gate.feature.tableDuels',
};

/** Other names seen for the same things; none may come back. */
const SLIPS = {
  en: [
    /\bdeck duels?\b/i,
    /\bimages duels?\b/i,
    /\bnumbers? duels?\b/i,
    /\ba (?:image|images) duel/i,
  ],
  es: [/\bduelos? de tabla\b/i, /\bduelos? de mazos\b/i, /\bmacro imágenes\b/i, /\bestándar\b/i],
} as const;

const singular = (plural: string) =>
  plural.toLowerCase().replace(/\b(duel|duelo|personalizado)s\b/g, '$1');

describe.each(['en', 'es'] as const)('the duel names in %s', (locale) => {
  const catalog = messages[locale] as Record<string, string>;

  test.each(KINDS)('%s: one name in every place that names it', (kind) => {
    const name = DUEL_NAMES[locale][kind];
    for (const key of KEYS[kind]) expect([key, catalog[key]]).toEqual([key, name]);
    expect(singular(catalog[GATE[kind]] ?? '')).toBe(name.toLowerCase());
  });

  test("the history's labels from the server are the same names", () => {
    expect(ACTIVITY_LABELS[locale].desk_duel).toBe(DUEL_NAMES[locale].desk);
    expect(ACTIVITY_LABELS[locale].image_duel).toBe(DUEL_NAMES[locale].images);
    expect(ACTIVITY_LABELS[locale].table_duel).toBe(DUEL_NAMES[locale].table);
    expect(ACTIVITY_LABELS[locale].macro_images).toBe(catalog['shell.mode.macroImages']);
  });

  test('no other name for the same thing is left in any message', () => {
    const slips = Object.entries(catalog).filter(([, text]) =>
      SLIPS[locale].some((slip) => slip.test(text)),
    );
    expect(slips).toEqual([]);
  });
});

test('a duel request names its kind with the right article', () => {
  const line = (locale: 'en' | 'es', kind: Kind) =>
    (messages[locale] as Record<string, string>)['duels.requests.from']?.match(
      new RegExp(`${kind} \\{([^}]*)\\}`),
    )?.[1];
  expect(line('en', 'images')).toBe('an image duel');
  expect(line('en', 'table')).toBe('a table duel');
  expect(line('es', 'images')).toBe('un duelo de imágenes');
});
