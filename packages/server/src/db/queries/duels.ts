/** Duels, their players and duel requests: every SQL statement of the duels domain. */
import type { StoredDeckCard, StoredQuestion } from '../../domain/duels/duel-content.ts';
import { type LiveSignal, sendLiveSignal } from '../../notifications/index.ts';
import {
  type PersonRecord,
  SENDER_RECEIVER_COLUMNS,
  type SenderReceiverRow,
  toSenderAndReceiver,
} from './people.ts';
import { iso, pgDate, pgDateOrNull, type Query } from './pg.ts';

export type DuelKind = 'desk' | 'custom' | 'images' | 'table';
export type DuelStatus = 'waiting' | 'in_progress' | 'finished' | 'cancelled';
export type DuelRequestStatus = 'pending' | 'accepted' | 'rejected';

/** What a duel plays, made once on creation. */
export interface DuelContent {
  questions?: StoredQuestion[];
  items?: { picture: string; word: string }[];
  numbers?: string[];
}

export interface DuelSettings {
  wordLimit?: number;
  language?: 'en' | 'es';
  numberLimit?: number;
  digits?: number;
  /** Deck duels: the players whose answers are logged as reviews (they opted in). */
  reviewers?: number[];
}

export interface DuelRecord {
  id: number;
  kind: DuelKind;
  name: string;
  mode: 'normal' | 'review';
  status: DuelStatus;
  creatorId: number;
  opponentId: number;
  deckId: number | null;
  deckName: string | null;
  viewTime: number | null;
  answerTime: number;
  settings: DuelSettings;
  content: DuelContent;
  acceptedAt: Date | null;
  finishedAt: Date | null;
  createdAt: Date;
}

/** One answered question (quiz) as stored in `duel_players.answers`. */
export interface StoredAnswer {
  questionId: number;
  answer: string;
  correct: boolean;
  timeMs: number;
}

export interface PlayerRecord {
  duelId: number;
  userId: number;
  phaseStartedAt: Date | null;
  questionStartedAt: Date | null;
  /** Quiz: `StoredAnswer`s; recall: the submitted strings. */
  answers: unknown[];
  score: number;
  totalTimeMs: number;
  finishedAt: Date | null;
}

export type DuelUser = PersonRecord;

interface DuelRow {
  id: number;
  kind: DuelKind;
  name: string;
  mode: 'normal' | 'review';
  status: DuelStatus;
  creator_id: number;
  opponent_id: number;
  desk_id: number | null;
  desk_name: string | null;
  view_time: number | null;
  answer_time: number;
  settings: DuelSettings;
  content: DuelContent;
  accepted_at: string | null;
  finished_at: string | null;
  created_at: string;
}

interface PlayerRow {
  duel_id: number;
  user_id: number;
  phase_started_at: string | null;
  question_started_at: string | null;
  answers: unknown[];
  score: number;
  total_time_ms: number;
  finished_at: string | null;
}

function toDuel(row: DuelRow): DuelRecord {
  return {
    id: row.id,
    kind: row.kind,
    name: row.name,
    mode: row.mode,
    status: row.status,
    creatorId: row.creator_id,
    opponentId: row.opponent_id,
    deckId: row.desk_id,
    deckName: row.desk_name,
    viewTime: row.view_time,
    answerTime: row.answer_time,
    settings: row.settings,
    content: row.content,
    acceptedAt: pgDateOrNull(row.accepted_at),
    finishedAt: pgDateOrNull(row.finished_at),
    createdAt: pgDate(row.created_at),
  };
}

function toPlayer(row: PlayerRow): PlayerRecord {
  return {
    duelId: row.duel_id,
    userId: row.user_id,
    phaseStartedAt: pgDateOrNull(row.phase_started_at),
    questionStartedAt: pgDateOrNull(row.question_started_at),
    answers: row.answers,
    score: row.score,
    totalTimeMs: row.total_time_ms,
    finishedAt: pgDateOrNull(row.finished_at),
  };
}

const DUEL_COLUMNS = (q: Query) => q`
  id, kind, name, mode, status, creator_id, opponent_id, desk_id, desk_name, view_time,
  answer_time, settings, content, accepted_at, finished_at, created_at`;

export interface NewDuel {
  kind: DuelKind;
  name: string;
  mode: 'normal' | 'review';
  creatorId: number;
  opponentId: number;
  deckId: number | null;
  deckName: string | null;
  viewTime: number | null;
  answerTime: number;
  settings: DuelSettings;
  content: DuelContent;
}

