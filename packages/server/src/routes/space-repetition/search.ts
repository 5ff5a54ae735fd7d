/** The card browser's search (`searchCards`, docs/features/search.md). */
import type { Handlers, Schemas } from '../../contract/types.ts';
import { learnerModel } from '../../db/queries/memory-models.ts';
import { type SearchHit, searchCards } from '../../db/queries/search.ts';
import { learnerDay, stateName } from '../../domain/review/scheduling.ts';
import { parseSearch, SearchSyntaxError } from '../../domain/search/query.ts';
import { forgettingCurve } from '../../domain/search/retrievability.ts';
import { currentUser } from '../../http/current-user.ts';
import { validationError } from '../../http/errors.ts';
import { pageLinks, pageWindow } from '../../http/pagination.ts';

/** A parse error as the shared 400 naming `q`. */
function parsed(q: string) {
  try {
    return parseSearch(q);
  } catch (e) {
    if (e instanceof SearchSyntaxError) throw validationError({ q: [e.message] });
    throw e;
  }
}

const toResult = (hit: SearchHit): Schemas['CardSearchResult'] => ({
  id: hit.id,
  desk_id: hit.deckId,
  desk_name: hit.deckName,
  note_id: hit.noteId,
  ordinal: hit.ordinal,
  note_type: hit.noteType,
  front: hit.front,
  back: hit.back,
  tags: hit.tags,
  state: stateName(hit.state),
  due: hit.due.toISOString(),
  interval: hit.interval,
  stability: hit.stability,
  difficulty: Math.min(10, Math.max(0, hit.difficulty)),
  reps: hit.reps,
  lapses: hit.lapses,
  retrievability: hit.retrievability === null ? null : Math.min(1, Math.max(0, hit.retrievability)),
  suspended: hit.suspended,
  buried: hit.buried,
  flag: hit.flag,
  created_at: hit.createdAt.toISOString(),
});

export const handlers: Handlers = {
  async searchCards(c, { query }) {
    const { sql } = c.get('deps');
    const user = currentUser(c);
    const where = parsed(query.q ?? '');
    const now = new Date();
    const page = { page: query.page ?? 1, pageSize: query.page_size ?? 20 };
    const model = await learnerModel(sql, user.id);
    const { count, hits } = await searchCards(
      sql,
      {
        userId: user.id,
        now,
        timeZone: user.timezone,
        today: learnerDay(now, user.timezone),
        curve: forgettingCurve(model),
      },
      where,
      { sort: query.sort ?? 'added', descending: query.order === 'desc' },
      pageWindow(page),
    );
    const body: Schemas['CardSearchPage'] = {
      count,
      ...pageLinks(c, page, count),
      results: hits.map(toResult),
    };
    return c.json(body, 200);
  },
};
