/**
 * Desks, cards and FSRS reviews (`tags: [space-repetition]`).
 *
 * Access: a learner sees their own desks and those shared with them; any other id is 404. A
 * shared desk is read-only (403 `forbidden` on edits, as the contract says) unless its owner
 * allows editing; deleting and sharing are the owner's. Each learner has their own schedule of a
 * shared desk (`card_schedules`, one row per learner and card) and their own new-cards limit.
 */
import type { Context } from 'hono';
import type postgres from 'postgres';
import type { Handlers, Schemas } from '../contract/types.ts';
import { recordDeskReview, retractDeskReview } from '../domain/activity.ts';
import { DEFAULT_MAX_CARDS, type Locale } from '../domain/card-generation.ts';
import {
  checkImage,
  IMAGE_MESSAGES,
  ImageError,
  imageFromDataUrl,
  MAX_IMAGE_BYTES,
  type StoredImage,
  toDataUrl,
} from '../domain/images.ts';
import {
  type Difficulty,
  gradeOf,
  type LearnerDay,
  learnerDay,
  localDate,
  previewIntervals,
  ratingName,
  review,
  type Schedule,
  type ScheduleJson,
  scheduleFromJson,
  scheduleToJson,
  stateName,
  stateOf,
} from '../domain/scheduling.ts';
import { isValidEmail } from '../domain/users.ts';
import type { AppEnv } from '../http/context.ts';
import { ApiError, type FieldErrors, notFound, validationError } from '../http/errors.ts';
import { notify } from '../notifications/index.ts';
import { AiProviderError } from '../providers/ai/types.ts';
import { OcrError } from '../providers/ocr/types.ts';

type Sql = postgres.Sql;
type Query = postgres.Sql | postgres.TransactionSql;
type Row = Record<string, unknown>;

/**
 * A timestamp as read through the pool Drizzle configured: Drizzle makes postgres.js hand
 * timestamps over as PostgreSQL's text (`2025-01-31 09:15:00.123+00`) and pass timestamps and
 * JSON in as given, so timestamps are parsed here and sent as ISO strings, JSON as text.
 */
export function pgDate(value: unknown): Date {
  if (value instanceof Date) return value;
  const text = String(value)
    .replace(' ', 'T')
    .replace(/([+-]\d\d)$/, '$1:00');
  const date = new Date(text);
  if (Number.isNaN(date.getTime())) throw new Error(`not a timestamp: ${String(value)}`);
  return date;
}

function pgDateOrNull(value: unknown): Date | null {
  return value === null || value === undefined ? null : pgDate(value);
}

const iso = (d: Date | null | undefined) => (d ? d.toISOString() : null);

export const MESSAGES = {
  deskName: 'Please enter a desk name',
  emails: 'Please enter at least one email address',
  invalidEmail: 'Enter a valid email address.',
  textOrImage: 'Please provide either text or an image',
  noTextInImage: 'No text could be read from this image.',
  front: 'Please enter the front of the card or add an image.',
  back: 'Please enter the back of the card or add an image.',
  deskNotFound: 'No desk with this id.',
  cardNotFound: 'No card with this id.',
  readOnly: 'This desk is shared with you read-only.',
  ownerOnly: 'Only the owner of this desk can do this.',
  beforeLastReview: 'This rating is older than the card’s last review.',
  nothingToUndo: 'There is no review of this card to undo.',
  keyReused: 'This idempotency_key was already used for another card.',
} as const;

function currentUser(c: Context<AppEnv>) {
  const user = c.get('user');
  if (!user) {
    throw new ApiError(401, 'not_authenticated', 'Authentication credentials were not provided.');
  }
  return user;
}

// ── Desks: access ───────────────────────────────────────────────────────────────────────────────

interface DeskAccess {
  id: number;
  name: string;
  ownerId: number;
  ownerUsername: string;
  allowEditing: boolean;
  createdAt: Date;
  updatedAt: Date;
  isOwner: boolean;
  canEdit: boolean;
  /** The caller's own new-cards-per-day limit for this desk. */
  newCardsPerDay: number;
  cardsCount: number;
}

function toAccess(row: Row, userId: number): DeskAccess {
  const isOwner = row.owner_id === userId;
  const allowEditing = row.allow_editing as boolean;
  return {
    id: row.id as number,
    name: row.name as string,
    ownerId: row.owner_id as number,
    ownerUsername: row.owner_username as string,
    allowEditing,
    createdAt: pgDate(row.created_at),
    updatedAt: pgDate(row.updated_at),
    isOwner,
    canEdit: isOwner || allowEditing,
    newCardsPerDay: (isOwner ? row.owner_limit : row.share_limit) as number,
    cardsCount: row.cards_count as number,
  };
}

/** The desks `userId` sees (own and shared), by name; `lock` locks the desk rows too. */
async function visibleDesks(
  q: Query,
  userId: number,
  filter: { id?: number; cardId?: number; search?: string; lock?: 'share' | 'update' } = {},
): Promise<DeskAccess[]> {
  const rows = await q`
    select d.id, d.name, d.owner_id, d.new_cards_per_day as owner_limit, d.allow_editing,
           d.cards_count, d.created_at, d.updated_at, u.username as owner_username,
           s.new_cards_per_day as share_limit
    from desks d
    join users u on u.id = d.owner_id
    left join desk_shares s on s.desk_id = d.id and s.user_id = ${userId}
    where (d.owner_id = ${userId} or s.user_id is not null)
      ${filter.id !== undefined ? q`and d.id = ${filter.id}` : q``}
      ${filter.cardId !== undefined ? q`and d.id = (select desk_id from cards where id = ${filter.cardId})` : q``}
      ${filter.search ? q`and d.name ilike ${`%${escapeLike(filter.search)}%`}` : q``}
    order by lower(d.name), d.id
    ${filter.lock === 'share' ? q`for share of d` : filter.lock === 'update' ? q`for update of d` : q``}`;
  return rows.map((r) => toAccess(r, userId));
}

