/**
 * The flow of a match between friends (issue 44): the invitation and its answer (notifications),
 * the vetoes and picks (rules in `domain/duels/matches`), each game's seeded content shared by
 * both players, each player's clock and recall (scored by the disciplines' training scoring), the
 * game's result and rating (`recordGameResult`, source `match_game`), and the match's end. Every
 * move runs in one transaction with the match row locked, and tells both players' open pages
 * (`match_progress`, live only: a page that missed it reads the match again).
 */
import { randomInt } from 'node:crypto';
import type { Schemas } from '../../contract/types.ts';
import type { Sql } from '../../db/client.ts';
import { usersByIds } from '../../db/queries/duels.ts';
import {
  finishMatchGame,
  gamesOf,
  insertMatch,
  insertMatchGame,
  insertMatchPlay,
  type MatchGameRecord,
  type MatchPlayRecord,
  type MatchRecord,
  matchOf,
  playsOf,
  saveMatchPlay,
  saveVetoes,
  setMatchStatus,
} from '../../db/queries/matches.ts';
import type { Query } from '../../db/queries/pg.ts';
import { inTransaction, type Tx } from '../../db/transaction.ts';
import {
  deadlinesOf,
  memorizeMsOf,
  submittedLate,
} from '../../domain/duels/disciplines/attempt.ts';
import {
  DISCIPLINES,
  type DisciplineId,
  type DisciplineLanguage,
  type OptionsInput,
  resolveOptions,
} from '../../domain/duels/disciplines/index.ts';
import {
  type BestOf,
  checkChoice,
  choicesOf,
  forfeitOutcome,
  gameOutcome,
  type MatchState,
  phaseOf,
  ratingDisciplineOf,
  scoreOf,
  timedOutPlayers,
} from '../../domain/duels/matches/index.ts';
import { ApiError, notFound, validationError } from '../../http/errors.ts';
import { notify, sendLiveSignal } from '../../notifications/index.ts';
import { recordGameResult } from '../ratings/record-game.ts';
import { MATCH_MESSAGES as M } from './messages.ts';

export { MATCH_MESSAGES } from './messages.ts';

type MatchView = Schemas['Match'];
type Phase = MatchView['phase'];

export interface LoadedMatch {
  match: MatchRecord;
  games: MatchGameRecord[];
  plays: MatchPlayRecord[];
}

const conflict = (detail: string) => new ApiError(409, 'conflict', detail);

/** The match with its games and plays when `userId` plays it; 404 otherwise. */
export async function loadMatch(
  q: Query,
  id: number,
  userId: number,
  lock = false,
): Promise<LoadedMatch> {
  const match = await matchOf(q, id, userId, lock);
  if (!match) throw notFound(M.matchNotFound);
  const games = await gamesOf(q, id);
  const plays = await playsOf(
    q,
    games.map((g) => g.id),
  );
  return { match, games, plays };
}

export const stateOf = ({ match, games }: LoadedMatch): MatchState => ({
  bestOf: match.bestOf,
  creatorId: match.creatorId,
  opponentId: match.opponentId,
  vetoes: match.vetoes.map((v) => ({ userId: v.user_id, discipline: v.discipline })),
  games: games.map((g) => ({ discipline: g.discipline, pickedBy: g.pickedBy, outcome: g.outcome })),
});

export function phaseOfMatch(loaded: LoadedMatch): Phase {
  if (loaded.match.status === 'pending') return 'invited';
  if (loaded.match.status === 'rejected') return 'rejected';
  // A forfeit ends a match the games alone have not decided.
  if (loaded.match.status === 'finished') return 'finished';
  return phaseOf(stateOf(loaded));
}

/**
 * The player who forfeited `loaded`, or null: a finished match the games alone do not decide was
 * given up by the side that did not win it.
 */
export function forfeitedBy({ match, ...rest }: LoadedMatch): number | null {
  if (match.status !== 'finished' || match.winner === null || match.winner === 'draw') return null;
  if (scoreOf(stateOf({ match, ...rest })).finished) return null;
  return match.winner === 'creator' ? match.opponentId : match.creatorId;
}

/** Both players' pages read the match again. */
async function signal(q: Query, loaded: LoadedMatch): Promise<void> {
  const data = { match_id: loaded.match.id, phase: phaseOfMatch(loaded) };
  for (const userId of [loaded.match.creatorId, loaded.match.opponentId]) {
    await sendLiveSignal(q, { user_id: userId, event: 'match_progress', data });
  }
}