/** A new duel, waiting for its opponent, with its two player rows. */
export async function insertDuel(q: Query, duel: NewDuel): Promise<number> {
  const [row] = await q<{ id: number }[]>`
    insert into duels (kind, name, mode, creator_id, opponent_id, desk_id, desk_name, view_time,
      answer_time, settings, content)
    values (${duel.kind}, ${duel.name}, ${duel.mode}, ${duel.creatorId}, ${duel.opponentId},
      ${duel.deckId}, ${duel.deckName}, ${duel.viewTime}, ${duel.answerTime},
      ${JSON.stringify(duel.settings)}::jsonb, ${JSON.stringify(duel.content)}::jsonb)
    returning id`;
  if (!row) throw new Error('insert into duels returned no row');
  await q`
    insert into duel_players (duel_id, user_id)
    values (${row.id}, ${duel.creatorId}), (${row.id}, ${duel.opponentId})`;
  return row.id;
}

/** A duel `userId` plays, of one of `kinds`; `lock` locks it for the change that follows. */
export async function duelOf(
  q: Query,
  id: number,
  userId: number,
  kinds: readonly DuelKind[],
  lock = false,
): Promise<DuelRecord | null> {
  const [row] = await q<DuelRow[]>`
    select ${DUEL_COLUMNS(q)} from duels
    where id = ${id} and (creator_id = ${userId} or opponent_id = ${userId})
      and kind in ${q(kinds as DuelKind[])}
    ${lock ? q`for update` : q``}`;
  return row ? toDuel(row) : null;
}

/** Both players of a duel, creator first. */
export async function playersOf(q: Query, duel: DuelRecord): Promise<PlayerRecord[]> {
  const rows = await q<PlayerRow[]>`
    select duel_id, user_id, phase_started_at, question_started_at, answers, score,
      total_time_ms, finished_at
    from duel_players where duel_id = ${duel.id}`;
  return rows
    .map(toPlayer)
    .sort((a, b) => (a.userId === duel.creatorId ? -1 : b.userId === duel.creatorId ? 1 : 0));
}

export async function usersByIds(q: Query, ids: number[]): Promise<Map<number, DuelUser>> {
  if (ids.length === 0) return new Map();
  const rows = await q<
    { id: number; email: string; username: string; first_name: string; last_name: string }[]
  >`select id, email, username, first_name, last_name from users where id in ${q(ids)}`;
  return new Map(
    rows.map((r) => [
      r.id,
      {
        id: r.id,
        email: r.email,
        username: r.username,
        firstName: r.first_name,
        lastName: r.last_name,
      },
    ]),
  );
}

/** Starts the player's clock at `at` unless it already runs. */
export async function startPhase(q: Query, duelId: number, userId: number, at: Date) {
  await q`
    update duel_players set phase_started_at = ${iso(at)}::timestamptz
    where duel_id = ${duelId} and user_id = ${userId} and phase_started_at is null`;
}

/** Writes a player's answers, score and clock. */
export async function savePlayer(q: Query, player: PlayerRecord): Promise<void> {
  await q`
    update duel_players set
      phase_started_at = ${iso(player.phaseStartedAt)}::timestamptz,
      question_started_at = ${iso(player.questionStartedAt)}::timestamptz,
      answers = ${JSON.stringify(player.answers)}::jsonb,
      score = ${player.score}, total_time_ms = ${player.totalTimeMs},
      finished_at = ${iso(player.finishedAt)}::timestamptz
    where duel_id = ${player.duelId} and user_id = ${player.userId}`;
}

export async function setDuelStatus(
  q: Query,
  id: number,
  status: DuelStatus,
  at: Date,
): Promise<void> {
  await q`
    update duels set status = ${status},
      accepted_at = case when ${status} = 'in_progress' then ${iso(at)}::timestamptz else accepted_at end,
      finished_at = case when ${status} in ('finished', 'cancelled') then ${iso(at)}::timestamptz
        else finished_at end
    where id = ${id}`;
}

/** Ids of the duels `userId` plays that are still running (to settle them before a list). */
export async function runningDuelIds(
  q: Query,
  userId: number,
): Promise<{ id: number; kind: DuelKind }[]> {
  return q<{ id: number; kind: DuelKind }[]>`
    select id, kind from duels
    where status = 'in_progress' and (creator_id = ${userId} or opponent_id = ${userId})`;
}