/** The desk if `userId` sees it, else 404. */
async function deskFor(
  q: Query,
  userId: number,
  id: number,
  lock?: 'share' | 'update',
): Promise<DeskAccess> {
  const [desk] = await visibleDesks(q, userId, { id, lock });
  if (!desk) throw notFound(MESSAGES.deskNotFound);
  return desk;
}

function assertCanEdit(desk: DeskAccess) {
  if (!desk.canEdit) throw new ApiError(403, 'forbidden', MESSAGES.readOnly);
}

function assertOwner(desk: DeskAccess) {
  if (!desk.isOwner) throw new ApiError(403, 'forbidden', MESSAGES.ownerOnly);
}

function escapeLike(s: string): string {
  return s.replace(/[\\%_]/g, (ch) => `\\${ch}`);
}

// ── Desks: today's counts ───────────────────────────────────────────────────────────────────────

interface DeskCounts {
  cardsCount: number;
  newToday: number;
  dueCount: number;
  /** New cards still allowed today (capped by the cards left to introduce). */
  newCount: number;
}

/**
 * Today's counts of each desk for one learner: cards, new cards introduced today, due cards
 * (learning steps due now, review cards due today) and the new cards still allowed.
 */
async function deskCounts(
  q: Query,
  userId: number,
  desks: Pick<DeskAccess, 'id' | 'newCardsPerDay' | 'cardsCount'>[],
  now: Date,
  today: LearnerDay,
): Promise<Map<number, DeskCounts>> {
  const out = new Map<number, DeskCounts>();
  if (desks.length === 0) return out;
  const ids = desks.map((d) => d.id);
  const limits = desks.map((d) => d.newCardsPerDay);
  const rows = await q`
    with d(desk_id, lim) as (
      select * from unnest(${ids}::int[], ${limits}::int[])
    ),
    intro as (
      select desk_id, count(*)::int as n from card_schedules
      where user_id = ${userId} and introduced_at >= ${iso(today.start)} and introduced_at < ${iso(today.end)}
        and desk_id = any(${ids}::int[])
      group by desk_id
    ),
    due as (
      select desk_id, count(*)::int as n from card_schedules
      where user_id = ${userId} and state <> 0 and due < ${iso(today.end)}
        and (state = 2 or due <= ${iso(now)}) and desk_id = any(${ids}::int[])
      group by desk_id
    )
    select d.desk_id, coalesce(intro.n, 0) as new_today,
           coalesce(due.n, 0) as due_count,
           (select count(*)::int from (
              select 1 from card_schedules s
              where s.user_id = ${userId} and s.desk_id = d.desk_id and s.state = 0
              limit greatest(d.lim - coalesce(intro.n, 0), 0)
           ) x) as new_count
    from d
    left join intro using (desk_id)
    left join due using (desk_id)`;
  const cardsCount = new Map(desks.map((d) => [d.id, d.cardsCount]));
  for (const r of rows) {
    out.set(r.desk_id as number, {
      cardsCount: cardsCount.get(r.desk_id as number) ?? 0,
      newToday: r.new_today as number,
      dueCount: r.due_count as number,
      newCount: r.new_count as number,
    });
  }
  return out;
}

async function sharedWith(q: Query, deskIds: number[]): Promise<Map<number, string[]>> {
  const out = new Map<number, string[]>();
  if (deskIds.length === 0) return out;
  const rows = await q`
    select s.desk_id, u.email from desk_shares s join users u on u.id = s.user_id
    where s.desk_id = any(${deskIds}::int[]) order by lower(u.email)`;
  for (const r of rows) {
    const list = out.get(r.desk_id as number) ?? [];
    list.push(r.email as string);
    out.set(r.desk_id as number, list);
  }
  return out;
}

function toDesk(
  desk: DeskAccess,
  counts: DeskCounts | undefined,
  emails: string[],
): Schemas['Desk'] {
  const n = counts ?? { cardsCount: 0, newToday: 0, dueCount: 0, newCount: 0 };
  return {
    id: desk.id,
    name: desk.name,
    cards_count: n.cardsCount,
    new_cards_per_day: desk.newCardsPerDay,
    new_cards_today: n.newToday,
    remaining_today: n.dueCount + n.newCount,
    due_count: n.dueCount,
    new_count: n.newCount,
    is_owner: desk.isOwner,
    can_edit: desk.canEdit,
    owner_username: desk.ownerUsername,
    shared_with: desk.isOwner ? emails : [],
    allow_editing: desk.allowEditing,
    created_at: desk.createdAt.toISOString(),
    updated_at: desk.updatedAt.toISOString(),
  };
}

async function renderDesks(
  q: Query,
  userId: number,
  timezone: string,
  desks: DeskAccess[],
): Promise<Schemas['Desk'][]> {
  const now = new Date();
  const today = learnerDay(now, timezone);
  const [counts, emails] = await Promise.all([
    deskCounts(q, userId, desks, now, today),
    sharedWith(
      q,
      desks.filter((d) => d.isOwner).map((d) => d.id),
    ),
  ]);
  return desks.map((d) => toDesk(d, counts.get(d.id), emails.get(d.id) ?? []));
}

function deskName(value: string | undefined): string {
  const name = (value ?? '').trim();
  if (!name) throw validationError({ name: [MESSAGES.deskName] }, MESSAGES.deskName);
  return name;
}

// ── Cards ───────────────────────────────────────────────────────────────────────────────────────