/** The whole state as `userId` may see it: the other player's marks only once a game is over. */
export async function matchView(q: Query, loaded: LoadedMatch, userId: number): Promise<MatchView> {
  const { match, games, plays } = loaded;
  const users = await usersByIds(q, [match.creatorId, match.opponentId]);
  const player = (id: number) => ({ id, username: users.get(id)?.username ?? '' });
  const state = stateOf(loaded);
  const score = scoreOf(state);
  const side = (game: MatchGameRecord, playerId: number) => {
    const play = plays.find((p) => p.gameId === game.id && p.userId === playerId);
    const shown = play?.submittedAt != null && (playerId === userId || game.outcome !== null);
    return {
      started: play !== undefined,
      submitted: play?.submittedAt != null,
      score: shown ? (play?.score ?? null) : null,
      memorize_ms: shown ? (play?.memorizeMs ?? null) : null,
      late: shown ? (play?.late ?? false) : false,
      marks: shown ? (play?.marks ?? null) : null,
    };
  };
  const active = match.status === 'active' || match.status === 'finished';
  return {
    id: match.id,
    best_of: match.bestOf,
    status: match.status,
    phase: phaseOfMatch(loaded),
    creator: player(match.creatorId),
    opponent: player(match.opponentId),
    my_side: userId === match.creatorId ? 'creator' : 'opponent',
    vetoes: match.vetoes,
    turn_user_id: match.status === 'active' ? turnUser(state) : null,
    choices: match.status === 'active' ? choicesOf(state, userId) : [],
    games: games.map((g) => ({
      number: g.number,
      discipline: g.discipline,
      picked_by: g.pickedBy,
      options: g.options,
      max_score: g.maxScore,
      outcome: g.outcome,
      creator: side(g, match.creatorId),
      opponent: side(g, match.opponentId),
    })),
    creator_wins: active ? score.creatorWins : 0,
    opponent_wins: active ? score.opponentWins : 0,
    draws: active ? score.draws : 0,
    winner: match.winner,
    forfeited_by: forfeitedBy(loaded),
    created_at: match.createdAt.toISOString(),
    finished_at: match.finishedAt?.toISOString() ?? null,
  };
}

function turnUser(state: MatchState): number | null {
  const phase = phaseOf(state);
  if (phase === 'play' || phase === 'finished') return null;
  // choicesOf is empty for the player whose turn it is not; the rules name the turn.
  return choicesOf(state, state.creatorId).length > 0 ? state.creatorId : state.opponentId;
}

/** A new match and its request notification to the opponent (an accepted friend: the caller checks). */
export async function createMatch(
  tx: Tx,
  creator: { id: number; username: string },
  opponentId: number,
  bestOf: BestOf,
): Promise<LoadedMatch> {
  const id = await insertMatch(tx, { creatorId: creator.id, opponentId, bestOf });
  await notify(
    tx,
    opponentId,
    'match_request',
    { match_id: id, best_of: bestOf, from_username: creator.username },
    { actorId: creator.id },
  );
  const loaded = await loadMatch(tx, id, creator.id);
  await signal(tx, loaded);
  return loaded;
}

/** The challenged friend accepts (the vetoes start) or rejects. */
export async function respondToMatch(
  tx: Tx,
  id: number,
  user: { id: number; username: string },
  accept: boolean,
  now: Date,
): Promise<LoadedMatch> {
  const { match } = await loadMatch(tx, id, user.id, true);
  if (match.opponentId !== user.id) throw new ApiError(403, 'forbidden', M.opponentOnly);
  if (match.status !== 'pending') throw conflict(M.notPending);
  await setMatchStatus(tx, id, accept ? 'active' : 'rejected', now);
  await notify(
    tx,
    match.creatorId,
    accept ? 'match_accepted' : 'match_rejected',
    { match_id: id, best_of: match.bestOf, from_username: user.username },
    { actorId: user.id },
  );
  const loaded = await loadMatch(tx, id, user.id);
  await signal(tx, loaded);
  return loaded;
}

function assertActive(match: MatchRecord): void {
  if (match.status === 'pending' || match.status === 'rejected') throw conflict(M.notStarted);
  if (match.status === 'finished') throw conflict(M.over);
}

/**
 * A veto or a pick by `userId`. A pick makes the game's content once, from one seed, for both
 * players (the picker's options, language from the picker's request by default).
 */
