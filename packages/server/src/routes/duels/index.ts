/**
 * Duels (`tags: [duels]`): question duels from a deck or custom questions, image and table
 * (number) recall duels, their requests, history and statistics. The server owns content, clock
 * and scores; every change reaches the other player live (`notify`, `duel_progress`).
 */
import type { Handlers } from '../../contract/types.ts';
import { handlers as matches } from './matches.ts';
import { handlers as questions } from './questions.ts';
import { handlers as ratings } from './ratings.ts';
import { handlers as recall } from './recall.ts';
import { handlers as requests } from './requests.ts';
import { handlers as stats } from './stats.ts';
import { handlers as training } from './training.ts';

export const handlers: Handlers = {
  ...matches,
  ...questions,
  ...ratings,
  ...recall,
  ...requests,
  ...stats,
  ...training,
};