const CARD_COLUMNS = (q: Query) => q`
  c.id, c.desk_id, c.front, c.back, c.front_image, c.front_image_type, c.back_image,
  c.back_image_type, c.created_at, c.updated_at,
  coalesce(s.state, 0)::int as state, coalesce(s.due, c.created_at) as due,
  coalesce(s.stability, 0) as stability, coalesce(s.difficulty, 0) as difficulty,
  coalesce(s.elapsed_days, 0) as elapsed_days, coalesce(s.scheduled_days, 0) as scheduled_days,
  coalesce(s.learning_steps, 0) as learning_steps, coalesce(s.reps, 0) as reps,
  coalesce(s.lapses, 0) as lapses, s.last_review, s.introduced_at`;

function scheduleOf(row: Row): Schedule {
  return {
    state: row.state as number,
    due: pgDate(row.due),
    stability: row.stability as number,
    difficulty: row.difficulty as number,
    elapsedDays: row.elapsed_days as number,
    scheduledDays: row.scheduled_days as number,
    learningSteps: row.learning_steps as number,
    reps: row.reps as number,
    lapses: row.lapses as number,
    lastReview: pgDateOrNull(row.last_review),
  };
}

function toCard(row: Row, schedule: Schedule = scheduleOf(row)): Schemas['Card'] {
  return {
    id: row.id as number,
    desk_id: row.desk_id as number,
    front: row.front as string,
    back: row.back as string,
    front_image: toDataUrl(row.front_image as Buffer | null, row.front_image_type as string | null),
    back_image: toDataUrl(row.back_image as Buffer | null, row.back_image_type as string | null),
    state: stateName(schedule.state),
    due: schedule.due.toISOString(),
    stability: schedule.stability,
    difficulty: Math.min(10, Math.max(0, schedule.difficulty)),
    reps: schedule.reps,
    lapses: schedule.lapses,
    last_review: schedule.lastReview?.toISOString() ?? null,
    created_at: pgDate(row.created_at).toISOString(),
    updated_at: pgDate(row.updated_at).toISOString(),
  };
}

function toIntervals(
  schedule: Schedule,
  at: Date,
  memo?: Map<string, Schemas['ReviewIntervals']>,
): Schemas['ReviewIntervals'] {
  // Cards in the same state (every new card, above all) preview alike: compute once per queue.
  const key = memo
    ? [
        schedule.state,
        schedule.state === 0 ? 0 : schedule.due.getTime(),
        schedule.stability,
        schedule.difficulty,
        schedule.reps,
        schedule.lapses,
        schedule.learningSteps,
        schedule.elapsedDays,
        schedule.scheduledDays,
        schedule.lastReview?.getTime() ?? 0,
      ].join('|')
    : '';
  const known = memo?.get(key);
  if (known) return known;
  const p = previewIntervals(schedule, at);
  const one = (x: (typeof p)['again']) => ({
    due: x.due.toISOString(),
    interval_seconds: x.intervalSeconds,
  });
  const intervals = {
    again: one(p.again),
    hard: one(p.hard),
    good: one(p.good),
    easy: one(p.easy),
  };
  memo?.set(key, intervals);
  return intervals;
}

function toDueCard(
  row: Row,
  at: Date,
  schedule: Schedule = scheduleOf(row),
  memo?: Map<string, Schemas['ReviewIntervals']>,
): Schemas['DueCard'] {
  return { ...toCard(row, schedule), intervals: toIntervals(schedule, at, memo) };
}

/** A card the caller sees (with their schedule), else 404; `lock` locks their schedule row. */
async function cardFor(
  q: Query,
  userId: number,
  cardId: number,
  lock = false,
): Promise<{ row: Row; desk: DeskAccess }> {
  const [desk] = await visibleDesks(q, userId, { cardId });
  if (!desk) throw notFound(MESSAGES.cardNotFound);
  const select = () => q`
    select ${CARD_COLUMNS(q)}
    from cards c
    ${lock ? q`join` : q`left join`} card_schedules s on s.card_id = c.id and s.user_id = ${userId}
    where c.id = ${cardId}
    ${lock ? q`for update of s` : q``}`;
  let [row] = await select();
  if (!row && lock) {
    // Every learner of a desk has a schedule row for each card (written with the card or the
    // share); should one be missing, write it, so two ratings always serialise on one row.
    await q`
      insert into card_schedules (user_id, card_id, desk_id, due)
      select ${userId}, c.id, c.desk_id, c.created_at from cards c where c.id = ${cardId}
      on conflict do nothing`;
    [row] = await select();
  }
  if (!row) throw notFound(MESSAGES.cardNotFound);
  return { row, desk };
}

interface CardInput {
  front?: string;
  back?: string;
  deskId?: number;
  /** undefined: keep; null: remove; an image: replace. */
  frontImage?: StoredImage | null;
  backImage?: StoredImage | null;
}

function readImageField(
  fields: FieldErrors,
  name: string,
  value: string | null | undefined,
): StoredImage | null | undefined {
  if (value === undefined || value === null) return value;
  try {
    return imageFromDataUrl(value);
  } catch (error) {
    if (!(error instanceof ImageError)) throw error;
    fields[name] = [error.message];
    return undefined;
  }
}

async function readImageFile(
  fields: FieldErrors,
  name: string,
  value: unknown,
): Promise<StoredImage | undefined> {
  if (value === undefined || value === null || value === '') return undefined;
  if (typeof value === 'string') {
    // A data: URL sent as a form field is accepted too.
    return readImageField(fields, name, value) ?? undefined;
  }
  if (Array.isArray(value) || typeof (value as Blob).arrayBuffer !== 'function') {
    fields[name] = ['Send one image file.'];
    return undefined;
  }
  const file = value as Blob;
  if (file.size === 0) return undefined; // an empty file input
  if (file.size > MAX_IMAGE_BYTES) {
    fields[name] = [IMAGE_MESSAGES.tooLarge];
    return undefined;
  }
  try {
    return checkImage(new Uint8Array(await file.arrayBuffer()));
  } catch (error) {
    if (!(error instanceof ImageError)) throw error;
    fields[name] = [error.message];
    return undefined;
  }
}