export async function chooseDiscipline(
  tx: Tx,
  id: number,
  userId: number,
  move: {
    action: 'veto' | 'pick';
    discipline: DisciplineId;
    options?: OptionsInput;
    language: DisciplineLanguage;
  },
): Promise<LoadedMatch> {
  const loaded = await loadMatch(tx, id, userId, true);
  assertActive(loaded.match);
  const state = stateOf(loaded);
  const error = checkChoice(state, userId, move.action, move.discipline);
  if (error === 'wrong_phase') throw conflict(M.wrongPhase(move.action));
  if (error === 'not_your_turn') throw conflict(M.notYourTurn);
  if (error === 'unavailable') {
    throw validationError({ discipline: [M.unavailable(move.action)] });
  }
  if (move.action === 'veto') {
    await saveVetoes(tx, id, [
      ...loaded.match.vetoes,
      { user_id: userId, discipline: move.discipline },
    ]);
  } else {
    const resolved = resolveOptions(move.discipline, move.options ?? {}, move.language);
    if ('errors' in resolved) throw validationError(resolved.errors);
    const discipline = DISCIPLINES[move.discipline];
    const seed = randomInt(0, 2 ** 31 - 1);
    const content = discipline.generate(seed, resolved.options);
    await insertMatchGame(tx, {
      matchId: id,
      number: loaded.games.length + 1,
      discipline: move.discipline,
      pickedBy: userId,
      options: resolved.options,
      seed,
      content,
      maxScore: discipline.score(content.truth, content.truth, resolved.options).maxScore,
    });
  }
  const next = await loadMatch(tx, id, userId);
  await signal(tx, next);
  return next;
}

function currentGame(loaded: LoadedMatch): MatchGameRecord {
  assertActive(loaded.match);
  const game = loaded.games.at(-1);
  if (!game || game.outcome !== null) throw conflict(M.noGame);
  return game;
}

/** Opens the current game for `userId`: their clock starts at the first call, a reload keeps it. */
export async function openGame(tx: Tx, id: number, userId: number, now: Date) {
  const loaded = await loadMatch(tx, id, userId, true);
  const game = currentGame(loaded);
  let play = loaded.plays.find((p) => p.gameId === game.id && p.userId === userId);
  if (play?.submittedAt) throw conflict(M.submitted);
  if (!play) {
    const deadlines = deadlinesOf(DISCIPLINES[game.discipline].rules, now);
    await insertMatchPlay(tx, { gameId: game.id, userId, startedAt: now, ...deadlines });
    const opened = await loadMatch(tx, id, userId);
    await signal(tx, opened);
    play = opened.plays.find((p) => p.gameId === game.id && p.userId === userId);
  }
  if (!play) throw new Error('the play was not written');
  return { game, play };
}

/**
 * `userId`'s recall of the current game, scored by the discipline. Once both are in, the game's
 * result is written and rated, and the match ends when the rules say it is decided.
 */
export async function submitGame(
  tx: Tx,
  id: number,
  userId: number,
  recall: { answers: string[]; memorizeMs?: number },
  now: Date,
): Promise<LoadedMatch> {
  const loaded = await loadMatch(tx, id, userId, true);
  const game = currentGame(loaded);
  const play = loaded.plays.find((p) => p.gameId === game.id && p.userId === userId);
  if (!play) throw conflict(M.notOpened);
  if (play.submittedAt) throw conflict(M.submitted);
  const discipline = DISCIPLINES[game.discipline];
  const scored = discipline.score(game.content.truth, recall.answers, game.options);
  const memorizeMs = memorizeMsOf(recall.memorizeMs, discipline.rules, play.startedAt, now);
  await saveMatchPlay(tx, game.id, userId, {
    submittedAt: now,
    answers: recall.answers,
    marks: scored.marks,
    score: scored.score,
    memorizeMs,
    late: submittedLate(play.recallEndsAt, now),
  });
  await settleOverdue(tx, id, userId, now);
  const next = await finishGameWhenBothIn(tx, id, userId, game, now);
  await signal(tx, next);
  return next;
}

/**
 * Once both recalls of `game` are in, writes its result, rates it, and ends the match when the
 * rules say it is decided. Answers the match as it is then.
 */
async function finishGameWhenBothIn(
  tx: Tx,
  id: number,
  userId: number,
  game: MatchGameRecord,
  now: Date,
): Promise<LoadedMatch> {
  let next = await loadMatch(tx, id, userId);
  const mine = (uid: number) =>
    next.plays.find((p) => p.gameId === game.id && p.userId === uid && p.submittedAt);
  const creator = mine(next.match.creatorId);
  const opponent = mine(next.match.opponentId);
  if (!creator || !opponent) return next;
  const perf = (p: MatchPlayRecord) => ({
    score: p.score ?? 0,
    maxScore: game.maxScore,
    memorizeMs: p.memorizeMs ?? 0,
  });
  const outcome = gameOutcome(game.discipline, perf(creator), perf(opponent));
  await finishMatchGame(tx, game.id, outcome, now);
  await recordGameResult(tx, {
    source: 'match_game',
    sourceId: game.id,
    discipline: ratingDisciplineOf(game.discipline),
    playerA: next.match.creatorId,
    playerB: next.match.opponentId,
    scoreA: outcome === 'creator' ? 1 : outcome === 'draw' ? 0.5 : 0,
    at: now,
  });
  next = await loadMatch(tx, id, userId);
  const score = scoreOf(stateOf(next));
  if (score.finished) {
    await setMatchStatus(tx, id, 'finished', now, score.winner);
    next = await loadMatch(tx, id, userId);
  }
  return next;
}

