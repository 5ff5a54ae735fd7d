/**
 * The activity log that streaks and the history list read: one row per learner, kind, subject
 * (deck, duel, chat; none for the conversion table) and day, the learner's own day in their time
 * zone, with a count. Every domain writes it through `recordActivity` (or, for many decks and days
 * at once, `recordDeckActivities`; for a group of ratings' single statement, `deckReviewCtes`);
 * all three insert through the one upsert, `upsertRows`. An undone rating takes its count back
 * (`retractDeckReview`).
 */

import type postgres from 'postgres';
import type { Schemas } from '../../contract/types.ts';
import type { ActivityType } from '../../domain/progress/activities.ts';
import { type LiveSignal, sendLiveSignal, sendLiveSignals } from '../../notifications/index.ts';
import type { Sql } from '../client.ts';
import { iso, pgDate, type Query } from './pg.ts';

export type DuelActivityType = 'desk_duel' | 'custom_duel' | 'table_duel' | 'image_duel';

/** What a domain records; the fields of each kind are the history's (`Activity`) for it. */
export type ActivityRecord =
  | { type: 'space_repetition'; deckId: number; deckName: string }
  | {
      type: DuelActivityType;
      duelId: number;
      duelType: Schemas['DuelType'];
      opponentUsername: string;
      /** From the recording learner's side; `in_progress` until the duel ends. */
      result: Schemas['DuelResult'];
      myScore: number;
      opponentScore: number;
    }
  | { type: 'macro_images'; chatId: number; chatTitle: string }
  | { type: 'conversion_table' };

/** The live event a recorded activity sends its learner (`activity` on `GET /events/`). */
export interface ActivitySignal extends LiveSignal {
  user_id: number;
  event: 'activity';
  data: Schemas['ActivityEventData'];
}

/**
 * Records that `userId` did `activity` at `at`: the first time on the learner's day (in the time
 * zone stored on the user) creates the subject's row, later ones add 1 to its count and update
 * it in place (names, duel result and scores, `updated_at`). Call it inside the domain's own
 * transaction: the row and the live `activity` event (which refreshes the learner's streak,
 * charts and history) come with its commit, or not at all.
 *
 *   await recordActivity(tx, user.id, { type: 'macro_images', chatId: chat.id, chatTitle: chat.title });
 *
 * `count` records that many at once, all on the day of `at` (an imported history's ratings of
 * one deck and day, the latest at `at`).
 */
export async function recordActivity(
  q: Query,
  userId: number,
  activity: ActivityRecord,
  at: Date = new Date(),
  count = 1,
): Promise<void> {
  const [row] = await q<{ day: string }[]>`${upsertActivity(q, userId, activity, at, count)}`;
  if (!row) throw new Error(`recordActivity: no user ${userId}`);
  await signalActivity(q, userId, { activity_type: activity.type, day: row.day });
}

/** Ratings of one deck recorded at once: `count` of them, the latest at `at`. */
export interface DeckActivity {
  deckId: number;
  deckName: string;
  at: Date;
  count: number;
}

/**
 * `recordActivity` of many decks and days at once (an imported review history): one upsert for
 * all of them and one live event, where a call per deck and day took two statements and an event
 * each (ten thousand of each for a 100,000-card Anki import). Entries that fall on the same deck
 * and learner's day (in their time zone) are added up; each row is as `recordActivity` with
 * `count` leaves it.
 */
export async function recordDeckActivities(
  q: Query,
  userId: number,
  entries: readonly DeckActivity[],
): Promise<void> {
  if (entries.length === 0) return;
  const rows = entries.map((e) => ({
    deck_id: e.deckId,
    deck_name: e.deckName,
    at: iso(e.at),
    count: e.count,
  }));
  const days = await q<{ day: string }[]>`
    with entries as (
      select ${userId}::int as user_id, x.deck_id as desk_id, x.deck_name, x.at as reviewed_at,
        x.count
      from json_to_recordset(${JSON.stringify(rows)}::json)
        as x(deck_id int, deck_name text, at timestamptz, count int)
    ),
    ${deckReviewCtes(q, 'entries')}
    select day from counted`;
  const latest = days.map((d) => d.day).sort()[days.length - 1] ?? '';
  // One event is enough: it only tells the learner's pages to read their progress again.
  await signalActivity(q, userId, { activity_type: 'space_repetition', day: latest });
}

