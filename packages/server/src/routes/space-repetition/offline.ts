/**
 * The cards a learner keeps for reviewing offline (docs/features/offline.md): the due queue read
 * with a window of several of their days, each card with its whole FSRS state, and what the
 * browser needs to schedule as the server does (their memory model, each deck's preset part).
 */
import { clockOf } from '../../clock.ts';
import type { Handlers, Schemas } from '../../contract/types.ts';
import { dueQueue } from '../../db/queries/queue.ts';
import {
  addDays,
  learnerDay,
  scheduleToJson,
  startOfLocalDay,
} from '../../domain/review/scheduling.ts';
import { currentUser } from '../../http/current-user.ts';
import { notFound } from '../../http/errors.ts';
import { toCard } from '../../services/review/responses.ts';
import { MESSAGES } from './messages.ts';

const DEFAULT_DAYS = 3;
const DEFAULT_LIMIT = 500;

export const handlers: Handlers = {
  async listOfflineCards(c, { query }) {
    const { sql } = c.get('deps');
    const user = currentUser(c);
    const now = clockOf(c.get('deps')).now();
    const day = learnerDay(now, user.timezone);
    const until = startOfLocalDay(addDays(day.day, query.days ?? DEFAULT_DAYS), user.timezone);
    // Every card due before the window's end is due in it: review cards and learning steps alike.
    const queue = await dueQueue(sql, {
      userId: user.id,
      deckId: query.desk_id,
      day: day.day,
      window: { reviewBefore: until, learningBy: until, learnAheadBy: until },
      limit: query.limit ?? DEFAULT_LIMIT,
      dayStart: day.start,
    });
    if (query.desk_id !== undefined && queue.decks === 0) throw notFound(MESSAGES.deckNotFound);
    const deckIds = [...new Set(queue.cards.map((card) => card.deckId))];
    const result: Schemas['OfflineCards'] = {
      generated_at: now.toISOString(),
      day: day.day,
      until: until.toISOString(),
      desk_id: query.desk_id ?? null,
      desired_retention: queue.model.desiredRetention,
      parameters: queue.model.parameters ? [...queue.model.parameters] : null,
      decks: deckIds.map((deckId) => {
        const preset = queue.deckPresets.get(deckId);
        return {
          desk_id: deckId,
          desired_retention: preset?.desiredRetention ?? null,
          learning_steps: preset ? [...preset.learningSteps] : ['1m', '10m'],
          relearning_steps: preset ? [...preset.relearningSteps] : ['10m'],
        };
      }),
      cards: queue.cards.map((card) => {
        const { introduced_at: _, ...fsrs } = scheduleToJson(card.schedule, null);
        return { ...toCard(card, card.schedule, now), fsrs };
      }),
    };
    return c.json(result, 200);
  },
};