/** The current game of an active match, or undefined (none being played, or not active). */
function gameInPlay(loaded: LoadedMatch): MatchGameRecord | undefined {
  if (loaded.match.status !== 'active') return undefined;
  const game = loaded.games.at(-1);
  return game && game.outcome === null ? game : undefined;
}

/** The players whose recall of the game in play is overdue at `now` (domain `timedOutPlayers`). */
export function overduePlayers(loaded: LoadedMatch, now: Date): number[] {
  const game = gameInPlay(loaded);
  if (!game) return [];
  const plays = loaded.plays
    .filter((p) => p.gameId === game.id)
    .map((p) => ({ userId: p.userId, recallEndsAt: p.recallEndsAt, submitted: !!p.submittedAt }));
  return timedOutPlayers([loaded.match.creatorId, loaded.match.opponentId], plays, now);
}

/**
 * Scores 0 for every player whose recall of the game in play is overdue (an empty recall, marked
 * late; one who never opened gets a play started now), then finishes the game when both are in.
 * Answers whether anything changed. The match must be locked by the caller's transaction.
 */
async function settleOverdue(tx: Tx, id: number, userId: number, now: Date): Promise<boolean> {
  const loaded = await loadMatch(tx, id, userId);
  const game = gameInPlay(loaded);
  const overdue = overduePlayers(loaded, now);
  if (!game || overdue.length === 0) return false;
  const discipline = DISCIPLINES[game.discipline];
  const empty = discipline.score(game.content.truth, [], game.options);
  for (const playerId of overdue) {
    const deadlines = deadlinesOf(discipline.rules, now);
    await insertMatchPlay(tx, { gameId: game.id, userId: playerId, startedAt: now, ...deadlines });
    await saveMatchPlay(tx, game.id, playerId, {
      submittedAt: now,
      answers: [],
      marks: empty.marks,
      score: 0,
      memorizeMs: discipline.rules.memorizeSeconds * 1000,
      late: true,
    });
  }
  await finishGameWhenBothIn(tx, id, userId, game, now);
  return true;
}

/**
 * A read of the match that first settles overdue recalls (server's clock), so a game a player
 * abandoned does not stall the match. Reads without a lock when nothing is overdue.
 */
export async function readMatch(sql: Sql, id: number, userId: number, now: Date) {
  const loaded = await loadMatch(sql, id, userId);
  if (overduePlayers(loaded, now).length === 0) return loaded;
  return inTransaction(sql, async (tx) => {
    await loadMatch(tx, id, userId, true);
    if (await settleOverdue(tx, id, userId, now)) {
      const next = await loadMatch(tx, id, userId);
      await signal(tx, next);
      return next;
    }
    return loadMatch(tx, id, userId);
  });
}

/**
 * `userId` gives up an accepted match: the other player wins it, and the forfeit is one rated
 * loss in the discipline of the game in play, else of the last game (games never played are not
 * rated; before the first pick nothing is). Memory League's handling of a forfeit's unplayed
 * games is not public, so only the forfeit counts.
 */
export async function forfeitMatch(
  tx: Tx,
  id: number,
  userId: number,
  now: Date,
): Promise<LoadedMatch> {
  const loaded = await loadMatch(tx, id, userId, true);
  assertActive(loaded.match);
  const winner = forfeitOutcome(loaded.match, userId);
  await setMatchStatus(tx, id, 'finished', now, winner);
  const last = loaded.games.at(-1);
  if (last) {
    const other =
      userId === loaded.match.creatorId ? loaded.match.opponentId : loaded.match.creatorId;
    await recordGameResult(tx, {
      source: 'match_forfeit',
      sourceId: id,
      discipline: ratingDisciplineOf(last.discipline),
      playerA: other,
      playerB: userId,
      scoreA: 1,
      at: now,
    });
  }
  const next = await loadMatch(tx, id, userId);
  await signal(tx, next);
  return next;
}
