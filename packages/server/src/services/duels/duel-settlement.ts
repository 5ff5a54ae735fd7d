/**
 * A duel's life on the server clock: opening it (starting the reader's clock once the opponent
 * accepted), ending players whose time ran out, and finishing the duel when both are done, on any
 * read or write, so a duel nobody looks at is finished by whoever reads it next. There is no
 * background sweep: every read that counts results (the duel lists, stats and leaderboard, the
 * progress figures and the activity history) settles the running duels it counts first
 * (`settleRunning`). Finishing a duel rates both players (`rateDuel`) in the same transaction.
 */

import type { Sql } from '../../db/client.ts';
import { type ActivityRecord, recordActivity } from '../../db/queries/activities.ts';
import {
  type DuelKind,
  type DuelRecord,
  duelOf,
  lockDuel,
  type PlayerRecord,
  playersOf,
  playersOfMany,
  runningDuelsOf,
  savePlayer,
  setDuelStatus,
  signalDuelProgress,
  startPhase,
  usersByIds,
} from '../../db/queries/duels.ts';
import type { Query } from '../../db/queries/pg.ts';
import { connectedAmong } from '../../db/queries/presence.ts';
import { inTransaction, type Tx as TransactionSql } from '../../db/transaction.ts';
import {
  type DuelClock,
  doneAt,
  type PlayerClock,
  START_WINDOW_MS,
} from '../../domain/duels/duel-clock.ts';
import { picturePoints } from '../../domain/duels/duel-pictures.ts';
import {
  type DuelOutcome,
  digitPoints,
  outcome,
  type Tally,
} from '../../domain/duels/duel-scoring.ts';
import { notFound } from '../../http/errors.ts';
import { rateDuel } from '../ratings/duel-ratings.ts';
import { SETTLEMENT_MESSAGES as MESSAGES } from './messages.ts';
import type { DuelViewContext } from './view-context.ts';

export const QUIZ_KINDS: readonly DuelKind[] = ['desk', 'custom'];
export const isQuiz = (kind: DuelKind) => kind === 'desk' || kind === 'custom';

const ACTIVITY: Record<DuelKind, ActivityRecord['type']> = {
  desk: 'desk_duel',
  custom: 'custom_duel',
  images: 'image_duel',
  table: 'table_duel',
};

export interface OpenDuel {
  duel: DuelRecord;
  players: PlayerRecord[];
}

export function itemCount(duel: DuelRecord): number {
  return (duel.content.questions ?? duel.content.items ?? duel.content.numbers ?? []).length;
}

/**
 * The points of each position of an image or table recall: a picture named there (by a name the
 * duel's language accepts), or the digits typed in their place.
 */
export function recallPoints(duel: DuelRecord, answers: readonly string[]): number[] {
  if (duel.kind === 'images') {
    return picturePoints(duel.content.items ?? [], duel.settings.language ?? 'en', answers);
  }
  return digitPoints(duel.content.numbers ?? [], answers);
}

export function duelClock(duel: DuelRecord): DuelClock {
  return {
    kind: duel.kind,
    acceptedAt: duel.acceptedAt,
    viewTime: duel.viewTime,
    answerTime: duel.answerTime,
    questionCount: itemCount(duel),
  };
}

export function playerClock(duel: DuelRecord, player: PlayerRecord): PlayerClock {
  return {
    phaseStartedAt: player.phaseStartedAt,
    questionStartedAt: player.questionStartedAt,
    answered: isQuiz(duel.kind) ? player.answers.length : 0,
    finishedAt: player.finishedAt,
  };
}

export function me(open: OpenDuel, userId: number): PlayerRecord {
  const player = open.players.find((p) => p.userId === userId);
  if (!player) throw new Error(`duel ${open.duel.id} has no player ${userId}`);
  return player;
}

export function other(open: OpenDuel, userId: number): PlayerRecord {
  const player = open.players.find((p) => p.userId !== userId);
  if (!player) throw new Error(`duel ${open.duel.id} has no opponent of ${userId}`);
  return player;
}

export const tally = (p: PlayerRecord): Tally => ({ score: p.score, timeMs: p.totalTimeMs });

/** The finished duel's outcome for `userId`. */
export function outcomeFor(open: OpenDuel, userId: number): DuelOutcome {
  return outcome(tally(me(open, userId)), tally(other(open, userId)), isQuiz(open.duel.kind));
}

/**
 * The duel `userId` plays (of `kinds`), locked; another user's id is 404 like a missing one. Once
 * it runs, the reader's clock starts now (or at the end of the start window, if later reads come
 * after it), then players out of time are ended and a duel both finished is finished.
 */
export async function openDuel(
  tx: TransactionSql,
  id: number,
  userId: number,
  kinds: readonly DuelKind[],
  now: Date,
): Promise<OpenDuel> {
  const duel = await duelOf(tx, id, userId, kinds, true);
  if (!duel) throw notFound(MESSAGES.duelNotFound);
  if (duel.status === 'in_progress' && duel.acceptedAt) {
    const latest = new Date(duel.acceptedAt.getTime() + START_WINDOW_MS);
    await startPhase(tx, duel.id, userId, now < latest ? now : latest);
  }
  const open = { duel, players: await playersOf(tx, duel) };
  await settle(tx, open, now);
  return open;
}

