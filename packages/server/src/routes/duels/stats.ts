/**
 * The caller's duel history, statistics and the friends leaderboard. Running duels are settled
 * first (the caller's, and for the leaderboard every friend's), so a duel whose time ran out shows
 * its result even if nobody opened it since.
 */
import { clockOf } from '../../clock.ts';
import type { Handlers, Schemas } from '../../contract/types.ts';
import type { Sql } from '../../db/client.ts';
import {
  type DuelKind,
  type FinishedSide,
  finishedSides,
  friendIds,
  listDuelsOf,
  openDuelCount,
  playersOfMany,
  usersByIds,
} from '../../db/queries/duels.ts';
import { outcome } from '../../domain/duels/duel-scoring.ts';
import { currentUser } from '../../http/current-user.ts';
import { pageLinks, pageWindow } from '../../http/pagination.ts';
import { isQuiz, settleRunning } from '../../services/duels/duel-settlement.ts';
import { renderHistoryEntry, renderUser } from './responses.ts';

const ALL_KINDS: readonly DuelKind[] = ['desk', 'custom', 'images', 'table'];

interface Record {
  wins: number;
  losses: number;
  draws: number;
  finished: number;
}

const resultOf = (side: FinishedSide) =>
  outcome(
    { score: side.score, timeMs: side.timeMs },
    { score: side.opponentScore, timeMs: side.opponentTimeMs },
    isQuiz(side.kind),
  );

function recordOf(sides: FinishedSide[]): Record {
  const record = { wins: 0, losses: 0, draws: 0, finished: sides.length };
  for (const side of sides) {
    const result = resultOf(side);
    if (result === 'win') record.wins += 1;
    else if (result === 'lose') record.losses += 1;
    else record.draws += 1;
  }
  return record;
}

const rate = (part: number, whole: number) => (whole === 0 ? 0 : part / whole);

/**
 * The caller and their friends by wins, then win rate, then username. Their running duels whose
 * time ran out are settled first, so a duel nobody opened since counts.
 */
async function leaderboard(sql: Sql, userId: number, now: Date) {
  const ids = [userId, ...(await friendIds(sql, userId))];
  await settleRunning(sql, ids, now);
  const [sides, users] = await Promise.all([finishedSides(sql, ids), usersByIds(sql, ids)]);
  const rows = ids.map((id) => {
    const record = recordOf(sides.filter((s) => s.userId === id));
    return { id, record, winRate: rate(record.wins, record.finished) };
  });
  rows.sort(
    (a, b) =>
      b.record.wins - a.record.wins ||
      b.winRate - a.winRate ||
      (users.get(a.id)?.username ?? '').localeCompare(users.get(b.id)?.username ?? ''),
  );
  const entries: Schemas['LeaderboardEntry'][] = rows.map((row, i) => ({
    rank: i + 1,
    user: renderUser(users.get(row.id)),
    is_me: row.id === userId,
    wins: row.record.wins,
    losses: row.record.losses,
    draws: row.record.draws,
    total_duels: row.record.finished,
    win_rate: row.winRate,
  }));
  const myRank = entries.find((e) => e.is_me)?.rank ?? 1;
  return { entries, my_rank: myRank };
}

export const handlers: Handlers = {
  async listDuelHistory(c, { query }) {
    const { sql } = c.get('deps');
    const user = currentUser(c);
    await settleRunning(sql, [user.id], clockOf(c.get('deps')).now());
    const page = { page: query.page ?? 1, pageSize: query.page_size ?? 20 };
    const kinds = query.duel_type ? [query.duel_type] : ALL_KINDS;
    const { count, duels } = await listDuelsOf(sql, user.id, kinds, pageWindow(page));
    const ids = duels.map((d) => d.id);
    const players = await playersOfMany(sql, ids);
    const users = await usersByIds(sql, [
      ...new Set(duels.flatMap((d) => [d.creatorId, d.opponentId])),
    ]);
    const body: Schemas['DuelHistoryPage'] = {
      count,
      ...pageLinks(c, page, count),
      results: duels.map((duel) =>
        renderHistoryEntry({ duel, players: players.get(duel.id) ?? [] }, user.id, users),
      ),
    };
    return c.json(body, 200);
  },

  async getDuelStats(c) {
    const { sql } = c.get('deps');
    const user = currentUser(c);
    // The leaderboard (for the rank) settles the caller's running duels with their friends'.
    const board = await leaderboard(sql, user.id, clockOf(c.get('deps')).now());
    const [sides, open] = await Promise.all([
      finishedSides(sql, [user.id]),
      openDuelCount(sql, user.id),
    ]);
    const record = recordOf(sides);
    const quiz = sides.filter((s) => isQuiz(s.kind));
    const responses = quiz.reduce((sum, s) => sum + s.answered, 0);
    const correct = quiz.reduce((sum, s) => sum + s.correct, 0);
    const best = (kind: DuelKind) => {
      const scores = sides.filter((s) => s.kind === kind).map((s) => s.score);
      return scores.length > 0 ? Math.max(...scores) : null;
    };
    const body: Schemas['DuelStats'] = {
      total_duels: record.finished + open,
      wins: record.wins,
      losses: record.losses,
      draws: record.draws,
      in_progress: open,
      win_rate: rate(record.wins, record.finished),
      total_responses: responses,
      correct_responses: correct,
      accuracy: rate(correct, responses),
      ranking: board.my_rank,
      best_scores: {
        desk: best('desk'),
        custom: best('custom'),
        images: best('images'),
        table: best('table'),
      },
    };
    return c.json(body, 200);
  },

  async getFriendsLeaderboard(c) {
    const { sql } = c.get('deps');
    const user = currentUser(c);
    return c.json(await leaderboard(sql, user.id, clockOf(c.get('deps')).now()), 200);
  },
};
