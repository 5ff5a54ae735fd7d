/** The activity history: a page of the learner's activities, labels in the caller's language. */
import { clockOf } from '../../clock.ts';
import type { Handlers, Schemas } from '../../contract/types.ts';
import { type ActivityEntry, listActivities } from '../../db/queries/activities.ts';
import type { Language } from '../../domain/language.ts';
import { ACTIVITY_LABELS, languageOf } from '../../domain/progress/activities.ts';
import { currentUser } from '../../http/current-user.ts';
import { pageLinks, pageWindow } from '../../http/pagination.ts';
import { settleRunning } from '../../services/duels/duel-settlement.ts';

function toActivity(a: ActivityEntry, language: Language): Schemas['Activity'] {
  return {
    id: a.id,
    activity_type: a.type,
    activity_type_display: ACTIVITY_LABELS[language][a.type],
    updated_at: a.updatedAt.toISOString(),
    deck_id: a.deckId,
    deck_name: a.deckName,
    duel_id: a.duelId,
    duel_type: a.duelType,
    opponent_username: a.opponentUsername,
    result: a.result,
    my_score: a.myScore,
    opponent_score: a.opponentScore,
    chat_id: a.chatId,
    chat_title: a.chatTitle,
  };
}

export const handlers: Handlers = {
  async listActivityHistory(c, { query }) {
    const { sql } = c.get('deps');
    const user = currentUser(c);
    // Duels whose time ran out count with their result, even if nobody opened them since.
    await settleRunning(sql, [user.id], clockOf(c.get('deps')).now());
    const language = languageOf(c.req.header('accept-language'));
    const page = { page: query.page ?? 1, pageSize: query.page_size ?? 20 };
    const { count, activities } = await listActivities(
      sql,
      user.id,
      query.activity_type,
      pageWindow(page),
    );
    const body: Schemas['ActivityPage'] = {
      count,
      ...pageLinks(c, page, count),
      results: activities.map((a) => toActivity(a, language)),
    };
    return c.json(body, 200);
  },
};