/** Ends players whose time ran out and finishes the duel when both are done. */
export async function settle(tx: TransactionSql, open: OpenDuel, now: Date): Promise<void> {
  const { duel } = open;
  if (duel.status !== 'in_progress') return;
  const clock = duelClock(duel);
  for (const player of open.players) {
    if (player.finishedAt) continue;
    const ended = doneAt(clock, playerClock(duel, player), now);
    if (!ended) continue;
    player.finishedAt = ended;
    await savePlayer(tx, player);
  }
  if (open.players.some((p) => !p.finishedAt)) return;
  // The duel ended when its last player did, not at the read that noticed it: a duel settled late
  // (nobody opened it) is dated and recorded the same as one settled at once.
  const endedAt = new Date(Math.max(...open.players.map((p) => p.finishedAt?.getTime() ?? 0)));
  await setDuelStatus(tx, duel.id, 'finished', endedAt);
  duel.status = 'finished';
  duel.finishedAt = endedAt;
  await recordBoth(tx, open, endedAt);
  await rateDuel(tx, {
    id: duel.id,
    kind: duel.kind,
    players: open.players.map((p) => ({
      userId: p.userId,
      tookPart: p.phaseStartedAt !== null,
      result: outcomeFor(open, p.userId),
    })),
    endedAt,
  });
  for (const player of open.players) await signalProgress(tx, open, player.userId);
}

/**
 * The history row of each player who took part (opened the duel), with their side's result (at
 * the end). A player who never opened it did nothing that day: no row, no response counted, no
 * streak day; the duel and its result stay in their duels list (`duels/history/`).
 */
export async function recordBoth(tx: Query, open: OpenDuel, now: Date): Promise<void> {
  for (const player of open.players) {
    if (player.phaseStartedAt) await recordFor(tx, open, player.userId, now);
  }
}

/**
 * `userId`'s history row for this duel: their side's result (`in_progress` until the end) and
 * both scores. Each call counts one response on their day.
 */
export async function recordFor(tx: Query, open: OpenDuel, userId: number, now: Date) {
  const mine = me(open, userId);
  const them = other(open, userId);
  const users = await usersByIds(tx, [them.userId]);
  await recordActivity(
    tx,
    userId,
    {
      type: ACTIVITY[open.duel.kind] as 'desk_duel',
      duelId: open.duel.id,
      duelType: open.duel.kind,
      opponentUsername: users.get(them.userId)?.username ?? '',
      result: open.duel.status === 'finished' ? outcomeFor(open, userId) : 'in_progress',
      myScore: mine.score,
      opponentScore: them.score,
    },
    now,
  );
}

/** Tells `userId`'s open pages how their opponent stands (answered, finished) and the status. */
export async function signalProgress(tx: Query, open: OpenDuel, userId: number): Promise<void> {
  const them = other(open, userId);
  await signalDuelProgress(tx, userId, {
    duel_id: open.duel.id,
    duel_type: open.duel.kind,
    status: open.duel.status,
    opponent_answered: isQuiz(open.duel.kind) ? them.answers.length : them.finishedAt ? 1 : 0,
    opponent_finished: them.finishedAt !== null,
  });
}

/**
 * Finishes the running duels of any of `userIds` whose players are all done (finished or out of
 * time) at `now`, before a read that counts results: the duel lists, the stats, the friends
 * leaderboard (the caller and every friend), the progress figures and the activity history. So a
 * duel nobody opened again still shows its result there. Only duels already over are locked and
 * written; a duel still being played is left to its players' reads.
 */
export async function settleRunning(sql: Sql, userIds: number[], now: Date): Promise<void> {
  const duels = await runningDuelsOf(sql, userIds);
  const players = await playersOfMany(
    sql,
    duels.map((d) => d.id),
  );
  for (const duel of duels) {
    const clock = duelClock(duel);
    const over = (players.get(duel.id) ?? []).every(
      (p) => doneAt(clock, playerClock(duel, p), now) !== null,
    );
    if (!over) continue;
    await inTransaction(sql, async (tx) => {
      const locked = await lockDuel(tx, duel.id);
      if (!locked) return;
      await settle(tx, { duel: locked, players: await playersOf(tx, locked) }, now);
    });
  }
}

/** The players' accounts and who of them is online, to show `opens` at `now`. */
export async function viewContext(
  q: Query,
  opens: OpenDuel[],
  now: Date,
): Promise<DuelViewContext> {
  const ids = [...new Set(opens.flatMap((o) => [o.duel.creatorId, o.duel.opponentId]))];
  const [users, connected] = await Promise.all([usersByIds(q, ids), connectedAmong(q, ids)]);
  return { users, connected, now };
}