function isMultipart(c: Context<AppEnv>): boolean {
  const type = c.req.header('content-type')?.split(';')[0]?.trim().toLowerCase();
  return type === 'multipart/form-data' || type === 'application/x-www-form-urlencoded';
}

type FormBody = Record<string, string | File | (string | File)[]>;

function formText(
  fields: FieldErrors,
  form: FormBody,
  name: string,
  required: boolean,
  maxLength = 5000,
) {
  const value = form[name];
  if (value === undefined) {
    if (required) fields[name] = ['This field is required.'];
    return undefined;
  }
  if (typeof value !== 'string') {
    fields[name] = ['Must be a string.'];
    return undefined;
  }
  if (value.length > maxLength) {
    fields[name] = [`Must be at most ${maxLength} characters long.`];
    return undefined;
  }
  return value;
}

/** The multipart form of CardCreate / CardUpdate (the router leaves form bodies to handlers). */
async function readCardForm(c: Context<AppEnv>, creating: boolean): Promise<CardInput> {
  const form = (await c.req.parseBody({ all: true })) as FormBody;
  const fields: FieldErrors = {};
  const input: CardInput = {
    front: formText(fields, form, 'front', true),
    back: formText(fields, form, 'back', true),
  };
  if (creating) {
    const raw = form.desk_id;
    const id = typeof raw === 'string' && /^\d+$/.test(raw.trim()) ? Number(raw) : Number.NaN;
    if (raw === undefined) fields.desk_id = ['This field is required.'];
    else if (!Number.isSafeInteger(id) || id < 1) fields.desk_id = ['Must be an integer ≥ 1.'];
    else input.deskId = id;
  }
  input.frontImage = await readImageFile(fields, 'front_image', form.front_image);
  input.backImage = await readImageFile(fields, 'back_image', form.back_image);
  if (!creating) {
    const removes = (name: string) => ['true', '1', 'on'].includes(String(form[name] ?? ''));
    if (input.frontImage === undefined && removes('remove_front_image')) input.frontImage = null;
    if (input.backImage === undefined && removes('remove_back_image')) input.backImage = null;
  }
  if (Object.keys(fields).length > 0) throw validationError(fields);
  return input;
}

function readCardJson(
  body: {
    desk_id?: number;
    front: string;
    back: string;
    front_image?: string | null;
    back_image?: string | null;
  },
  creating: boolean,
): CardInput {
  const fields: FieldErrors = {};
  const input: CardInput = {
    front: body.front,
    back: body.back,
    deskId: body.desk_id,
    frontImage: readImageField(fields, 'front_image', body.front_image),
    backImage: readImageField(fields, 'back_image', body.back_image),
  };
  if (creating) {
    // On create an explicit null is simply no image.
    input.frontImage ??= undefined;
    input.backImage ??= undefined;
  }
  if (Object.keys(fields).length > 0) throw validationError(fields);
  return input;
}

/** Each side needs text or an image (checked against what the card will hold). */
function checkSides(front: string, back: string, frontImage: boolean, backImage: boolean) {
  const fields: FieldErrors = {};
  if (!front.trim() && !frontImage) fields.front = [MESSAGES.front];
  if (!back.trim() && !backImage) fields.back = [MESSAGES.back];
  if (Object.keys(fields).length > 0) throw validationError(fields);
}

// ── Reviews ─────────────────────────────────────────────────────────────────────────────────────

interface RateOptions {
  difficulty: Difficulty;
  answerTimeMs?: number;
  reviewedAt?: string;
  idempotencyKey?: string;
  sameDay: boolean;
}

async function remainingToday(
  q: Query,
  userId: number,
  desk: DeskAccess,
  timezone: string,
): Promise<number> {
  const now = new Date();
  const counts = await deskCounts(q, userId, [desk], now, learnerDay(now, timezone));
  const n = counts.get(desk.id);
  return n ? n.dueCount + n.newCount : 0;
}

async function findReplay(q: Query, userId: number, key: string) {
  const [log] = await q`
    select id, card_id, rating, state_after, reviewed_at from review_logs
    where user_id = ${userId} and idempotency_key = ${key}`;
  return log;
}

/** The answer to a rating already applied (an idempotent replay), from its log row. */
async function replayResult(
  sql: Sql,
  userId: number,
  timezone: string,
  cardId: number,
  log: Row,
): Promise<Schemas['ReviewResult']> {
  if (log.card_id !== cardId) throw new ApiError(409, 'conflict', MESSAGES.keyReused);
  const { row, desk } = await cardFor(sql, userId, cardId);
  const { schedule } = scheduleFromJson(log.state_after as ScheduleJson);
  const reviewedAt = pgDate(log.reviewed_at);
  return {
    card: toCard(row, schedule),
    rating: ratingName(log.rating as number),
    next_due: schedule.due.toISOString(),
    interval_seconds: Math.max(
      0,
      Math.round((schedule.due.getTime() - reviewedAt.getTime()) / 1000),
    ),
    intervals: toIntervals(schedule, reviewedAt),
    review_id: Number(log.id),
    remaining_today: await remainingToday(sql, userId, desk, timezone),
  };
}

function isUniqueViolation(error: unknown): boolean {
  for (let e = error as { code?: string; cause?: unknown } | undefined; e; ) {
    if (e.code === '23505') return true;
    e = e.cause as typeof e;
  }
  return false;
}

/**
 * Rates a card: in one transaction, locks the learner's schedule row, runs ts-fsrs on the stored
 * state, writes the new state and a review log row and counts the day's activity. Concurrent
 * ratings of one card queue on the row lock, so each applies to the state the previous one left.
 */