/** The running duels any of `userIds` plays (to settle those whose time ran out before a read). */
export async function runningDuelsOf(q: Query, userIds: number[]): Promise<DuelRecord[]> {
  if (userIds.length === 0) return [];
  const rows = await q<DuelRow[]>`
    select ${DUEL_COLUMNS(q)} from duels
    where status = 'in_progress' and (creator_id in ${q(userIds)} or opponent_id in ${q(userIds)})`;
  return rows.map(toDuel);
}

/** A duel by id, locked for the change that follows (the caller has checked who may see it). */
export async function lockDuel(q: Query, id: number): Promise<DuelRecord | null> {
  const [row] = await q<
    DuelRow[]
  >`select ${DUEL_COLUMNS(q)} from duels where id = ${id} for update`;
  return row ? toDuel(row) : null;
}

/** The duels `userId` plays, newest first, of `kinds`, one page with the total. */
export async function listDuelsOf(
  q: Query,
  userId: number,
  kinds: readonly DuelKind[],
  window: { offset: number; limit: number },
): Promise<{ count: number; duels: DuelRecord[] }> {
  const where = q`
    where (creator_id = ${userId} or opponent_id = ${userId}) and kind in ${q(kinds as DuelKind[])}`;
  const [counts, rows] = await Promise.all([
    q<{ count: number }[]>`select count(*)::int as count from duels ${where}`,
    q<DuelRow[]>`
      select ${DUEL_COLUMNS(q)} from duels ${where}
      order by created_at desc, id desc offset ${window.offset} limit ${window.limit}`,
  ]);
  return { count: counts[0]?.count ?? 0, duels: rows.map(toDuel) };
}

/** Players of many duels at once, by duel id. */
export async function playersOfMany(q: Query, ids: number[]): Promise<Map<number, PlayerRecord[]>> {
  const out = new Map<number, PlayerRecord[]>();
  if (ids.length === 0) return out;
  const rows = await q<PlayerRow[]>`
    select duel_id, user_id, phase_started_at, question_started_at, answers, score,
      total_time_ms, finished_at
    from duel_players where duel_id in ${q(ids)}`;
  for (const row of rows) {
    const list = out.get(row.duel_id) ?? [];
    list.push(toPlayer(row));
    out.set(row.duel_id, list);
  }
  return out;
}

/** One finished duel from one player's side, for stats and the leaderboard. */
export interface FinishedSide {
  duelId: number;
  kind: DuelKind;
  userId: number;
  score: number;
  timeMs: number;
  answered: number;
  correct: number;
  opponentScore: number;
  opponentTimeMs: number;
}

/** Every finished duel of `userIds`, one row per player among them. */
export async function finishedSides(q: Query, userIds: number[]): Promise<FinishedSide[]> {
  if (userIds.length === 0) return [];
  const rows = await q<
    {
      duel_id: number;
      kind: DuelKind;
      user_id: number;
      score: number;
      time_ms: number;
      answered: number;
      correct: number;
      opponent_score: number;
      opponent_time_ms: number;
    }[]
  >`
    select d.id as duel_id, d.kind, me.user_id, me.score, me.total_time_ms as time_ms,
      jsonb_array_length(me.answers) as answered,
      case when d.kind in ('desk', 'custom') then me.score else 0 end as correct,
      them.score as opponent_score, them.total_time_ms as opponent_time_ms
    from duels d
    join duel_players me on me.duel_id = d.id
    join duel_players them on them.duel_id = d.id and them.user_id <> me.user_id
    where d.status = 'finished' and me.user_id in ${q(userIds)}`;
  return rows.map((r) => ({
    duelId: r.duel_id,
    kind: r.kind,
    userId: r.user_id,
    score: r.score,
    timeMs: r.time_ms,
    answered: r.answered,
    correct: r.correct,
    opponentScore: r.opponent_score,
    opponentTimeMs: r.opponent_time_ms,
  }));
}

/** How many duels of `userId` are still being played. */
export async function openDuelCount(q: Query, userId: number): Promise<number> {
  const [row] = await q<{ count: number }[]>`
    select count(*)::int as count from duels
    where status in ('waiting', 'in_progress') and (creator_id = ${userId} or opponent_id = ${userId})`;
  return row?.count ?? 0;
}

