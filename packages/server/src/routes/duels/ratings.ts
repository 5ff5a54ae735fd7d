/** The caller's Glicko-2 ratings per discipline and a leaderboard by rating (`getRatings`). */
import { clockOf } from '../../clock.ts';
import type { Handlers, Schemas } from '../../contract/types.ts';
import { conservativeRating } from '../../domain/ratings/glicko.ts';
import { currentUser } from '../../http/current-user.ts';
import { validationError } from '../../http/errors.ts';
import { type RatingScope, ratingsView } from '../../services/ratings/ratings-view.ts';
import { MESSAGES } from './messages.ts';
import { renderUser } from './responses.ts';

export const handlers: Handlers = {
  async getRatings(c, { query }) {
    const { sql } = c.get('deps');
    const user = currentUser(c);
    if (query.scope === 'school' && query.school_id === undefined) {
      throw validationError({ school_id: [MESSAGES.schoolRequired] });
    }
    const scope: RatingScope =
      query.scope === 'school' && query.school_id !== undefined
        ? { kind: 'school', schoolId: query.school_id }
        : { kind: 'friends' };
    const now = clockOf(c.get('deps')).now();
    const { mine, discipline, board } = await ratingsView(
      sql,
      user.id,
      scope,
      query.discipline,
      now,
    );
    const body: Schemas['Ratings'] = {
      ratings: mine.map((r) => ({ ...r, conservative_rating: conservativeRating(r) })),
      leaderboard: {
        scope: scope.kind,
        school_id: scope.kind === 'school' ? scope.schoolId : null,
        discipline,
        entries: board.entries.map((e) => ({
          rank: e.rank,
          user: renderUser(e.user),
          is_me: e.userId === user.id,
          rating: e.rating,
          deviation: e.deviation,
          conservative_rating: conservativeRating(e),
          games: e.games,
        })),
        my_rank: board.myRank,
      },
    };
    return c.json(body, 200);
  },
};
