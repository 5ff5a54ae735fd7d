/** The friends ranking (`auth/progress/ranking/`): the learner among their friends this week. */
import type { Handlers, Schemas } from '../../contract/types.ts';
import { rankingCounts } from '../../db/queries/activities.ts';
import { RANKING_DAYS, rankByActivities } from '../../domain/friends/ranking.ts';
import { currentUser } from '../../http/current-user.ts';

export const handlers: Handlers = {
  async getProgressRanking(c, { query }) {
    const { sql } = c.get('deps');
    const user = currentUser(c);
    const ranked = rankByActivities(await rankingCounts(sql, user.id, RANKING_DAYS));
    const me = ranked.find((p) => p.id === user.id);
    if (!me) throw new Error(`getProgressRanking: user ${user.id} not ranked`);
    const body: Schemas['ProgressRanking'] = {
      entries: ranked.slice(0, query.limit ?? 10).map((p) => ({
        rank: p.rank,
        user: {
          id: p.id,
          email: p.email,
          username: p.username,
          first_name: p.firstName,
          last_name: p.lastName,
        },
        is_me: p.id === user.id,
        activities: p.activities,
      })),
      my_rank: me.rank,
      total: ranked.length,
    };
    return c.json(body, 200);
  },
};