/** The ids of `userId`'s accepted friends. */
export async function friendIds(q: Query, userId: number): Promise<number[]> {
  const rows = await q<{ id: number }[]>`
    select case when sender_id = ${userId} then receiver_id else sender_id end as id
    from friendships
    where status = 'accepted' and (sender_id = ${userId} or receiver_id = ${userId})`;
  return rows.map((r) => r.id);
}

/** Whether the two users are accepted friends now. */
export async function areFriends(q: Query, a: number, b: number): Promise<boolean> {
  const [row] = await q<{ ok: boolean }[]>`
    select exists (
      select 1 from friendships
      where status = 'accepted'
        and least(sender_id, receiver_id) = ${Math.min(a, b)}
        and greatest(sender_id, receiver_id) = ${Math.max(a, b)}
    ) as ok`;
  return row?.ok ?? false;
}

/** A deck's cards as questions are drawn from them (front image as a data URL). */
/** A deck's cards with what their notes say about asking them (`duelCards` picks the playable). */
export async function deckCards(q: Query, deckId: number): Promise<StoredDeckCard[]> {
  const rows = await q<
    {
      id: number;
      front: string;
      back: string;
      front_image: Buffer | null;
      front_image_type: string | null;
      ordinal: number;
      stock_type: string | null;
      cloze_text: string | null;
    }[]
  >`select c.id, c.front, c.back, c.front_image, c.front_image_type, c.ordinal, n.stock_type,
      case when n.stock_type = 'cloze' then n.fields->>'text' end as cloze_text
    from cards c left join notes n on n.id = c.note_id
    where c.desk_id = ${deckId} order by c.id`;
  return rows.map((r) => ({
    cardId: r.id,
    front: r.front,
    back: r.back,
    frontImage:
      r.front_image && r.front_image_type
        ? `data:${r.front_image_type};base64,${r.front_image.toString('base64')}`
        : null,
    ordinal: r.ordinal,
    noteType: r.stock_type,
    clozeText: r.cloze_text,
  }));
}

/** Adds a player to a deck duel's `reviewers` (their answers are logged as reviews). */
export async function addDuelReviewer(q: Query, duelId: number, userId: number): Promise<void> {
  await q`
    update duels set settings = jsonb_set(settings, '{reviewers}',
      coalesce(settings->'reviewers', '[]'::jsonb) || to_jsonb(${userId}::int))
    where id = ${duelId} and not coalesce(settings->'reviewers', '[]'::jsonb) @> to_jsonb(${userId}::int)`;
}

// ── Duel requests ──────────────────────────────────────────────────────────────────────────────

export interface DuelRequestRecord {
  id: number;
  duelId: number;
  senderId: number;
  receiverId: number;
  duelType: DuelKind;
  status: DuelRequestStatus;
  senderDeleted: boolean;
  receiverDeleted: boolean;
  createdAt: Date;
  respondedAt: Date | null;
}

/** A request with both people and its duel's status, for answers. */
export interface DuelRequestView extends DuelRequestRecord {
  sender: DuelUser;
  receiver: DuelUser;
  duelStatus: DuelStatus;
}

interface RequestRow {
  id: number;
  duel_id: number;
  sender_id: number;
  receiver_id: number;
  duel_type: DuelKind;
  status: DuelRequestStatus;
  sender_deleted: boolean;
  receiver_deleted: boolean;
  created_at: string;
  responded_at: string | null;
}

type RequestViewRow = RequestRow & SenderReceiverRow & { duel_status: DuelStatus };

function toRequest(row: RequestRow): DuelRequestRecord {
  return {
    id: row.id,
    duelId: row.duel_id,
    senderId: row.sender_id,
    receiverId: row.receiver_id,
    duelType: row.duel_type,
    status: row.status,
    senderDeleted: row.sender_deleted,
    receiverDeleted: row.receiver_deleted,
    createdAt: pgDate(row.created_at),
    respondedAt: pgDateOrNull(row.responded_at),
  };
}

function toRequestView(row: RequestViewRow): DuelRequestView {
  return { ...toRequest(row), ...toSenderAndReceiver(row), duelStatus: row.duel_status };
}

const REQUEST_COLUMNS = (q: Query) => q`
  dr.id, dr.duel_id, dr.sender_id, dr.receiver_id, dr.duel_type, dr.status, dr.sender_deleted,
  dr.receiver_deleted, dr.created_at, dr.responded_at, ${SENDER_RECEIVER_COLUMNS(q)},
  (select d.status from duels d where d.id = dr.duel_id) as duel_status`;

