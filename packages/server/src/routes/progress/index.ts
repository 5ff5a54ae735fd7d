/**
 * Progress (`tags: [progress]`): streaks and the progress figures, the activity history, time
 * tracking and the learning figures; one handler file per resource, merged here. Every domain
 * records activity through `recordActivity` (`db/queries/activities.ts`).
 */
import type { Handlers } from '../../contract/types.ts';
import { handlers as cardStats } from './card-stats.ts';
import { handlers as history } from './history.ts';
import { handlers as learning } from './learning.ts';
import { handlers as ranking } from './ranking.ts';
import { handlers as streak } from './streak.ts';
import { handlers as timeTracking } from './time-tracking.ts';

export const handlers: Handlers = {
  ...streak,
  ...history,
  ...cardStats,
  ...learning,
  ...ranking,
  ...timeTracking,
};