async function rate(
  c: Context<AppEnv>,
  cardId: number,
  options: RateOptions,
): Promise<Schemas['ReviewResult']> {
  const { sql } = c.get('deps');
  const user = currentUser(c);
  const now = new Date();
  let reviewedAt = now;
  if (options.reviewedAt) {
    const at = new Date(options.reviewedAt);
    if (at.getTime() < now.getTime()) reviewedAt = at; // never in the future
  }
  const key = options.idempotencyKey;
  if (key) {
    const earlier = await findReplay(sql, user.id, key);
    if (earlier) return replayResult(sql, user.id, user.timezone, cardId, earlier);
  }
  const grade = gradeOf(options.difficulty);
  let outcome: { row: Row; desk: DeskAccess; schedule: Schedule; reviewId: number } | Row;
  try {
    outcome = await sql.begin(async (tx) => {
      const { row, desk } = await cardFor(tx, user.id, cardId, true);
      if (key) {
        // A twin request with the same key may have committed while this one waited for the lock.
        const earlier = await findReplay(tx, user.id, key);
        if (earlier) return earlier;
      }
      const before = scheduleOf(row);
      if (before.lastReview && reviewedAt.getTime() < before.lastReview.getTime()) {
        throw new ApiError(409, 'conflict', MESSAGES.beforeLastReview);
      }
      const introducedBefore = pgDateOrNull(row.introduced_at);
      const { schedule, elapsedDays } = review(before, grade, reviewedAt, {
        sameDay: options.sameDay,
        dueAt: now,
      });
      const introducedAt = introducedBefore ?? (before.state === 0 ? reviewedAt : null);
      // The new state and its log row in one statement (one round trip while the row is locked).
      const [log] = await tx`
        with changed as (
          update card_schedules set
            state = ${schedule.state}, due = ${iso(schedule.due)},
            stability = ${schedule.stability}, difficulty = ${schedule.difficulty},
            elapsed_days = ${schedule.elapsedDays}, scheduled_days = ${schedule.scheduledDays},
            learning_steps = ${schedule.learningSteps}, reps = ${schedule.reps},
            lapses = ${schedule.lapses}, last_review = ${iso(schedule.lastReview)},
            introduced_at = ${iso(introducedAt)}, updated_at = ${iso(now)}
          where user_id = ${user.id} and card_id = ${cardId}
          returning card_id
        )
        insert into review_logs (user_id, card_id, desk_id, rating, state_before, state_after,
          elapsed_days, answer_time_ms, repeat_same_day, reviewed_at, idempotency_key)
        select ${user.id}::int, changed.card_id, ${desk.id}::int, ${grade}::smallint,
          ${JSON.stringify(scheduleToJson(before, introducedBefore))}::jsonb,
          ${JSON.stringify(scheduleToJson(schedule, introducedAt))}::jsonb,
          ${elapsedDays}::int, ${options.answerTimeMs ?? null}::int, ${options.sameDay}::boolean,
          ${iso(reviewedAt)}::timestamptz, ${key ?? null}::uuid
        from changed
        returning id`;
      // Last, so the activity row (shared by the desk's ratings of the day) is held briefly.
      await recordDeskReview(tx, {
        userId: user.id,
        day: localDate(reviewedAt, user.timezone),
        deskId: desk.id,
        deskName: desk.name,
        at: reviewedAt,
      });
      return { row, desk, schedule, reviewId: Number(log?.id) };
    });
  } catch (error) {
    if (key && isUniqueViolation(error)) {
      const earlier = await findReplay(sql, user.id, key);
      if (earlier) return replayResult(sql, user.id, user.timezone, cardId, earlier);
    }
    throw error;
  }
  if (!('schedule' in outcome)) {
    return replayResult(sql, user.id, user.timezone, cardId, outcome);
  }
  const { row, desk, schedule, reviewId } = outcome as {
    row: Row;
    desk: DeskAccess;
    schedule: Schedule;
    reviewId: number;
  };
  return {
    card: toCard(row, schedule),
    rating: ratingName(grade),
    next_due: schedule.due.toISOString(),
    interval_seconds: Math.max(0, Math.round((schedule.due.getTime() - now.getTime()) / 1000)),
    intervals: toIntervals(schedule, now),
    review_id: reviewId,
    remaining_today: await remainingToday(sql, user.id, desk, user.timezone),
  };
}

// ── Pagination ──────────────────────────────────────────────────────────────────────────────────

function pageUrl(c: Context<AppEnv>, page: number | null): string | null {
  if (page === null) return null;
  const url = new URL(c.req.url);
  url.searchParams.set('page', String(page));
  return `${url.pathname}${url.search}`;
}

// ── Handlers ────────────────────────────────────────────────────────────────────────────────────

