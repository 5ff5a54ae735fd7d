/** Matches between friends (`matches`, `match_games`, `match_plays`): every SQL statement of them. */
import type {
  DisciplineId,
  GeneratedContent,
  Mark,
  ResolvedOptions,
} from '../../domain/duels/disciplines/index.ts';
import type { GameOutcome } from '../../domain/duels/matches/index.ts';
import { pgDate, pgDateOrNull, type Query } from './pg.ts';

export type MatchStatus = 'pending' | 'rejected' | 'active' | 'finished';

export interface MatchRecord {
  id: number;
  creatorId: number;
  opponentId: number;
  bestOf: 3 | 5;
  status: MatchStatus;
  vetoes: { user_id: number; discipline: DisciplineId }[];
  winner: GameOutcome | null;
  createdAt: Date;
  acceptedAt: Date | null;
  finishedAt: Date | null;
}

export interface MatchGameRecord {
  id: number;
  matchId: number;
  number: number;
  discipline: DisciplineId;
  pickedBy: number;
  options: ResolvedOptions;
  seed: number;
  content: GeneratedContent;
  maxScore: number;
  outcome: GameOutcome | null;
  finishedAt: Date | null;
}

export interface MatchPlayRecord {
  gameId: number;
  userId: number;
  startedAt: Date;
  memorizeEndsAt: Date;
  recallEndsAt: Date;
  submittedAt: Date | null;
  answers: string[] | null;
  marks: Mark[] | null;
  score: number | null;
  memorizeMs: number | null;
  late: boolean;
}

type Row = Record<string, unknown>;

const toMatch = (r: Row): MatchRecord => ({
  id: r.id as number,
  creatorId: r.creator_id as number,
  opponentId: r.opponent_id as number,
  bestOf: r.best_of as 3 | 5,
  status: r.status as MatchStatus,
  vetoes: r.vetoes as MatchRecord['vetoes'],
  winner: r.winner as GameOutcome | null,
  createdAt: pgDate(r.created_at as string),
  acceptedAt: pgDateOrNull(r.accepted_at as string | null),
  finishedAt: pgDateOrNull(r.finished_at as string | null),
});

const toGame = (r: Row): MatchGameRecord => ({
  id: r.id as number,
  matchId: r.match_id as number,
  number: r.number as number,
  discipline: r.discipline as DisciplineId,
  pickedBy: r.picked_by as number,
  options: r.options as ResolvedOptions,
  seed: r.seed as number,
  content: r.content as GeneratedContent,
  maxScore: r.max_score as number,
  outcome: r.outcome as GameOutcome | null,
  finishedAt: pgDateOrNull(r.finished_at as string | null),
});

const toPlay = (r: Row): MatchPlayRecord => ({
  gameId: r.game_id as number,
  userId: r.user_id as number,
  startedAt: pgDate(r.started_at as string),
  memorizeEndsAt: pgDate(r.memorize_ends_at as string),
  recallEndsAt: pgDate(r.recall_ends_at as string),
  submittedAt: pgDateOrNull(r.submitted_at as string | null),
  answers: r.answers as string[] | null,
  marks: r.marks as Mark[] | null,
  score: r.score as number | null,
  memorizeMs: r.memorize_ms as number | null,
  late: r.late as boolean,
});

export async function insertMatch(
  q: Query,
  m: { creatorId: number; opponentId: number; bestOf: 3 | 5 },
): Promise<number> {
  const [row] = await q<{ id: number }[]>`
    insert into matches (creator_id, opponent_id, best_of)
    values (${m.creatorId}, ${m.opponentId}, ${m.bestOf}) returning id`;
  if (!row) throw new Error('insert into matches returned no row');
  return row.id;
}

/**
 * Match `id` when `userId` plays it (another learner's is none); `lock` takes it for update, so
 * one match's moves run one at a time.
 */