/**
 * Ratings' activity as CTEs of a larger statement that must stay one round trip (a group of
 * ratings, `applyRatings`): `source` names a CTE with a row per rating or per entry of ratings
 * (`user_id`, `desk_id`, `deck_name`, `reviewed_at`, `count`). Rows on one learner's deck and day
 * (in their time zone) add up into one upsert row, which takes the latest's name and time, and
 * `counted` returns the days. The upsert runs in learner and deck order, so that two statements
 * take the rows' locks in the same order. It sends no event: the caller sends them
 * (`signalActivities`) once the statement has committed.
 */
export function deckReviewCtes(q: Query, source: string) {
  return q`
    reviewed_days as (
      select r.user_id, r.desk_id, (r.reviewed_at at time zone u.timezone)::date as day,
        sum(r.count)::int as count, max(r.reviewed_at) as last,
        (array_agg(r.deck_name order by r.reviewed_at desc))[1] as deck_name
      from ${q(source)} r join users u on u.id = r.user_id
      group by 1, 2, 3
    ),
    counted as (${upsertRows(
      q,
      'space_repetition',
      q`
        select user_id, 'space_repetition', day, count, desk_id, deck_name, null::int,
          null::text, null::text, null::text, null::int, null::int, null::int, null::text,
          last, last
        from reviewed_days order by user_id, desk_id, day`,
    )})`;
}

/** The upsert behind `recordActivity`. */
function upsertActivity(q: Query, userId: number, activity: ActivityRecord, at: Date, count = 1) {
  const f = fieldsOf(activity);
  const when = iso(at);
  return upsertRows(
    q,
    activity.type,
    q`
      select ${userId}::int, ${activity.type}::text, (${when}::timestamptz at time zone u.timezone)::date, ${count}::int,
        ${f.deckId}::int, ${f.deckName}::text, ${f.duelId}::int, ${f.duelType}::text,
        ${f.opponentUsername}::text, ${f.result}::text, ${f.myScore}::int, ${f.opponentScore}::int,
        ${f.chatId}::int, ${f.chatTitle}::text, ${when}::timestamptz, ${when}::timestamptz
      from users u where u.id = ${userId}`,
  );
}

/**
 * The one insert-or-add of the activity log, for every writer: `rows` selects the columns below
 * in order, all of kind `type` (which picks the subject's unique index). A row already there for
 * the subject and day adds the new count and takes the newer names, result and scores.
 */
function upsertRows(q: Query, type: ActivityType, rows: postgres.Fragment) {
  const target =
    type === 'space_repetition'
      ? q`(user_id, activity_type, day, deck_id) where deck_id is not null`
      : type === 'macro_images'
        ? q`(user_id, activity_type, day, chat_id) where chat_id is not null`
        : type === 'conversion_table'
          ? q`(user_id, activity_type, day) where activity_type = 'conversion_table'`
          : q`(user_id, activity_type, day, duel_id) where duel_id is not null`;
  return q`
    insert into activities (user_id, activity_type, day, count, deck_id, deck_name, duel_id,
      duel_type, opponent_username, result, my_score, opponent_score, chat_id, chat_title,
      created_at, updated_at)
    ${rows}
    on conflict ${target}
    do update set count = activities.count + excluded.count,
      deck_name = excluded.deck_name, duel_type = excluded.duel_type,
      opponent_username = excluded.opponent_username, result = excluded.result,
      my_score = excluded.my_score, opponent_score = excluded.opponent_score,
      chat_title = excluded.chat_title,
      updated_at = greatest(activities.updated_at, excluded.updated_at)
    returning to_char(day, 'YYYY-MM-DD') as day`;
}

