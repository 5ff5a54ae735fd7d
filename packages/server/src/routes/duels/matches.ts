/**
 * Matches between friends (`duels/matches/`): the challenge and its answer, vetoes, picks, each
 * game's play and recall, and the whole state for a reload. The flow is
 * `services/matches/match-flow.ts`; the rules `domain/duels/matches`.
 */
import { clockOf } from '../../clock.ts';
import type { Handlers } from '../../contract/types.ts';
import { listMatches } from '../../db/queries/matches.ts';
import { inTransaction } from '../../db/transaction.ts';
import { languageOf } from '../../domain/progress/activities.ts';
import { currentUser } from '../../http/current-user.ts';
import { assertFeature } from '../../http/entitlements.ts';
import {
  chooseDiscipline,
  createMatch,
  forfeitMatch,
  loadMatch,
  matchView,
  openGame,
  readMatch,
  respondToMatch,
  submitGame,
} from '../../services/matches/index.ts';
import { assertFriend } from './invite.ts';

/** How many matches the list answers, newest first. */
const LIST_LIMIT = 50;

export const handlers: Handlers = {
  async listMatches(c) {
    const { sql } = c.get('deps');
    const user = currentUser(c);
    const matches = await listMatches(sql, user.id, LIST_LIMIT);
    const views = [];
    for (const match of matches) {
      const loaded = await loadMatch(sql, match.id, user.id);
      views.push(await matchView(sql, loaded, user.id));
    }
    return c.json(views, 200);
  },

  async createMatch(c, { body }) {
    const { sql } = c.get('deps');
    const user = currentUser(c);
    await assertFriend(sql, user.id, body.opponent_id);
    const view = await inTransaction(sql, async (tx) => {
      const loaded = await createMatch(tx, user, body.opponent_id, body.best_of as 3 | 5);
      return matchView(tx, loaded, user.id);
    });
    return c.json(view, 201);
  },

  async getMatch(c, { params }) {
    const { sql } = c.get('deps');
    const user = currentUser(c);
    // A read settles overdue recalls first (server's clock), so an abandoned game ends.
    const loaded = await readMatch(sql, params.id, user.id, clockOf(c.get('deps')).now());
    return c.json(await matchView(sql, loaded, user.id), 200);
  },

  async forfeitMatch(c, { params }) {
    const { sql } = c.get('deps');
    const user = currentUser(c);
    const now = clockOf(c.get('deps')).now();
    const view = await inTransaction(sql, async (tx) => {
      const loaded = await forfeitMatch(tx, params.id, user.id, now);
      return matchView(tx, loaded, user.id);
    });
    return c.json(view, 200);
  },

  async respondToMatch(c, { params, body }) {
    const { sql } = c.get('deps');
    const user = currentUser(c);
    const now = clockOf(c.get('deps')).now();
    const view = await inTransaction(sql, async (tx) => {
      // A free account sees the request but needs the plan to play (the Premium modal).
      if (body.action === 'accept') {
        await loadMatch(tx, params.id, user.id);
        assertFeature(c, 'duels');
      }
      const loaded = await respondToMatch(tx, params.id, user, body.action === 'accept', now);
      return matchView(tx, loaded, user.id);
    });
    return c.json(view, 200);
  },

  async vetoMatchDiscipline(c, { params, body }) {
    const { sql } = c.get('deps');
    const user = currentUser(c);
    const language = languageOf(c.req.header('accept-language'));
    const view = await inTransaction(sql, async (tx) => {
      const move = { action: 'veto' as const, discipline: body.discipline, language };
      const loaded = await chooseDiscipline(tx, params.id, user.id, move);
      return matchView(tx, loaded, user.id);
    });
    return c.json(view, 200);
  },

  async pickMatchDiscipline(c, { params, body }) {
    const { sql } = c.get('deps');
    const user = currentUser(c);
    const language = languageOf(c.req.header('accept-language'));
    const view = await inTransaction(sql, async (tx) => {
      const move = {
        action: 'pick' as const,
        discipline: body.discipline,
        options: body.options,
        language,
      };
      const loaded = await chooseDiscipline(tx, params.id, user.id, move);
      return matchView(tx, loaded, user.id);
    });
    return c.json(view, 200);
  },

  async playMatchGame(c, { params }) {
    const { sql } = c.get('deps');
    const user = currentUser(c);
    const clock = clockOf(c.get('deps'));
    const { game, play } = await inTransaction(sql, (tx) =>
      openGame(tx, params.id, user.id, clock.now()),
    );
    return c.json(
      {
        match_id: params.id,
        number: game.number,
        discipline: game.discipline,
        options: game.options,
        content: game.content.view,
        started_at: play.startedAt.toISOString(),
        memorize_ends_at: play.memorizeEndsAt.toISOString(),
        recall_ends_at: play.recallEndsAt.toISOString(),
        server_now: clock.now().toISOString(),
      },
      200,
    );
  },

  async submitMatchGame(c, { params, body }) {
    const { sql } = c.get('deps');
    const user = currentUser(c);
    const now = clockOf(c.get('deps')).now();
    const view = await inTransaction(sql, async (tx) => {
      const recall = { answers: body.answers, memorizeMs: body.memorize_ms };
      const loaded = await submitGame(tx, params.id, user.id, recall, now);
      return matchView(tx, loaded, user.id);
    });
    return c.json(view, 200);
  },
};