export async function matchOf(
  q: Query,
  id: number,
  userId: number,
  lock = false,
): Promise<MatchRecord | null> {
  const [row] = await q<Row[]>`
    select * from matches
    where id = ${id} and (creator_id = ${userId} or opponent_id = ${userId})
    ${lock ? q`for update` : q``}`;
  return row ? toMatch(row) : null;
}

/** The caller's newest matches (both sides), for the lobby list. */
export async function listMatches(q: Query, userId: number, limit: number) {
  const rows = await q<Row[]>`
    select * from matches where creator_id = ${userId} or opponent_id = ${userId}
    order by created_at desc, id desc limit ${limit}`;
  return rows.map(toMatch);
}

export async function gamesOf(q: Query, matchId: number): Promise<MatchGameRecord[]> {
  const rows = await q<Row[]>`
    select * from match_games where match_id = ${matchId} order by number`;
  return rows.map(toGame);
}

export async function playsOf(q: Query, gameIds: number[]): Promise<MatchPlayRecord[]> {
  if (gameIds.length === 0) return [];
  const rows = await q<Row[]>`select * from match_plays where game_id = any(${gameIds}::int[])`;
  return rows.map(toPlay);
}

export async function setMatchStatus(
  q: Query,
  id: number,
  status: MatchStatus,
  at: Date,
  winner: GameOutcome | null = null,
): Promise<void> {
  await q`
    update matches set status = ${status}, winner = ${winner},
      accepted_at = case when ${status}::text = 'active' then ${at.toISOString()}::timestamptz
        else accepted_at end,
      finished_at = case when ${status}::text = 'finished' then ${at.toISOString()}::timestamptz
        else finished_at end
    where id = ${id}`;
}

export async function saveVetoes(q: Query, id: number, vetoes: MatchRecord['vetoes']) {
  await q`update matches set vetoes = ${JSON.stringify(vetoes)}::jsonb where id = ${id}`;
}

export async function insertMatchGame(
  q: Query,
  g: Omit<MatchGameRecord, 'id' | 'outcome' | 'finishedAt'>,
): Promise<void> {
  await q`
    insert into match_games (match_id, number, discipline, picked_by, options, seed, content,
      max_score)
    values (${g.matchId}, ${g.number}, ${g.discipline}, ${g.pickedBy},
      ${JSON.stringify(g.options)}::jsonb, ${g.seed}, ${JSON.stringify(g.content)}::jsonb,
      ${g.maxScore})`;
}

export async function finishMatchGame(q: Query, gameId: number, outcome: GameOutcome, at: Date) {
  await q`
    update match_games set outcome = ${outcome}, finished_at = ${at.toISOString()}
    where id = ${gameId}`;
}

export async function insertMatchPlay(
  q: Query,
  p: Pick<MatchPlayRecord, 'gameId' | 'userId' | 'startedAt' | 'memorizeEndsAt' | 'recallEndsAt'>,
): Promise<void> {
  await q`
    insert into match_plays (game_id, user_id, started_at, memorize_ends_at, recall_ends_at)
    values (${p.gameId}, ${p.userId}, ${p.startedAt.toISOString()},
      ${p.memorizeEndsAt.toISOString()}, ${p.recallEndsAt.toISOString()})
    on conflict do nothing`;
}

export async function saveMatchPlay(
  q: Query,
  gameId: number,
  userId: number,
  p: Pick<MatchPlayRecord, 'answers' | 'marks' | 'score' | 'memorizeMs' | 'late'> & {
    submittedAt: Date;
  },
): Promise<void> {
  await q`
    update match_plays set submitted_at = ${p.submittedAt.toISOString()},
      answers = ${JSON.stringify(p.answers)}::jsonb, marks = ${JSON.stringify(p.marks)}::jsonb,
      score = ${p.score}, memorize_ms = ${p.memorizeMs}, late = ${p.late}
    where game_id = ${gameId} and user_id = ${userId}`;
}
