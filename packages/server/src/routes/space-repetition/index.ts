/**
 * Decks, cards and FSRS reviews (`tags: [space-repetition]`): one handler file per resource,
 * merged here. Each learner has their own schedule of a shared deck (`card_schedules`, one row per
 * learner and card) and their own new-cards limit.
 */
import type { Handlers } from '../../contract/types.ts';
import { handlers as anki } from './anki.ts';
import { handlers as cardBulk } from './card-bulk.ts';
import { handlers as cardStates } from './card-states.ts';
import { handlers as cards } from './cards.ts';
import { handlers as csvImport } from './csv-import.ts';
import { handlers as customStudy } from './custom-study.ts';
import { handlers as decks } from './desks.ts';
import { handlers as generation } from './generation.ts';
import { handlers as media } from './media.ts';
import { handlers as memoryModel } from './memory-model.ts';
import { handlers as noteTypes } from './note-types.ts';
import { handlers as notes } from './notes.ts';
import { handlers as offline } from './offline.ts';
import { handlers as presets } from './presets.ts';
import { handlers as reviews } from './reviews.ts';
import { handlers as search } from './search.ts';
import { handlers as tags } from './tags.ts';
import { handlers as workload } from './workload.ts';

export const handlers: Handlers = {
  ...decks,
  ...cards,
  ...cardStates,
  ...cardBulk,
  ...notes,
  ...noteTypes,
  ...offline,
  ...reviews,
  ...generation,
  ...memoryModel,
  ...anki,
  ...csvImport,
  ...media,
  ...workload,
  ...tags,
  ...search,
  ...presets,
  ...customStudy,
};