function fieldsOf(a: ActivityRecord) {
  const none = {
    deckId: null as number | null,
    deckName: null as string | null,
    duelId: null as number | null,
    duelType: null as string | null,
    opponentUsername: null as string | null,
    result: null as string | null,
    myScore: null as number | null,
    opponentScore: null as number | null,
    chatId: null as number | null,
    chatTitle: null as string | null,
  };
  switch (a.type) {
    case 'space_repetition':
      return { ...none, deckId: a.deckId, deckName: a.deckName };
    case 'macro_images':
      return { ...none, chatId: a.chatId, chatTitle: a.chatTitle };
    case 'conversion_table':
      return none;
    default:
      return {
        ...none,
        duelId: a.duelId,
        duelType: a.duelType,
        opponentUsername: a.opponentUsername,
        result: a.result,
        myScore: a.myScore,
        opponentScore: a.opponentScore,
      };
  }
}

/** The learner's live `activity` event, sent once the write has committed (`sendLiveSignal`). */
export async function signalActivity(
  q: Query,
  userId: number,
  data: Schemas['ActivityEventData'],
): Promise<void> {
  const signal: ActivitySignal = { user_id: userId, event: 'activity', data };
  await sendLiveSignal(q, signal);
}

/** `signalActivity` of many learners' activities from the pool at once: one statement. */
export async function signalActivities(
  sql: Sql,
  activities: readonly { userId: number; data: Schemas['ActivityEventData'] }[],
): Promise<void> {
  await sendLiveSignals(
    sql,
    activities.map((a): ActivitySignal => ({ user_id: a.userId, event: 'activity', data: a.data })),
  );
}

/** Takes one review off a deck's day (an undone rating); the row goes when nothing is left. */
export async function retractDeckReview(
  q: Query,
  a: { userId: number; day: string; deckId: number },
): Promise<void> {
  await q`
    update activities set count = count - 1
    where user_id = ${a.userId} and activity_type = 'space_repetition'
      and day = ${a.day} and deck_id = ${a.deckId}`;
  await q`
    delete from activities
    where user_id = ${a.userId} and activity_type = 'space_repetition'
      and day = ${a.day} and deck_id = ${a.deckId} and count <= 0`;
  await signalActivity(q, a.userId, { activity_type: 'space_repetition', day: a.day });
}

export interface ActiveDay {
  day: string;
  count: number;
  kinds: ActivityType[];
}

/** Every day the learner was active, oldest first, with its count and kinds. */
export async function activeDays(q: Query, userId: number): Promise<ActiveDay[]> {
  const rows = await q<{ day: string; count: string; kinds: ActivityType[] }[]>`
    select to_char(day, 'YYYY-MM-DD') as day, sum(count)::int8 as count,
      array_agg(distinct activity_type order by activity_type) as kinds
    from activities where user_id = ${userId} and count > 0
    group by day order by day`;
  return rows.map((r) => ({ day: r.day, count: Number(r.count), kinds: r.kinds }));
}

export interface ActivityEntry {
  id: number;
  type: ActivityType;
  updatedAt: Date;
  deckId: number | null;
  deckName: string | null;
  duelId: number | null;
  duelType: Schemas['DuelType'] | null;
  opponentUsername: string | null;
  result: Schemas['DuelResult'] | null;
  myScore: number | null;
  opponentScore: number | null;
  chatId: number | null;
  chatTitle: string | null;
}

interface ActivityRow {
  id: number;
  activity_type: ActivityType;
  updated_at: string;
  deck_id: number | null;
  deck_name: string | null;
  duel_id: number | null;
  duel_type: Schemas['DuelType'] | null;
  opponent_username: string | null;
  result: Schemas['DuelResult'] | null;
  my_score: number | null;
  opponent_score: number | null;
  chat_id: number | null;
  chat_title: string | null;
  total: string;
}

