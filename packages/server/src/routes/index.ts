import type { Handlers } from '../contract/types.ts';
import { handlers as auth } from './auth.ts';
import { handlers as duels } from './duels/index.ts';
import { handlers as events } from './events.ts';
import { handlers as friends } from './friends/index.ts';
import { invitations, relationships } from './invitations/index.ts';
import { conversionTable, macroImages } from './mnemonics/index.ts';
import { handlers as notifications } from './notifications.ts';
import { handlers as progress } from './progress/index.ts';
import { handlers as pushSubscriptions } from './push-subscriptions.ts';
import { handlers as schools } from './schools/index.ts';
import { handlers as spaceRepetition } from './space-repetition/index.ts';
import { handlers as subscriptions } from './subscriptions/index.ts';
import { handlers as system } from './system.ts';

/** One module per contract tag; each exports `handlers` keyed by operationId. */
export const routeModules: Record<string, Handlers> = {
  system,
  auth,
  'space-repetition': spaceRepetition,
  progress,
  notifications,
  'push-subscriptions': pushSubscriptions,
  events,
  friends,
  'macro-images': macroImages,
  'conversion-table': conversionTable,
  subscriptions,
  duels,
  invitations,
  relationships,
  // Schools, courses and subjects (tags schools, courses, subjects).
  schools,
};

/** Every handler, keyed by operationId; an operationId defined twice is a start-up error. */
export function allHandlers(modules: Record<string, Handlers> = routeModules): Handlers {
  const merged: Record<string, unknown> = {};
  for (const [name, handlers] of Object.entries(modules)) {
    for (const [operationId, handler] of Object.entries(handlers)) {
      if (operationId in merged) {
        throw new Error(`Handler for ${operationId} is defined twice (again in routes/${name}.ts)`);
      }
      merged[operationId] = handler;
    }
  }
  return merged as Handlers;
}