export const handlers: Handlers = {
  async listDesks(c, { query }) {
    const { sql } = c.get('deps');
    const user = currentUser(c);
    const desks = await visibleDesks(sql, user.id, { search: query.search?.trim() || undefined });
    return c.json(await renderDesks(sql, user.id, user.timezone, desks), 200);
  },

  async createDesk(c, { body }) {
    const { sql } = c.get('deps');
    const user = currentUser(c);
    const name = deskName(body.name);
    const [row] = await sql`
      insert into desks (owner_id, name, new_cards_per_day, allow_editing)
      values (${user.id}, ${name}, ${body.new_cards_per_day ?? 10}, ${body.allow_editing ?? false})
      returning id`;
    const desk = await deskFor(sql, user.id, row?.id as number);
    const [out] = await renderDesks(sql, user.id, user.timezone, [desk]);
    return c.json(out as Schemas['Desk'], 201);
  },

  async getDesk(c, { params }) {
    const { sql } = c.get('deps');
    const user = currentUser(c);
    const desk = await deskFor(sql, user.id, params.id);
    const [out] = await renderDesks(sql, user.id, user.timezone, [desk]);
    return c.json(out as Schemas['Desk'], 200);
  },

  async updateDesk(c, { params, body }) {
    const { sql } = c.get('deps');
    const user = currentUser(c);
    const desk = await deskFor(sql, user.id, params.id);
    assertCanEdit(desk);
    const name = deskName(body.name);
    let allowEditing = desk.allowEditing;
    if (body.allow_editing !== undefined && body.allow_editing !== desk.allowEditing) {
      assertOwner(desk);
      allowEditing = body.allow_editing;
    }
    await sql`
      update desks set name = ${name}, allow_editing = ${allowEditing}, updated_at = now()
      where id = ${desk.id}`;
    const updated = await deskFor(sql, user.id, desk.id);
    const [out] = await renderDesks(sql, user.id, user.timezone, [updated]);
    return c.json(out as Schemas['Desk'], 200);
  },

  async deleteDesk(c, { params }) {
    const { sql } = c.get('deps');
    const user = currentUser(c);
    const desk = await deskFor(sql, user.id, params.id);
    assertOwner(desk);
    // Cards, schedules, shares and review logs go with it (ON DELETE CASCADE).
    await sql`delete from desks where id = ${desk.id}`;
    return c.body(null, 204);
  },

  async shareDesk(c, { params, body }) {
    const { sql } = c.get('deps');
    const user = currentUser(c);
    const emails = [...new Set((body.emails ?? []).map((e) => e.trim()).filter(Boolean))];
    const result = await sql.begin(async (tx) => {
      const desk = await deskFor(tx, user.id, params.id, 'update');
      assertOwner(desk);
      if (emails.length === 0) {
        throw validationError({ emails: [MESSAGES.emails] }, MESSAGES.emails);
      }
      const bad = emails.filter((e) => !isValidEmail(e));
      if (bad.length > 0) {
        throw validationError({ emails: bad.map((e) => `${MESSAGES.invalidEmail} (${e})`) });
      }
      if (body.allow_editing !== undefined && body.allow_editing !== desk.allowEditing) {
        await tx`update desks set allow_editing = ${body.allow_editing}, updated_at = now()
                 where id = ${desk.id}`;
      }
      const lowered = emails.map((e) => e.toLowerCase());
      const found = await tx`
        select id, email from users where lower(email) = any(${lowered}::text[]) and is_active`;
      const byEmail = new Map(found.map((u) => [(u.email as string).toLowerCase(), u]));
      const sharedWithNow: string[] = [];
      const notRegistered: string[] = [];
      for (const email of emails) {
        const target = byEmail.get(email.toLowerCase());
        if (!target) {
          notRegistered.push(email);
          continue;
        }
        if (target.id === user.id) continue; // the owner has it already
        sharedWithNow.push(target.email as string);
        const inserted = await tx`
          insert into desk_shares (desk_id, user_id) values (${desk.id}, ${target.id as number})
          on conflict do nothing returning user_id`;
        if (inserted.length === 0) continue; // already shared: no second notification
        await tx`
          insert into card_schedules (user_id, card_id, desk_id, due)
          select ${target.id as number}, c.id, c.desk_id, c.created_at from cards c
          where c.desk_id = ${desk.id}
          on conflict do nothing`;
        const payload = {
          desk_id: desk.id,
          desk_name: desk.name,
          from_username: user.username,
          allow_editing: body.allow_editing ?? desk.allowEditing,
        };
        await notify(tx, target.id as number, 'desk_shared', payload, { actorId: user.id });
      }
      const updated = await deskFor(tx, user.id, desk.id);
      const [out] = await renderDesks(tx, user.id, user.timezone, [updated]);
      return {
        desk: out as Schemas['Desk'],
        shared_with: sharedWithNow,
        not_registered: notRegistered,
      };
    });
    return c.json(result satisfies Schemas['DeskShareResult'], 200);
  },

  async configureNewCards(c, { params, body }) {
    const { sql } = c.get('deps');
    const user = currentUser(c);
    const desk = await deskFor(sql, user.id, params.id);
    const limit = body.new_cards_per_day;
    if (desk.isOwner) {
      await sql`update desks set new_cards_per_day = ${limit}, updated_at = now()
                where id = ${desk.id}`;
    } else {
      await sql`update desk_shares set new_cards_per_day = ${limit}
                where desk_id = ${desk.id} and user_id = ${user.id}`;
    }
    const updated = await deskFor(sql, user.id, desk.id);
    const [out] = await renderDesks(sql, user.id, user.timezone, [updated]);
    return c.json(out as Schemas['Desk'], 200);
  },

  async listDeskCards(c, { params, query }) {
    const { sql } = c.get('deps');
    const user = currentUser(c);
    const desk = await deskFor(sql, user.id, params.id);
    const page = query.page ?? 1;
    const pageSize = query.page_size ?? 20;
    const search = query.search?.trim();
    const like = search ? `%${escapeLike(search)}%` : null;
    const where = sql`
      c.desk_id = ${desk.id}
      ${like ? sql`and (c.front ilike ${like} or c.back ilike ${like})` : sql``}
      ${query.state ? sql`and coalesce(s.state, 0) = ${stateOf(query.state)}` : sql``}`;
    const [total] = await sql`
      select count(*)::int as n from cards c
      left join card_schedules s on s.card_id = c.id and s.user_id = ${user.id}
      where ${where}`;
    const rows = await sql`
      select ${CARD_COLUMNS(sql)} from cards c
      left join card_schedules s on s.card_id = c.id and s.user_id = ${user.id}
      where ${where}
      order by c.id
      limit ${pageSize} offset ${(page - 1) * pageSize}`;
    const count = (total?.n as number) ?? 0;
    const body: Schemas['CardPage'] = {
      count,
      next: pageUrl(c, page * pageSize < count ? page + 1 : null),
      previous: pageUrl(
        c,
        page > 1 ? Math.min(page - 1, Math.max(1, Math.ceil(count / pageSize))) : null,
      ),
      results: rows.map((r) => toCard(r)),
    };
    return c.json(body, 200);
  },

  async createCard(c, { body }) {
    const { sql } = c.get('deps');
    const user = currentUser(c);
    const input = isMultipart(c) ? await readCardForm(c, true) : readCardJson(body, true);
    const deskId = input.deskId as number;
    const front = input.front ?? '';
    const back = input.back ?? '';
    const cardId = await sql.begin(async (tx) => {
      const desk = await deskFor(tx, user.id, deskId);
      assertCanEdit(desk);
      checkSides(front, back, Boolean(input.frontImage), Boolean(input.backImage));
      // Counting the card locks the desk row: a concurrent share (FOR UPDATE) waits, so every
      // learner of the desk gets a schedule row for the new card.
      await tx`update desks set cards_count = cards_count + 1 where id = ${desk.id}`;
      const [row] = await tx`
        insert into cards (desk_id, front, back, front_image, front_image_type, back_image,
          back_image_type, created_by)
        values (${desk.id}, ${front}, ${back}, ${input.frontImage?.bytes ?? null},
          ${input.frontImage?.type ?? null}, ${input.backImage?.bytes ?? null},
          ${input.backImage?.type ?? null}, ${user.id})
        returning id, created_at`;
      const id = row?.id as number;
      await tx`
        insert into card_schedules (user_id, card_id, desk_id, due)
        select m.user_id, ${id}, ${desk.id}, ${row?.created_at as string}
        from (select owner_id as user_id from desks where id = ${desk.id}
              union select user_id from desk_shares where desk_id = ${desk.id}) m
        on conflict do nothing`;
      return id;
    });
    const { row } = await cardFor(sql, user.id, cardId);
    return c.json(toCard(row), 201);
  },

  async updateCard(c, { params, body }) {
    const { sql } = c.get('deps');
    const user = currentUser(c);
    const input = isMultipart(c) ? await readCardForm(c, false) : readCardJson(body, false);
    const { row, desk } = await cardFor(sql, user.id, params.id);
    assertCanEdit(desk);
    const front = input.front ?? (row.front as string);
    const back = input.back ?? (row.back as string);
    const frontImage =
      input.frontImage === undefined ? Boolean(row.front_image) : Boolean(input.frontImage);
    const backImage =
      input.backImage === undefined ? Boolean(row.back_image) : Boolean(input.backImage);
    checkSides(front, back, frontImage, backImage);
    const set = (image: StoredImage | null | undefined, column: 'front' | 'back') => {
      if (image === undefined) return sql``;
      return column === 'front'
        ? sql`, front_image = ${image?.bytes ?? null}, front_image_type = ${image?.type ?? null}`
        : sql`, back_image = ${image?.bytes ?? null}, back_image_type = ${image?.type ?? null}`;
    };
    await sql`
      update cards set front = ${front}, back = ${back}, updated_at = now()
        ${set(input.frontImage, 'front')} ${set(input.backImage, 'back')}
      where id = ${params.id}`;
    const updated = await cardFor(sql, user.id, params.id);
    return c.json(toCard(updated.row), 200);
  },

  async deleteCard(c, { params }) {
    const { sql } = c.get('deps');
    const user = currentUser(c);
    const { desk } = await cardFor(sql, user.id, params.id);
    assertCanEdit(desk);
    await sql.begin(async (tx) => {
      const gone = await tx`delete from cards where id = ${params.id} returning id`;
      if (gone.length > 0) {
        await tx`update desks set cards_count = cards_count - 1 where id = ${desk.id}`;
      }
    });
    return c.body(null, 204);
  },

  async generateCards(c, { params, body }) {
    const { sql, providers } = c.get('deps');
    const user = currentUser(c);
    const desk = await deskFor(sql, user.id, params.id);
    assertCanEdit(desk);
    let text = '';
    let image: StoredImage | undefined;
    let locale: Locale = 'en';
    let maxCards = DEFAULT_MAX_CARDS;
    const fields: FieldErrors = {};
    if (isMultipart(c)) {
      const form = (await c.req.parseBody({ all: true })) as FormBody;
      text = formText(fields, form, 'text', false, 20_000) ?? '';
      image = await readImageFile(fields, 'image', form.image);
      if (form.language === 'es' || form.language === 'en') locale = form.language;
      else if (form.language !== undefined) fields.language = ['Must be one of: en, es.'];
      if (form.max_cards !== undefined) {
        const n = Number(form.max_cards);
        if (!Number.isInteger(n) || n < 1 || n > 100) fields.max_cards = ['Must be 1 to 100.'];
        else maxCards = n;
      }
    } else {
      text = body.text ?? '';
      image = readImageField(fields, 'image', body.image) ?? undefined;
      locale = body.language ?? 'en';
      maxCards = body.max_cards ?? DEFAULT_MAX_CARDS;
    }
    if (Object.keys(fields).length > 0) throw validationError(fields);
    if (!text.trim() && !image) {
      throw validationError({ non_field_errors: [MESSAGES.textOrImage] }, MESSAGES.textOrImage);
    }
    let extracted: string | null = null;
    if (image) {
      try {
        extracted = (await providers.ocr.recognize(image.bytes)).trim();
      } catch (error) {
        if (error instanceof OcrError && error.kind === 'unreadable') {
          throw validationError({ image: [error.message] }, error.message);
        }
        c.get('deps').logger.error('ocr failed', { error: String(error) });
        throw new ApiError(503, 'unavailable', 'Text recognition is unavailable right now.');
      }
      if (!extracted && !text.trim()) {
        throw validationError({ image: [MESSAGES.noTextInImage] }, MESSAGES.noTextInImage);
      }
    }
    const source = [text.trim(), extracted ?? ''].filter(Boolean).join('\n');
    let cards: Schemas['GeneratedCard'][];
    try {
      cards = await providers.ai.generateCards(source, { locale, maxCards });
    } catch (error) {
      if (!(error instanceof AiProviderError)) throw error;
      throw new ApiError(503, 'unavailable', error.message);
    }
    const result: Schemas['GeneratedCards'] = {
      source: image ? 'image' : 'text',
      extracted_text: extracted,
      provider: providers.ai.name,
      cards: cards.slice(0, maxCards),
    };
    return c.json(result, 200);
  },

  async listDueCards(c, { query }) {
    const { sql } = c.get('deps');
    const user = currentUser(c);
    const limit = query.limit ?? 100;
    const now = new Date();
    const today = learnerDay(now, user.timezone);
    const desks =
      query.desk_id !== undefined
        ? [await deskFor(sql, user.id, query.desk_id)]
        : await visibleDesks(sql, user.id);
    const ids = desks.map((d) => d.id);
    const limits = desks.map((d) => d.newCardsPerDay);
    const deskFilter =
      query.desk_id !== undefined
        ? sql`s.desk_id = ${query.desk_id}`
        : sql`s.desk_id = any(${ids}::int[])`;
    // Three independent reads, on three pooled connections at once: the counts, the due cards
    // (index range on due) and today's new cards (each desk's allowance, by id).
    const [counts, due, fresh] = await Promise.all([
      deskCounts(sql, user.id, desks, now, today),
      ids.length === 0
        ? []
        : sql`
        select ${CARD_COLUMNS(sql)}
        from card_schedules s join cards c on c.id = s.card_id
        where s.user_id = ${user.id} and s.state <> 0 and s.due < ${iso(today.end)}
          and (s.state = 2 or s.due <= ${iso(now)}) and ${deskFilter}
        order by s.due, s.card_id
        limit ${limit}`,
      ids.length === 0
        ? []
        : sql`
        with d(desk_id, lim) as (select * from unnest(${ids}::int[], ${limits}::int[])),
        intro as (
          select desk_id, count(*)::int as n from card_schedules
          where user_id = ${user.id} and introduced_at >= ${iso(today.start)}
            and introduced_at < ${iso(today.end)} and desk_id = any(${ids}::int[])
          group by desk_id
        )
        select ${CARD_COLUMNS(sql)}
        from d left join intro using (desk_id)
        cross join lateral (
          select * from card_schedules s0
          where s0.user_id = ${user.id} and s0.desk_id = d.desk_id and s0.state = 0
          order by s0.card_id
          limit least(greatest(d.lim - coalesce(intro.n, 0), 0), ${limit})
        ) s
        join cards c on c.id = s.card_id
        order by s.card_id
        limit ${limit}`,
    ]);
    let dueCount = 0;
    let newCount = 0;
    for (const n of counts.values()) {
      dueCount += n.dueCount;
      newCount += n.newCount;
    }
    const memo = new Map<string, Schemas['ReviewIntervals']>();
    const cards: Schemas['DueCard'][] = [...due, ...fresh]
      .slice(0, limit)
      .map((r) => toDueCard(r, now, undefined, memo));
    const result: Schemas['DueCards'] = {
      day: today.day,
      desk_id: query.desk_id ?? null,
      due_count: dueCount,
      new_count: newCount,
      remaining_today: dueCount + newCount,
      cards,
    };
    return c.json(result, 200);
  },

  async updateCardDifficulty(c, { params, body }) {
    const result = await rate(c, params.id, {
      difficulty: body.difficulty,
      answerTimeMs: body.answer_time_ms,
      reviewedAt: body.reviewed_at,
      idempotencyKey: body.idempotency_key,
      sameDay: false,
    });
    return c.json(result, 200);
  },

  async repeatCardSameDay(c, { params, body }) {
    const result = await rate(c, params.id, {
      difficulty: body.difficulty,
      answerTimeMs: body.answer_time_ms,
      reviewedAt: body.reviewed_at,
      idempotencyKey: body.idempotency_key,
      sameDay: true,
    });
    return c.json(result, 200);
  },

  async undoLastReview(c, { params }) {
    const { sql } = c.get('deps');
    const user = currentUser(c);
    const undone = await sql.begin(async (tx) => {
      const { row, desk } = await cardFor(tx, user.id, params.id, true);
      const [log] = await tx`
        select id, rating, state_before, reviewed_at from review_logs
        where card_id = ${params.id} and user_id = ${user.id}
        order by id desc limit 1`;
      if (!log) throw new ApiError(409, 'conflict', MESSAGES.nothingToUndo);
      const { schedule, introducedAt } = scheduleFromJson(log.state_before as ScheduleJson);
      await tx`
        update card_schedules set
          state = ${schedule.state}, due = ${iso(schedule.due)}, stability = ${schedule.stability},
          difficulty = ${schedule.difficulty}, elapsed_days = ${schedule.elapsedDays},
          scheduled_days = ${schedule.scheduledDays}, learning_steps = ${schedule.learningSteps},
          reps = ${schedule.reps}, lapses = ${schedule.lapses},
          last_review = ${iso(schedule.lastReview)}, introduced_at = ${iso(introducedAt)},
          updated_at = now()
        where user_id = ${user.id} and card_id = ${params.id}`;
      await tx`delete from review_logs where id = ${log.id as number}`;
      await retractDeskReview(tx, {
        userId: user.id,
        day: localDate(pgDate(log.reviewed_at), user.timezone),
        deskId: desk.id,
      });
      return { row, desk, schedule, logId: Number(log.id), rating: log.rating as number };
    });
    const now = new Date();
    const result: Schemas['ReviewUndoResult'] = {
      card: toDueCard(undone.row, now, undone.schedule),
      undone_review_id: undone.logId,
      rating: ratingName(undone.rating),
      remaining_today: await remainingToday(sql, user.id, undone.desk, user.timezone),
    };
    return c.json(result, 200);
  },
};