/** A pending request; a unique violation of `duel_requests_pending_key` when one is open. */
export async function insertDuelRequest(
  q: Query,
  duel: { id: number; kind: DuelKind; creatorId: number; opponentId: number },
): Promise<number> {
  const [row] = await q<{ id: number }[]>`
    insert into duel_requests (duel_id, sender_id, receiver_id, duel_type)
    values (${duel.id}, ${duel.creatorId}, ${duel.opponentId}, ${duel.kind})
    returning id`;
  if (!row) throw new Error('insert into duel_requests returned no row');
  return row.id;
}

/** A request `userId` sent or received, locked for the change that follows. */
export async function lockDuelRequestOf(
  q: Query,
  id: number,
  userId: number,
): Promise<DuelRequestRecord | null> {
  const [row] = await q<RequestRow[]>`
    select id, duel_id, sender_id, receiver_id, duel_type, status, sender_deleted,
      receiver_deleted, created_at, responded_at
    from duel_requests where id = ${id} and (sender_id = ${userId} or receiver_id = ${userId})
    for update`;
  return row ? toRequest(row) : null;
}

export async function setDuelRequestStatus(
  q: Query,
  id: number,
  status: DuelRequestStatus,
  at: Date,
): Promise<void> {
  await q`update duel_requests set status = ${status}, responded_at = ${iso(at)}::timestamptz
    where id = ${id}`;
}

/** Hides the request for `userId` only (their side's `is_deleted`). */
export async function hideDuelRequest(q: Query, id: number, userId: number): Promise<boolean> {
  const rows = await q`
    update duel_requests set
      sender_deleted = sender_deleted or sender_id = ${userId},
      receiver_deleted = receiver_deleted or receiver_id = ${userId}
    where id = ${id} and (sender_id = ${userId} or receiver_id = ${userId})
    returning id`;
  return rows.length > 0;
}

export async function duelRequestView(q: Query, id: number): Promise<DuelRequestView | null> {
  const [row] = await q<RequestViewRow[]>`
    select ${REQUEST_COLUMNS(q)} from duel_requests dr
    join users s on s.id = dr.sender_id join users r on r.id = dr.receiver_id
    where dr.id = ${id}`;
  return row ? toRequestView(row) : null;
}

/** The requests `userId` sent or received and did not hide, newest first. */
export async function listDuelRequests(
  q: Query,
  userId: number,
  filter: { status?: DuelRequestStatus; receivedOnly?: boolean },
): Promise<DuelRequestView[]> {
  const rows = await q<RequestViewRow[]>`
    select ${REQUEST_COLUMNS(q)} from duel_requests dr
    join users s on s.id = dr.sender_id join users r on r.id = dr.receiver_id
    where ${
      filter.receivedOnly
        ? q`dr.receiver_id = ${userId} and not dr.receiver_deleted`
        : q`((dr.sender_id = ${userId} and not dr.sender_deleted)
            or (dr.receiver_id = ${userId} and not dr.receiver_deleted))`
    }
    ${filter.status ? q`and dr.status = ${filter.status}` : q``}
    order by dr.created_at desc, dr.id desc
    limit 200`;
  return rows.map(toRequestView);
}

// ── Live progress ──────────────────────────────────────────────────────────────────────────────

/** The `duel_progress` event, sent to `userId`'s open streams once the transaction commits. */
export async function signalDuelProgress(
  q: Query,
  userId: number,
  data: {
    duel_id: number;
    duel_type: DuelKind;
    status: DuelStatus;
    opponent_answered: number;
    opponent_finished: boolean;
  },
): Promise<void> {
  const signal: LiveSignal = { user_id: userId, event: 'duel_progress', data };
  await sendLiveSignal(q, signal);
}

/** A rejected (cancelled) duel waiting again, for `opponentId`, with a fresh player row. */
export async function reopenDuel(q: Query, duel: DuelRecord, opponentId: number): Promise<void> {
  await q`
    update duels set opponent_id = ${opponentId}, status = 'waiting', accepted_at = null,
      finished_at = null
    where id = ${duel.id}`;
  await q`delete from duel_players where duel_id = ${duel.id} and user_id <> ${duel.creatorId}`;
  await q`
    update duel_players set phase_started_at = null, question_started_at = null, answers = '[]',
      score = 0, total_time_ms = 0, finished_at = null
    where duel_id = ${duel.id}`;
  await q`insert into duel_players (duel_id, user_id) values (${duel.id}, ${opponentId})`;
}