function toActivity(r: ActivityRow): ActivityEntry {
  return {
    id: r.id,
    type: r.activity_type,
    updatedAt: pgDate(r.updated_at),
    deckId: r.deck_id,
    deckName: r.deck_name,
    duelId: r.duel_id,
    duelType: r.duel_type,
    opponentUsername: r.opponent_username,
    result: r.result,
    myScore: r.my_score,
    opponentScore: r.opponent_score,
    chatId: r.chat_id,
    chatTitle: r.chat_title,
  };
}

/**
 * A page of the learner's history, latest `updated_at` first, optionally of one kind. A deleted
 * deck's or chat's rows (their subject set null) stay for streaks and totals but are not listed:
 * the history only links to what still exists.
 */
export async function listActivities(
  q: Query,
  userId: number,
  type: ActivityType | undefined,
  window: { offset: number; limit: number },
): Promise<{ count: number; activities: ActivityEntry[] }> {
  const kind = q`
    and not (activity_type = 'space_repetition' and deck_id is null)
    and not (activity_type = 'macro_images' and chat_id is null)
    ${type ? q`and activity_type = ${type}` : q``}`;
  const rows = await q<ActivityRow[]>`
    select id, activity_type, updated_at, deck_id, deck_name, duel_id, duel_type,
      opponent_username, result, my_score, opponent_score, chat_id, chat_title,
      count(*) over () as total
    from activities where user_id = ${userId} and count > 0 ${kind}
    order by updated_at desc, id desc
    offset ${window.offset} limit ${window.limit}`;
  const count = rows[0]
    ? Number(rows[0].total)
    : Number(
        (
          await q<{ n: string }[]>`
          select count(*) as n from activities where user_id = ${userId} and count > 0 ${kind}`
        )[0]?.n ?? 0,
      );
  return { count, activities: rows.map(toActivity) };
}

/** Duel outcomes and responses, from the duel rows of the history (one per duel and day). */
export async function duelTotals(
  q: Query,
  userId: number,
): Promise<{ responses: number; played: number; won: number }> {
  const [row] = await q<{ responses: string; played: string; won: string }[]>`
    with latest as (
      select distinct on (duel_id) duel_id, result
      from activities
      where user_id = ${userId} and duel_id is not null
      order by duel_id, updated_at desc, id desc
    )
    select
      (select coalesce(sum(count), 0) from activities
        where user_id = ${userId} and duel_id is not null) as responses,
      (select count(*) from latest where result in ('win', 'lose', 'draw')) as played,
      (select count(*) from latest where result = 'win') as won`;
  return {
    responses: Number(row?.responses ?? 0),
    played: Number(row?.played ?? 0),
    won: Number(row?.won ?? 0),
  };
}

export interface RankingRow {
  id: number;
  email: string;
  username: string;
  firstName: string;
  lastName: string;
  activities: number;
}

/**
 * The learner and their accepted friends, each with their activities over their own last `days`
 * days (in their time zone, today included) at `now`.
 */
export async function rankingCounts(
  q: Query,
  userId: number,
  days: number,
  now: Date = new Date(),
): Promise<RankingRow[]> {
  const rows = await q<
    {
      id: number;
      email: string;
      username: string;
      first_name: string;
      last_name: string;
      activities: string;
    }[]
  >`
    with people as (
      select ${userId}::int as id
      union
      select case when f.sender_id = ${userId} then f.receiver_id else f.sender_id end
      from friendships f
      where (f.sender_id = ${userId} or f.receiver_id = ${userId}) and f.status = 'accepted'
    )
    select u.id, u.email, u.username, u.first_name, u.last_name,
      coalesce((
        select sum(a.count) from activities a
        where a.user_id = u.id and a.count > 0
          and a.day > (${iso(now)}::timestamptz at time zone u.timezone)::date - ${days}::int
      ), 0)::int8 as activities
    from people p join users u on u.id = p.id`;
  return rows.map((r) => ({
    id: r.id,
    email: r.email,
    username: r.username,
    firstName: r.first_name,
    lastName: r.last_name,
    activities: Number(r.activities),
  }));
}
