/** The learner's memory model: its status (fitted parameters, held-out log loss) and retention. */
import type { Handlers, Schemas } from '../../contract/types.ts';
import {
  type MemoryModelRecord,
  memoryModel,
  setDesiredRetention,
} from '../../db/queries/memory-models.ts';
import type { Query } from '../../db/queries/pg.ts';
import { reviewCount } from '../../db/queries/reviews.ts';
import { MIN_REVIEWS_TO_FIT, REFIT_AFTER_NEW_REVIEWS } from '../../domain/review/memory-model.ts';
import { currentUser } from '../../http/current-user.ts';

function toMemoryModel(model: MemoryModelRecord, reviews: number): Schemas['MemoryModel'] {
  return {
    desired_retention: model.desiredRetention,
    uses_fitted_parameters: model.parameters !== null,
    fitting: model.fitting,
    reviews_count: reviews,
    min_reviews: MIN_REVIEWS_TO_FIT,
    new_reviews: model.newReviews,
    refit_after: REFIT_AFTER_NEW_REVIEWS,
    fit_outcome: model.fitOutcome,
    fitted_at: model.fittedAt?.toISOString() ?? null,
    fitted_reviews: model.fittedReviews,
    evaluated_reviews: model.evaluatedReviews,
    log_loss: model.logLoss,
    default_log_loss: model.defaultLogLoss,
  };
}

async function render(q: Query, userId: number): Promise<Schemas['MemoryModel']> {
  const [model, reviews] = await Promise.all([memoryModel(q, userId), reviewCount(q, userId)]);
  return toMemoryModel(model, reviews);
}

export const handlers: Handlers = {
  async getMemoryModel(c) {
    const { sql } = c.get('deps');
    return c.json(await render(sql, currentUser(c).id), 200);
  },

  // The contract bounds the retention (0.70–0.97); a value outside answers 400 naming the field.
  async updateMemoryModel(c, { body }) {
    const { sql } = c.get('deps');
    const user = currentUser(c);
    await setDesiredRetention(sql, user.id, body.desired_retention);
    return c.json(await render(sql, user.id), 200);
  },
};
