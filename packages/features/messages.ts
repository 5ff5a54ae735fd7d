/**
 * Every catalog of the app, merged: the UI package's, the shared error catalog and each
 * feature's `messages.ts` (`{ en, es }` with the same keys). A new feature adds its catalog to `catalogs` below;
 * `messages.test.ts` fails when the en and es key sets differ in any of them, and
 * `shared/catalogs.test.tsx` when the per-locale catalogs of the islands differ from these.
 */
import { type Locale, uiMessages } from '@memoria/ui/messages';
import * as auth from './auth/messages.ts';
import * as cardBrowser from './card-browser/messages.ts';
import * as conversionTable from './conversion-table/messages.ts';
import * as deckReview from './deck-review/messages.ts';
import * as decks from './decks/messages.ts';
import * as duels from './duels/messages.ts';
import * as friends from './friends/messages.ts';
import * as gate from './gate/messages.ts';
import * as invitations from './invitations/messages.ts';
import * as liveQuiz from './live-quiz/messages.ts';
import * as macroImages from './macro-chat/messages.ts';
import * as pricing from './pricing/messages.ts';
import * as profile from './profile/messages.ts';
import * as progress from './progress/messages.ts';
import * as schools from './school-wizard/messages.ts';
import * as errors from './shared/errorMessages.ts';
import * as shell from './shell/messages.ts';
import * as training from './training/messages.ts';

export type Catalog = Record<string, string>;

/** Each catalog by name (the UI package's first), for the key-parity test. */
export const catalogs: Record<string, Record<Locale, Catalog>> = {
  ui: uiMessages,
  errors,
  auth,
  cardBrowser,
  decks,
  deckReview,
  friends,
  gate,
  pricing,
  progress,
  profile,
  shell,
  conversionTable,
  macroImages,
  duels,
  invitations,
  schools,
  training,
  liveQuiz,
};

function merge(locale: Locale): Catalog {
  const merged: Catalog = {};
  for (const catalog of Object.values(catalogs)) Object.assign(merged, catalog[locale]);
  return merged;
}

/**
 * The merged catalog per locale, for the server's translations (`serverIntl.ts`), Storybook and
 * tests. The islands in the browser load one locale's instead (`messages.en.ts`, `messages.es.ts`).
 */
export const messages: Record<Locale, Catalog> = { en: merge('en'), es: merge('es') };
