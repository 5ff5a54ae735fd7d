/** The caller's Glicko-2 ratings per discipline and a leaderboard by rating (`getRatings`). */
import { clockOf } from '../../clock.ts';
import type { Handlers, Schemas } from '../../contract/types.ts';
import { conservativeRating } from '../../domain/ratings/glicko.ts';
import { currentUser } from '../../http/current-user.ts';
import { validationError } from '../../http/errors.ts';
import { pageLinks, pageWindow } from '../../http/pagination.ts';
import {
  leaderboardPageView,
  type RatingScope,
  ratingsView,
} from '../../services/ratings/ratings-view.ts';
import { MESSAGES } from './messages.ts';
import { renderUser } from './responses.ts';

/** The board's scope from the query; `scope=school` without `school_id` is 400 naming it. */
function scopeOf(query: { scope?: 'friends' | 'school'; school_id?: number }): RatingScope {
  if (query.scope !== 'school') return { kind: 'friends' };
  if (query.school_id === undefined) {
    throw validationError({ school_id: [MESSAGES.schoolRequired] });
  }
  return { kind: 'school', schoolId: query.school_id };
}

export const handlers: Handlers = {
  async getRatingsLeaderboard(c, { query }) {
    const { sql } = c.get('deps');
    const user = currentUser(c);
    const scope = scopeOf(query);
    const page = { page: query.page ?? 1, pageSize: query.page_size ?? 20 };
    const board = await leaderboardPageView(
      sql,
      user.id,
      scope,
      query.discipline,
      pageWindow(page),
    );
    const body: Schemas['RatingLeaderboardPage'] = {
      count: board.count,
      ...pageLinks(c, page, board.count),
      scope: scope.kind,
      school_id: scope.kind === 'school' ? scope.schoolId : null,
      discipline: query.discipline,
      my_rank: board.myRank,
      results: board.rows.map((e) => ({
        rank: e.rank,
        user: renderUser(e.user),
        is_me: e.userId === user.id,
        rating: e.rating,
        deviation: e.deviation,
        conservative_rating: conservativeRating(e),
        games: e.games,
      })),
    };
    return c.json(body, 200);
  },

  async getRatings(c, { query }) {
    const { sql } = c.get('deps');
    const user = currentUser(c);
    const scope = scopeOf(query);
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
