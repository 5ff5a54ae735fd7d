/**
 * Glicko-2 ratings per discipline: every SQL statement on `player_ratings` and `rated_games`.
 * The arithmetic is `domain/ratings/glicko.ts`; `services/ratings/` puts the two together.
 */
import type { Discipline } from '../../domain/ratings/disciplines.ts';
import type { Rating } from '../../domain/ratings/glicko.ts';
import type { Query } from './pg.ts';
import { schoolMembership } from './schools.ts';

/** Where a rated game comes from: a finished duel, one game of a match, or a match's forfeit. */
export type RatedSource = 'duel' | 'match_game' | 'match_forfeit';

export interface RatingRecord extends Rating {
  userId: number;
  discipline: Discipline;
  games: number;
}

interface RatingRow {
  user_id: number;
  discipline: Discipline;
  rating: number;
  deviation: number;
  volatility: number;
  games: number;
}

const toRating = (row: RatingRow): RatingRecord => ({
  userId: row.user_id,
  discipline: row.discipline,
  rating: row.rating,
  deviation: row.deviation,
  volatility: row.volatility,
  games: row.games,
});

/**
 * Claims a game for rating: true the first time `(source, id)` is seen, false ever after. Two
 * settlements of one game racing each other wait on the same key, and the second gets false.
 */
export async function claimRatedGame(
  q: Query,
  source: RatedSource,
  sourceId: number,
  discipline: Discipline,
  at: Date,
): Promise<boolean> {
  const rows = await q`
    insert into rated_games (source, source_id, discipline, rated_at)
    values (${source}, ${sourceId}, ${discipline}, ${at.toISOString()})
    on conflict do nothing
    returning 1`;
  return rows.length === 1;
}

/**
 * The ratings of `userIds` in `discipline`, locked for update, created at `initial` where
 * missing. Rows are locked in user id order, so two games sharing players cannot deadlock.
 */
export async function lockRatings(
  q: Query,
  userIds: readonly number[],
  discipline: Discipline,
  initial: Rating,
): Promise<Map<number, RatingRecord>> {
  const ids = [...new Set(userIds)].sort((a, b) => a - b);
  await q`
    insert into player_ratings (user_id, discipline, rating, deviation, volatility)
    select id, ${discipline}, ${initial.rating}, ${initial.deviation}, ${initial.volatility}
    from unnest(${ids}::int[]) as id
    order by id
    on conflict do nothing`;
  const rows = await q<RatingRow[]>`
    select user_id, discipline, rating, deviation, volatility, games from player_ratings
    where discipline = ${discipline} and user_id = any(${ids}::int[])
    order by user_id
    for update`;
  return new Map(rows.map((row) => [row.user_id, toRating(row)]));
}

/** Stores a rating after one more game. */
export async function saveRating(q: Query, record: RatingRecord, at: Date): Promise<void> {
  await q`
    update player_ratings set rating = ${record.rating}, deviation = ${record.deviation},
      volatility = ${record.volatility}, games = ${record.games}, updated_at = ${at.toISOString()}
    where user_id = ${record.userId} and discipline = ${record.discipline}`;
}

/** Every rating of one user (disciplines never played have no row). */
export async function ratingsOf(q: Query, userId: number): Promise<RatingRecord[]> {
  const rows = await q<RatingRow[]>`
    select user_id, discipline, rating, deviation, volatility, games from player_ratings
    where user_id = ${userId} and games > 0
    order by discipline`;
  return rows.map(toRating);
}

/** The ratings in `discipline` of those of `userIds` who played it. */
export async function ratingsAmong(
  q: Query,
  userIds: readonly number[],
  discipline: Discipline,
): Promise<RatingRecord[]> {
  if (userIds.length === 0) return [];
  const rows = await q<RatingRow[]>`
    select user_id, discipline, rating, deviation, volatility, games from player_ratings
    where discipline = ${discipline} and user_id = any(${[...userIds]}::int[]) and games > 0`;
  return rows.map(toRating);
}

/** Whose ratings a leaderboard ranks: the caller and their accepted friends, or a school's members. */
export type BoardScope = { kind: 'friends'; userId: number } | { kind: 'school'; schoolId: number };

export interface BoardRow extends RatingRecord {
  rank: number;
  user: { id: number; email: string; username: string; firstName: string; lastName: string };
}

export interface BoardPage {
  /** How many players the scope ranks in the discipline. */
  count: number;
  /** `userId`'s place over everyone ranked, null when unrated there. */
  myRank: number | null;
  rows: BoardRow[];
}

/**
 * One page of a leaderboard in one statement: the scope's members (friends: the caller and their
 * accepted friends; school: its owner and everyone enrolled in its courses or subjects) with a
 * rated game in `discipline`, ranked by the conservative rating (rating − 2 × deviation), then
 * rating, then username; with the count and `userId`'s rank, also past the last page. The
 * primary key `(user_id, discipline)` finds each member's rating.
 */
export async function leaderboardPage(
  q: Query,
  scope: BoardScope,
  discipline: Discipline,
  userId: number,
  window: { offset: number; limit: number },
): Promise<BoardPage> {
  const members =
    scope.kind === 'friends'
      ? q`
        select ${scope.userId}::int as user_id
        union
        select case when sender_id = ${scope.userId} then receiver_id else sender_id end
        from friendships
        where status = 'accepted' and (sender_id = ${scope.userId} or receiver_id = ${scope.userId})`
      : q`
        select owner_id as user_id from schools where id = ${scope.schoolId}
        union
        select m.user_id from (${schoolMembership(q, scope.schoolId)}) m`;
  type Row = RatingRow & {
    rank: number | null;
    email: string;
    username: string;
    first_name: string;
    last_name: string;
    total: number;
    my_rank: number | null;
  };
  const rows = await q<Row[]>`
    with members as (${members}),
    ranked as (
      select r.user_id, r.discipline, r.rating, r.deviation, r.volatility, r.games,
        u.email, u.username, u.first_name, u.last_name,
        row_number() over (
          order by r.rating - 2 * r.deviation desc, r.rating desc, u.username, r.user_id
        )::int as rank
      from members m
      join player_ratings r on r.user_id = m.user_id and r.discipline = ${discipline}
      join users u on u.id = r.user_id
      where r.games > 0
    ),
    totals as (
      select count(*)::int as total,
        (max(rank) filter (where user_id = ${userId}))::int as my_rank
      from ranked
    )
    select p.*, totals.total, totals.my_rank
    from totals
    left join lateral (
      select * from ranked order by rank limit ${window.limit} offset ${window.offset}
    ) p on true
    order by p.rank`;
  const first = rows[0];
  return {
    count: first?.total ?? 0,
    myRank: first?.my_rank ?? null,
    rows: rows
      .filter((r) => r.rank !== null)
      .map((r) => ({
        ...toRating(r),
        rank: r.rank as number,
        user: {
          id: r.user_id,
          email: r.email,
          username: r.username,
          firstName: r.first_name,
          lastName: r.last_name,
        },
      })),
  };
}
