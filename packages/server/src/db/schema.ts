import { sql } from 'drizzle-orm';
import {
  bigserial,
  boolean,
  check,
  customType,
  date,
  doublePrecision,
  index,
  integer,
  jsonb,
  numeric,
  pgEnum,
  pgTable,
  primaryKey,
  serial,
  smallint,
  text,
  timestamp,
  uniqueIndex,
  uuid,
} from 'drizzle-orm/pg-core';

export const accountType = pgEnum('account_type', [
  'free',
  'standard',
  'enterprise',
  'enterprise_plus',
]);
export const userRole = pgEnum('user_role', ['teacher', 'student']);

export const users = pgTable(
  'users',
  {
    id: serial('id').primaryKey(),
    email: text('email').notNull(),
    username: text('username').notNull(),
    passwordHash: text('password_hash').notNull(),
    firstName: text('first_name').notNull().default(''),
    lastName: text('last_name').notNull().default(''),
    accountType: accountType('account_type').notNull().default('free'),
    role: userRole('role'),
    timezone: text('timezone').notNull().default('UTC'),
    isActive: boolean('is_active').notNull().default(true),
    dateJoined: timestamp('date_joined', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [
    // Emails and usernames are unique regardless of case: Ana@x.io and ana@x.io are one person.
    uniqueIndex('users_email_lower_key').on(sql`lower(${t.email})`),
    uniqueIndex('users_username_lower_key').on(sql`lower(${t.username})`),
    // The add-friend search's `lower(username) like 'abc%'`: text_pattern_ops compares bytes, so
    // the prefix is an index range whatever the database's collation (the key above is not).
    index('users_username_pattern_idx').on(sql`lower(${t.username}) text_pattern_ops`),
  ],
);

export const refreshTokens = pgTable(
  'refresh_tokens',
  {
    id: bigserial('id', { mode: 'number' }).primaryKey(),
    userId: integer('user_id')
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    /** SHA-256 (hex) of the opaque token; the token itself is never stored. */
    tokenHash: text('token_hash').notNull().unique(),
    /** Every token rotated from one sign-in shares the family of that sign-in's token. */
    familyId: uuid('family_id').notNull().defaultRandom(),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
    expiresAt: timestamp('expires_at', { withTimezone: true }).notNull(),
    revokedAt: timestamp('revoked_at', { withTimezone: true }),
    /** Set when a refresh replaced this token: presenting it again means it was stolen. */
    rotatedAt: timestamp('rotated_at', { withTimezone: true }),
  },
  (t) => [
    index('refresh_tokens_user_idx').on(t.userId),
    index('refresh_tokens_family_idx').on(t.familyId),
  ],
);

/** Failed sign-in attempts, kept in the database so every instance throttles alike. */
export const loginAttempts = pgTable(
  'login_attempts',
  {
    id: bigserial('id', { mode: 'number' }).primaryKey(),
    /** Lower-cased email as typed (it may belong to no account). */
    email: text('email').notNull(),
    ip: text('ip'),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [
    index('login_attempts_email_idx').on(t.email, t.createdAt),
    index('login_attempts_ip_idx').on(t.ip, t.createdAt),
  ],
);

/**
 * Browsers an account signed in from (issue 38): the `memoria_device` cookie holds a random id,
 * only its SHA-256 is stored. A known device is not held back by the account's shared failure
 * budget, so an attacker spending it from elsewhere cannot lock the owner out.
 */
export const knownDevices = pgTable(
  'known_devices',
  {
    userId: integer('user_id')
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    deviceHash: text('device_hash').notNull(),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
    lastSeenAt: timestamp('last_seen_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [primaryKey({ columns: [t.userId, t.deviceHash] })],
);

/**
 * Addresses an account signed in from successfully, with the last time: like a known device,
 * such an address is not held back by the account's shared failure budget.
 */
export const knownAddresses = pgTable(
  'known_addresses',
  {
    userId: integer('user_id')
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    ip: text('ip').notNull(),
    lastSeenAt: timestamp('last_seen_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [primaryKey({ columns: [t.userId, t.ip] })],
);

/** One-time sign-in links sent by email (only the token's SHA-256 is stored). */
export const loginLinks = pgTable(
  'login_links',
  {
    id: bigserial('id', { mode: 'number' }).primaryKey(),
    /** Null for a request for an email without an account: it still counts against the budget. */
    userId: integer('user_id').references(() => users.id, { onDelete: 'cascade' }),
    email: text('email').notNull(),
    ip: text('ip'),
    tokenHash: text('token_hash').notNull().unique(),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
    expiresAt: timestamp('expires_at', { withTimezone: true }).notNull(),
    usedAt: timestamp('used_at', { withTimezone: true }),
  },
  (t) => [
    index('login_links_email_idx').on(t.email, t.createdAt),
    index('login_links_ip_idx').on(t.ip, t.createdAt),
  ],
);

/**
 * Sessions (refresh-token families, the access token's `sid`) ended by logout or by a replayed
 * refresh token, kept until the last access token of the session has expired.
 */
export const revokedSessions = pgTable(
  'revoked_sessions',
  {
    sid: uuid('sid').primaryKey(),
    expiresAt: timestamp('expires_at', { withTimezone: true }).notNull(),
  },
  (t) => [index('revoked_sessions_expires_idx').on(t.expiresAt)],
);

/** Registrations per client address, kept in the database so every instance throttles alike. */
export const registrationAttempts = pgTable(
  'registration_attempts',
  {
    id: bigserial('id', { mode: 'number' }).primaryKey(),
    ip: text('ip').notNull(),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [index('registration_attempts_ip_idx').on(t.ip, t.createdAt)],
);

/**
 * Creates sent with an `Idempotency-Key` (issue 39): per user, operation and key, the request's
 * fingerprint and, once it answered 2xx, that answer, replayed to a retry for 24 h. `status` is
 * null while the first request runs; `claim` tells that request's own row from a later claim of
 * the same key (after it expired or was abandoned). See docs/operations/idempotency.md.
 */
export const idempotencyKeys = pgTable(
  'idempotency_keys',
  {
    userId: integer('user_id')
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    operationId: text('operation_id').notNull(),
    key: text('key').notNull(),
    fingerprint: text('fingerprint').notNull(),
    claim: uuid('claim').notNull(),
    status: smallint('status'),
    /** The answer's headers that a replay repeats (Content-Type, Location). */
    headers: jsonb('headers').$type<Record<string, string>>(),
    body: text('body'),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull(),
  },
  (t) => [
    primaryKey({ columns: [t.userId, t.operationId, t.key] }),
    index('idempotency_keys_created_idx').on(t.createdAt),
  ],
);

/** Generated secrets and other process-wide settings shared by all instances on one database. */
export const appSettings = pgTable('app_settings', {
  key: text('key').primaryKey(),
  value: text('value').notNull(),
  createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
});

export type UserRow = typeof users.$inferSelect;

// ── Space repetition ────────────────────────────────────────────────────────────────────────────

/** Raw bytes (`bytea`), read and written as Node Buffers. */
const bytea = customType<{ data: Buffer; driverData: Buffer }>({
  dataType: () => 'bytea',
});

/** A deck. `new_cards_per_day` is the owner's own limit (people it is shared with have theirs). */
export const desks = pgTable(
  'desks',
  {
    id: serial('id').primaryKey(),
    ownerId: integer('owner_id')
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    name: text('name').notNull(),
    newCardsPerDay: integer('new_cards_per_day').notNull().default(10),
    allowEditing: boolean('allow_editing').notNull().default(false),
    /** Kept by card create and delete (in their transaction), so lists never count cards. */
    cardsCount: integer('cards_count').notNull().default(0),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
    updatedAt: timestamp('updated_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [index('desks_owner_idx').on(t.ownerId)],
);

/** Who a desk is shared with; each of them has their own daily limit (and schedule). */
export const deskShares = pgTable(
  'desk_shares',
  {
    deskId: integer('desk_id')
      .notNull()
      .references(() => desks.id, { onDelete: 'cascade' }),
    userId: integer('user_id')
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    newCardsPerDay: integer('new_cards_per_day').notNull().default(10),
    /**
     * The share exists only because a course or subject assigns the deck to the user as a
     * student: read-only whatever `allow_editing` says, and removed when no assignment gives it
     * (`syncAssignedShares`). An explicit share clears it.
     */
    assigned: boolean('assigned').notNull().default(false),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [
    primaryKey({ columns: [t.deskId, t.userId] }),
    index('desk_shares_user_idx').on(t.userId),
  ],
);

/**
 * Card media (images, sounds), stored once by the SHA-256 of their bytes whoever uploads them;
 * `desk_media` says which desks use them, and so who may read them (docs/features/media.md).
 */
export const media = pgTable(
  'media',
  {
    hash: text('hash').primaryKey(),
    mime: text('mime').notNull(),
    size: integer('size').notNull(),
    bytes: bytea('bytes').notNull(),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [check('media_hash_sha256', sql`${t.hash} ~ '^[0-9a-f]{64}$'`)],
);

/** Which desks use a media: their owners and share recipients may read it. */
export const deskMedia = pgTable(
  'desk_media',
  {
    deskId: integer('desk_id')
      .notNull()
      .references(() => desks.id, { onDelete: 'cascade' }),
    mediaHash: text('media_hash')
      .notNull()
      .references(() => media.hash, { onDelete: 'cascade' }),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [
    primaryKey({ columns: [t.deskId, t.mediaHash] }),
    index('desk_media_hash_idx').on(t.mediaHash),
  ],
);

/**
 * A learner's own note type: field keys and a front and back template (Anki's syntax). The stock
 * types (`basic`, `cloze`…) are not rows: their cards are built by code
 * (`domain/notes/stock-types.ts`), so they change with the code that renders them.
 */
export const noteTypes = pgTable(
  'note_types',
  {
    id: serial('id').primaryKey(),
    ownerId: integer('owner_id')
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    name: text('name').notNull(),
    fields: text('fields').array().notNull(),
    frontTemplate: text('front_template').notNull(),
    backTemplate: text('back_template').notNull(),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
    updatedAt: timestamp('updated_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [index('note_types_owner_idx').on(t.ownerId)],
);

/**
 * A note: a stock type's key or an own note type, its fields (sanitised HTML by key) and tags.
 * It makes one or more cards (`cards.note_id`, by `ordinal`).
 */
export const notes = pgTable(
  'notes',
  {
    id: serial('id').primaryKey(),
    deskId: integer('desk_id')
      .notNull()
      .references(() => desks.id, { onDelete: 'cascade' }),
    ownerId: integer('owner_id').references(() => users.id, { onDelete: 'set null' }),
    stockType: text('stock_type'),
    noteTypeId: integer('note_type_id').references(() => noteTypes.id, { onDelete: 'restrict' }),
    fields: jsonb('fields').$type<Record<string, string>>().notNull(),
    tags: text('tags').array().notNull().default(sql`'{}'::text[]`),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
    updatedAt: timestamp('updated_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [
    index('notes_desk_idx').on(t.deskId),
    index('notes_note_type_idx').on(t.noteTypeId),
    check('notes_one_type', sql`(${t.stockType} is null) <> (${t.noteTypeId} is null)`),
  ],
);

/** A card's content, shared by everyone who sees its desk. Images are stored in the row. */
export const cards = pgTable(
  'cards',
  {
    id: serial('id').primaryKey(),
    deskId: integer('desk_id')
      .notNull()
      .references(() => desks.id, { onDelete: 'cascade' }),
    /** The note that makes this card; `ordinal` says which of its cards it is. */
    noteId: integer('note_id')
      .notNull()
      .references(() => notes.id, { onDelete: 'cascade' }),
    ordinal: smallint('ordinal').notNull().default(1),
    /** The rendered sides as plain text (search, duels, older clients). */
    front: text('front').notNull(),
    back: text('back').notNull(),
    /** The rendered sides as sanitised HTML. */
    frontHtml: text('front_html').notNull().default(''),
    backHtml: text('back_html').notNull().default(''),
    frontImage: bytea('front_image'),
    frontImageType: text('front_image_type'),
    backImage: bytea('back_image'),
    backImageType: text('back_image_type'),
    createdBy: integer('created_by').references(() => users.id, { onDelete: 'set null' }),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
    updatedAt: timestamp('updated_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [
    index('cards_desk_idx').on(t.deskId, t.id),
    uniqueIndex('cards_note_ordinal_idx').on(t.noteId, t.ordinal),
    // The card browser's words and phrases (ILIKE '%…%'): the sides joined as `searchCards`
    // joins them (db/queries/search.ts). pg_trgm comes from migration *_search_extensions.
    index('cards_text_trgm_idx').using(
      'gin',
      sql`(${t.front} || E'\\n' || ${t.back}) gin_trgm_ops`,
    ),
  ],
);

/**
 * One learner's FSRS state of one card (ts-fsrs `Card` fields). A row exists for every card of
 * every desk a learner sees (written when the card is created or the desk shared), so the review
 * queue is two index range scans. `desk_id` repeats the card's (cards never move).
 */
export const cardSchedules = pgTable(
  'card_schedules',
  {
    userId: integer('user_id')
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    cardId: integer('card_id')
      .notNull()
      .references(() => cards.id, { onDelete: 'cascade' }),
    deskId: integer('desk_id')
      .notNull()
      .references(() => desks.id, { onDelete: 'cascade' }),
    /** ts-fsrs State: 0 new, 1 learning, 2 review, 3 relearning. */
    state: smallint('state').notNull().default(0),
    due: timestamp('due', { withTimezone: true }).notNull().defaultNow(),
    stability: doublePrecision('stability').notNull().default(0),
    difficulty: doublePrecision('difficulty').notNull().default(0),
    elapsedDays: integer('elapsed_days').notNull().default(0),
    scheduledDays: integer('scheduled_days').notNull().default(0),
    learningSteps: integer('learning_steps').notNull().default(0),
    reps: integer('reps').notNull().default(0),
    lapses: integer('lapses').notNull().default(0),
    lastReview: timestamp('last_review', { withTimezone: true }),
    /** When the learner first rated the card (counts against the daily new-card limit). */
    introducedAt: timestamp('introduced_at', { withTimezone: true }),
    /** Out of every queue until unsuspended; the FSRS state above is kept meanwhile. */
    suspended: boolean('suspended').notNull().default(false),
    /** Out of every queue until this instant (the start of the learner's next day). */
    buriedUntil: timestamp('buried_until', { withTimezone: true }),
    /** Anki's seven flag colours (1 red … 7 purple); 0 is no flag. */
    flag: smallint('flag').notNull().default(0),
    updatedAt: timestamp('updated_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [
    primaryKey({ columns: [t.userId, t.cardId] }),
    check('card_schedules_flag_range', sql`${t.flag} between 0 and 7`),
    // The review queue over all desks, and over one desk: due cards in due order. desk_id, state
    // and buried_until ride along so that counting today's due cards (less the buried ones) is
    // an index-only scan. Suspended cards are not in these indexes at all.
    index('card_schedules_due_idx')
      .on(t.userId, t.due, t.cardId, t.deskId, t.state, t.buriedUntil)
      .where(sql`${t.state} <> 0 and not ${t.suspended}`),
    index('card_schedules_desk_due_idx')
      .on(t.userId, t.deskId, t.due, t.cardId, t.state, t.buriedUntil)
      .where(sql`${t.state} <> 0 and not ${t.suspended}`),
    // Today's new cards of a desk, in creation order.
    index('card_schedules_new_idx')
      .on(t.userId, t.deskId, t.cardId, t.buriedUntil)
      .where(sql`${t.state} = 0 and not ${t.suspended}`),
    // The learner's buried cards: the queue's counts subtract those still buried.
    index('card_schedules_buried_idx')
      .on(t.userId, t.buriedUntil)
      .where(sql`${t.buriedUntil} is not null`),
    index('card_schedules_card_idx').on(t.cardId),
    index('card_schedules_desk_idx').on(t.deskId),
  ],
);

/** A learner's own names for their card flags (1 red … 7 purple); a flag without a row has its colour's. */
export const cardFlagNames = pgTable(
  'card_flag_names',
  {
    userId: integer('user_id')
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    flag: smallint('flag').notNull(),
    name: text('name').notNull(),
  },
  (t) => [
    primaryKey({ columns: [t.userId, t.flag] }),
    check('card_flag_names_flag_range', sql`${t.flag} between 1 and 7`),
  ],
);

/**
 * A learner's bulk change of cards (the browser's actions), kept so that it can be undone: `undo`
 * holds what the change overwrote (the learner's schedule rows, or the notes' tags).
 */
export const cardBulkOperations = pgTable(
  'card_bulk_operations',
  {
    id: serial('id').primaryKey(),
    userId: integer('user_id')
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    action: text('action').notNull(),
    undo: jsonb('undo').notNull(),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
    undoneAt: timestamp('undone_at', { withTimezone: true }),
  },
  (t) => [index('card_bulk_operations_user_idx').on(t.userId, t.id)],
);

/**
 * How many new cards a learner introduced (first rated) in a desk on one of their days (in their
 * time zone): the daily new-card allowance reads this row instead of counting schedules. The
 * rating that introduces a card adds one in its own statement; undoing it takes the one away.
 */
export const newCardsIntroduced = pgTable(
  'new_cards_introduced',
  {
    userId: integer('user_id')
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    /** The learner's own day (`YYYY-MM-DD` in their time zone) of the first rating. */
    day: date('day', { mode: 'string' }).notNull(),
    deskId: integer('desk_id')
      .notNull()
      .references(() => desks.id, { onDelete: 'cascade' }),
    count: integer('count').notNull().default(0),
  },
  (t) => [
    primaryKey({ columns: [t.userId, t.day, t.deskId] }),
    index('new_cards_introduced_desk_idx').on(t.deskId),
  ],
);

/**
 * A learner's deck preset (Anki's deck options): daily limits, steps, retention, orders, siblings,
 * leeches and easy days. Each learner has one default preset (`is_default`), made on first use,
 * which desks without an assignment follow. Defaults and rules: domain/review/presets.ts.
 */
export const reviewPresets = pgTable(
  'review_presets',
  {
    id: serial('id').primaryKey(),
    userId: integer('user_id')
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    name: text('name').notNull(),
    isDefault: boolean('is_default').notNull().default(false),
    /** Null keeps each desk's own `new_cards_per_day`. */
    newCardsPerDay: integer('new_cards_per_day'),
    maxReviewsPerDay: integer('max_reviews_per_day').notNull().default(9999),
    learningSteps: text('learning_steps').array().notNull().default(sql`'{1m,10m}'::text[]`),
    relearningSteps: text('relearning_steps').array().notNull().default(sql`'{10m}'::text[]`),
    /** Null follows the learner's own desired retention (`memory_models`). */
    desiredRetention: doublePrecision('desired_retention'),
    reviewOrder: text('review_order').notNull().default('due'),
    newCardOrder: text('new_card_order').notNull().default('added'),
    gatherOrder: text('gather_order').notNull().default('ascending_position'),
    burySiblings: boolean('bury_siblings').notNull().default(false),
    leechThreshold: integer('leech_threshold').notNull().default(8),
    leechAction: text('leech_action').notNull().default('suspend'),
    /** Weekdays, 0 Monday … 6 Sunday. */
    easyDays: smallint('easy_days').array().notNull().default(sql`'{}'::smallint[]`),
    easyDayLoad: doublePrecision('easy_day_load').notNull().default(0.5),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
    updatedAt: timestamp('updated_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [
    index('review_presets_user_idx').on(t.userId),
    uniqueIndex('review_presets_one_default').on(t.userId).where(sql`${t.isDefault}`),
    check(
      'review_presets_retention_range',
      sql`${t.desiredRetention} is null or ${t.desiredRetention} between 0.7 and 0.97`,
    ),
  ],
);

/** Which preset a learner's reviews of a desk follow (per learner: owner and recipients apart). */
export const deskPresets = pgTable(
  'desk_presets',
  {
    userId: integer('user_id')
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    deskId: integer('desk_id')
      .notNull()
      .references(() => desks.id, { onDelete: 'cascade' }),
    presetId: integer('preset_id')
      .notNull()
      .references(() => reviewPresets.id, { onDelete: 'cascade' }),
  },
  (t) => [
    primaryKey({ columns: [t.userId, t.deskId] }),
    index('desk_presets_preset_idx').on(t.presetId),
    index('desk_presets_desk_idx').on(t.deskId),
  ],
);

/** One rating: the FSRS state before and after (JSON), to audit, count and undo. */
export const reviewLogs = pgTable(
  'review_logs',
  {
    id: bigserial('id', { mode: 'number' }).primaryKey(),
    userId: integer('user_id')
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    cardId: integer('card_id')
      .notNull()
      .references(() => cards.id, { onDelete: 'cascade' }),
    deskId: integer('desk_id')
      .notNull()
      .references(() => desks.id, { onDelete: 'cascade' }),
    /** ts-fsrs Rating: 1 again, 2 hard, 3 good, 4 easy. */
    rating: smallint('rating').notNull(),
    stateBefore: jsonb('state_before').notNull(),
    stateAfter: jsonb('state_after').notNull(),
    elapsedDays: integer('elapsed_days').notNull().default(0),
    answerTimeMs: integer('answer_time_ms'),
    /** repeat_same_day: the card was put back into today's queue. */
    repeatSameDay: boolean('repeat_same_day').notNull().default(false),
    reviewedAt: timestamp('reviewed_at', { withTimezone: true }).notNull(),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
    idempotencyKey: uuid('idempotency_key'),
  },
  (t) => [
    index('review_logs_user_time_idx').on(t.userId, t.reviewedAt),
    index('review_logs_card_user_idx').on(t.cardId, t.userId, t.id),
    index('review_logs_desk_idx').on(t.deskId),
    uniqueIndex('review_logs_idempotency_key').on(t.userId, t.idempotencyKey),
  ],
);

/**
 * The review queue's due cards of each learner, counted by when they fall due, so that the due
 * count of all their desks sums a few of these rows instead of reading every due card's index
 * entry (`dueQueue` in `db/queries/queue.ts`). `kind` 2 counts review cards by the UTC hour of
 * `due` (`bucket` = hours since 1970), `kind` 1 learning and relearning cards by the minute. Kept
 * by triggers on `card_schedules` (migration `*_schedule_counts_triggers.sql`) in the writing
 * statement's own transaction, whoever writes; a bucket that reaches 0 is deleted.
 */
export const scheduleDueCounts = pgTable(
  'schedule_due_counts',
  {
    userId: integer('user_id')
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    kind: smallint('kind').notNull(),
    bucket: integer('bucket').notNull(),
    n: integer('n').notNull(),
  },
  (t) => [primaryKey({ columns: [t.userId, t.kind, t.bucket] })],
);

/**
 * Each learner's new cards (never rated) per desk, kept by the same triggers, so that the queue's
 * new count is the smaller of this and the desk's allowance, read from one row a desk.
 */
export const scheduleNewCounts = pgTable(
  'schedule_new_counts',
  {
    userId: integer('user_id')
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    deskId: integer('desk_id')
      .notNull()
      .references(() => desks.id, { onDelete: 'cascade' }),
    n: integer('n').notNull(),
  },
  (t) => [primaryKey({ columns: [t.userId, t.deskId] })],
);

/**
 * How many `review_logs` rows each learner has, so the all-time total is one row's read instead
 * of a count over years of ratings. Triggers on `review_logs` keep it (migration
 * `*_review_counts_triggers.sql`): every insert adds and every delete subtracts in the writing
 * statement's own transaction, whoever writes (a rating, an undo, an Anki import, a card or desk
 * deleted with its logs by cascade). No row means none yet.
 */
export const reviewCounts = pgTable('review_counts', {
  userId: integer('user_id')
    .primaryKey()
    .references(() => users.id, { onDelete: 'cascade' }),
  total: integer('total').notNull().default(0),
});

/**
 * What a learner did on a day, for streaks and the history list. Spaced repetition keeps one row
 * per learner, day and desk, its `count` the reviews of that day.
 */
export const activities = pgTable(
  'activities',
  {
    id: serial('id').primaryKey(),
    userId: integer('user_id')
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    activityType: text('activity_type').notNull(),
    /** The learner's own day (in their time zone) the activity happened on. */
    day: date('day', { mode: 'string' }).notNull(),
    count: integer('count').notNull().default(1),
    deckId: integer('deck_id').references(() => desks.id, { onDelete: 'set null' }),
    deckName: text('deck_name'),
    duelId: integer('duel_id'),
    duelType: text('duel_type'),
    opponentUsername: text('opponent_username'),
    result: text('result'),
    myScore: integer('my_score'),
    opponentScore: integer('opponent_score'),
    chatId: integer('chat_id'),
    chatTitle: text('chat_title'),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
    updatedAt: timestamp('updated_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [
    index('activities_user_updated_idx').on(t.userId, t.updatedAt),
    index('activities_user_day_idx').on(t.userId, t.day),
    uniqueIndex('activities_deck_day_key')
      .on(t.userId, t.activityType, t.day, t.deckId)
      .where(sql`${t.deckId} is not null`),
    // ── Progress: one row per subject (duel, chat) and day; subject-less kinds one per day. A
    // deleted desk's rows (deck_id set null) fall out of every index, so they never collide.
    uniqueIndex('activities_duel_day_key')
      .on(t.userId, t.activityType, t.day, t.duelId)
      .where(sql`${t.duelId} is not null`),
    uniqueIndex('activities_chat_day_key')
      .on(t.userId, t.activityType, t.day, t.chatId)
      .where(sql`${t.chatId} is not null`),
    uniqueIndex('activities_plain_day_key')
      .on(t.userId, t.activityType, t.day)
      .where(sql`${t.activityType} = 'conversion_table'`),
  ],
);

// ── Progress: time tracking ───────────────────────────────────────────────────────────────────

/** One browser session of the time tracker; `total_time` is the largest the client reported. */
export const timeTrackingSessions = pgTable(
  'time_tracking_sessions',
  {
    userId: integer('user_id')
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    sessionId: text('session_id').notNull(),
    startedAt: timestamp('started_at', { withTimezone: true }).notNull(),
    totalTime: integer('total_time').notNull().default(0),
    updatedAt: timestamp('updated_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [primaryKey({ columns: [t.userId, t.sessionId] })],
);

/**
 * One page visit. The unique key makes a retried batch a no-op; `day` is the learner's day of
 * `start_time` (in their time zone when it was sent), what the per-day totals group by.
 */
export const timeTrackingVisits = pgTable(
  'time_tracking_visits',
  {
    id: bigserial('id', { mode: 'number' }).primaryKey(),
    userId: integer('user_id')
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    sessionId: text('session_id').notNull(),
    page: text('page').notNull(),
    startTime: timestamp('start_time', { withTimezone: true }).notNull(),
    endTime: timestamp('end_time', { withTimezone: true }).notNull(),
    duration: integer('duration').notNull(),
    day: date('day', { mode: 'string' }).notNull(),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [
    uniqueIndex('time_tracking_visits_key').on(t.userId, t.sessionId, t.startTime, t.page),
    index('time_tracking_visits_user_day_idx').on(t.userId, t.day),
  ],
);

/**
 * A notification for a user (a desk shared with them, …); `payload` depends on `kind`. Owned by
 * `src/notifications` (written only through `notify`); its id is also the event id of the stream.
 * `read_at` is when the user marked it seen.
 */
export const notifications = pgTable(
  'notifications',
  {
    id: bigserial('id', { mode: 'number' }).primaryKey(),
    userId: integer('user_id')
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    kind: text('kind').notNull(),
    actorId: integer('actor_id').references(() => users.id, { onDelete: 'set null' }),
    payload: jsonb('payload').notNull().default({}),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
    readAt: timestamp('read_at', { withTimezone: true }),
    isDeleted: boolean('is_deleted').notNull().default(false),
  },
  (t) => [
    // The bell's list (newest first) and the stream's catch-up (ids after Last-Event-ID).
    index('notifications_user_id_idx').on(t.userId, t.id).where(sql`not ${t.isDeleted}`),
    // The badge: unseen notifications of a user.
    index('notifications_unseen_idx')
      .on(t.userId)
      .where(sql`${t.readAt} is null and not ${t.isDeleted}`),
  ],
);

/**
 * Browsers that receive push notifications (issue 46), one row per push-service endpoint: a
 * browser belongs to the account that subscribed it last.
 */
export const pushSubscriptions = pgTable(
  'push_subscriptions',
  {
    id: serial('id').primaryKey(),
    userId: integer('user_id')
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    endpoint: text('endpoint').notNull().unique(),
    p256dh: text('p256dh').notNull(),
    auth: text('auth').notNull(),
    /** The language of the request that subscribed: the notifications' texts are in it. */
    language: text('language').notNull().default('en'),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [index('push_subscriptions_user_id_idx').on(t.userId, t.id)],
);

// ── Subscriptions and payments ─────────────────────────────────────────────────────────────────

export const subscriptionStatus = pgEnum('subscription_status', [
  'pending',
  'active',
  'cancelled',
  'expired',
  'failed',
]);

/**
 * A purchase of a plan through a payment provider. The plan it grants lasts while it is active or
 * cancelled with `end_date` still ahead (see domain/subscriptions/subscriptions.ts); at most one is pending or
 * active per user.
 */
export const subscriptions = pgTable(
  'subscriptions',
  {
    id: serial('id').primaryKey(),
    userId: integer('user_id')
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    planName: accountType('plan_name').notNull(),
    status: subscriptionStatus('status').notNull().default('pending'),
    failureReason: text('failure_reason'),
    amount: numeric('amount', { precision: 12, scale: 2 }).notNull(),
    currency: text('currency').notNull(),
    provider: text('provider').notNull(),
    /** The provider's id of the recurring subscription (Mercado Pago's preapproval id). */
    providerSubscriptionId: text('provider_subscription_id').unique(),
    checkoutUrl: text('checkout_url'),
    /** The buyer's language when buying (`en` or `es`): the subscription's emails are in it. */
    locale: text('locale').notNull().default('en'),
    startDate: timestamp('start_date', { withTimezone: true }),
    endDate: timestamp('end_date', { withTimezone: true }),
    nextBillingDate: timestamp('next_billing_date', { withTimezone: true }),
    cancelledAt: timestamp('cancelled_at', { withTimezone: true }),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
    updatedAt: timestamp('updated_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [
    uniqueIndex('subscriptions_one_open_per_user')
      .on(t.userId)
      .where(sql`${t.status} in ('pending', 'active')`),
    // The plan read on every signed-in request (auth/tokens.ts).
    index('subscriptions_user_end_idx').on(t.userId, t.endDate),
  ],
);

/** Payments of a subscription as the provider reported them; one row per provider payment. */
export const subscriptionPayments = pgTable(
  'subscription_payments',
  {
    id: serial('id').primaryKey(),
    subscriptionId: integer('subscription_id')
      .notNull()
      .references(() => subscriptions.id, { onDelete: 'cascade' }),
    amount: numeric('amount', { precision: 12, scale: 2 }).notNull(),
    currency: text('currency').notNull(),
    status: text('status').notNull(),
    statusDetail: text('status_detail'),
    provider: text('provider').notNull(),
    providerPaymentId: text('provider_payment_id').notNull(),
    paidAt: timestamp('paid_at', { withTimezone: true }),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [
    uniqueIndex('subscription_payments_provider_key').on(t.provider, t.providerPaymentId),
    index('subscription_payments_subscription_idx').on(t.subscriptionId, t.id),
  ],
);

/** Contact-sales messages waiting for the sales team (`sent_at` once delivered). */
export const salesOutbox = pgTable('sales_outbox', {
  id: serial('id').primaryKey(),
  name: text('name').notNull(),
  email: text('email').notNull(),
  phone: text('phone').notNull().default(''),
  company: text('company').notNull().default(''),
  message: text('message').notNull(),
  userId: integer('user_id').references(() => users.id, { onDelete: 'set null' }),
  createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
  sentAt: timestamp('sent_at', { withTimezone: true }),
});

/**
 * Every email the product sends (subscription receipts…), written in the same transaction as the
 * change it reports. Without SMTP configured the rows stay here, unsent: the outbox is the mailbox.
 * With `SMTP_URL` they are delivered after commit and `sent_at` is set (providers/mail). A sender
 * claims a row until `claimed_until` (no transaction stays open while SMTP talks); a failure sets
 * `last_error` and the `next_attempt_at` of its back-off; `attempts` counts the claims.
 */
export const mailOutbox = pgTable(
  'mail_outbox',
  {
    id: serial('id').primaryKey(),
    userId: integer('user_id').references(() => users.id, { onDelete: 'set null' }),
    kind: text('kind').notNull(),
    toAddress: text('to_address').notNull(),
    locale: text('locale').notNull(),
    subject: text('subject').notNull(),
    body: text('body').notNull(),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
    sentAt: timestamp('sent_at', { withTimezone: true }),
    attempts: integer('attempts').notNull().default(0),
    lastError: text('last_error'),
    nextAttemptAt: timestamp('next_attempt_at', { withTimezone: true }).notNull().defaultNow(),
    claimedUntil: timestamp('claimed_until', { withTimezone: true }),
  },
  (t) => [index('mail_outbox_due_idx').on(t.nextAttemptAt, t.id).where(sql`${t.sentAt} is null`)],
);

/**
 * The offline sandbox provider's own records (what Mercado Pago keeps on its side): one checkout
 * per subscription with its recurring authorisation and first payment.
 */
export const sandboxCheckouts = pgTable('sandbox_checkouts', {
  id: text('id').primaryKey(),
  paymentId: text('payment_id').unique(),
  externalReference: text('external_reference').notNull(),
  reason: text('reason').notNull(),
  payerEmail: text('payer_email').notNull(),
  amount: numeric('amount', { precision: 12, scale: 2 }).notNull(),
  currency: text('currency').notNull(),
  backUrl: text('back_url').notNull(),
  notificationUrl: text('notification_url').notNull(),
  /** pending → authorized or cancelled, as a preapproval's status. */
  status: text('status').notNull().default('pending'),
  paymentStatus: text('payment_status'),
  paymentStatusDetail: text('payment_status_detail'),
  decidedAt: timestamp('decided_at', { withTimezone: true }),
  createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
});

export type DeskRow = typeof desks.$inferSelect;
export type CardRow = typeof cards.$inferSelect;
export type CardScheduleRow = typeof cardSchedules.$inferSelect;

// ── Friends ─────────────────────────────────────────────────────────────────────────────────────

export const friendshipStatus = pgEnum('friendship_status', [
  'pending',
  'accepted',
  'rejected',
  'cancelled',
  'removed',
]);

/**
 * A friend request and, once accepted, the friendship it became. Rows are never deleted: a
 * rejected, cancelled or removed row is history, and the pair may start a new request.
 */
export const friendships = pgTable(
  'friendships',
  {
    id: serial('id').primaryKey(),
    senderId: integer('sender_id')
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    receiverId: integer('receiver_id')
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    status: friendshipStatus('status').notNull().default('pending'),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
    updatedAt: timestamp('updated_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [
    // One open request or friendship per pair, whoever sent it: two users asking each other at
    // the same instant collide here, and the loser accepts the winner's request.
    uniqueIndex('friendships_open_pair_key')
      .on(sql`least(${t.senderId}, ${t.receiverId})`, sql`greatest(${t.senderId}, ${t.receiverId})`)
      .where(sql`${t.status} in ('pending', 'accepted')`),
    index('friendships_sender_idx').on(t.senderId, t.status),
    index('friendships_receiver_idx').on(t.receiverId, t.status),
    check('friendships_not_self', sql`${t.senderId} <> ${t.receiverId}`),
  ],
);

// --- Mnemonics (macro-image chats) ---

/** A macro-image story chat; `title` is empty until named or until its first message. */
export const macroChats = pgTable(
  'macro_chats',
  {
    id: serial('id').primaryKey(),
    userId: integer('user_id')
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    title: text('title').notNull().default(''),
    /** The language the story engine answers in (`en`, `es`). */
    language: text('language').notNull().default('en'),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
    updatedAt: timestamp('updated_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [index('macro_chats_user_updated_idx').on(t.userId, t.updatedAt)],
);

/** One turn of a chat: the learner's (`user`) or the story engine's (`assistant`) with its storyboard. */
export const macroMessages = pgTable(
  'macro_messages',
  {
    id: serial('id').primaryKey(),
    chatId: integer('chat_id')
      .notNull()
      .references(() => macroChats.id, { onDelete: 'cascade' }),
    role: text('role').notNull(),
    content: text('content').notNull(),
    /** Assistant turns: each item of the story in order with its picture. */
    storyboard: jsonb('storyboard').notNull().default([]),
    edited: boolean('edited').notNull().default(false),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
    updatedAt: timestamp('updated_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [index('macro_messages_chat_idx').on(t.chatId, t.id)],
);

// ── Learner memory model (FSRS parameters fitted per learner) ───────────────────────────────────

/**
 * A learner's exam date for a desk: until that day the desk's intervals are capped so every card
 * is at the desired retention on it (`domain/workload/exam.ts`). Per learner, as schedules are:
 * two learners of a shared desk sit different exams; a preset is shared by many desks.
 */
export const deskExams = pgTable(
  'desk_exams',
  {
    userId: integer('user_id')
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    deskId: integer('desk_id')
      .notNull()
      .references(() => desks.id, { onDelete: 'cascade' }),
    /** The exam day in the learner's time zone. */
    examDate: date('exam_date', { mode: 'string' }).notNull(),
  },
  (t) => [primaryKey({ columns: [t.userId, t.deskId] }), index('desk_exams_desk_idx').on(t.deskId)],
);

/**
 * One postpone or advance (`POST space-repetition/reschedule/`): each moved card's due date
 * before and after, so that undo puts back those no rating has moved since.
 */
export const rescheduleBatches = pgTable(
  'reschedule_batches',
  {
    id: bigserial('id', { mode: 'number' }).primaryKey(),
    userId: integer('user_id')
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    kind: text('kind').notNull(),
    /** `[{card_id, due_before, due_after}]`, due dates as ISO instants. */
    moves: jsonb('moves').notNull(),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
    undoneAt: timestamp('undone_at', { withTimezone: true }),
  },
  (t) => [index('reschedule_batches_user_idx').on(t.userId, t.id)],
);

/**
 * One learner's FSRS model: their desired retention, the parameters fitted from their own review
 * log (null: the defaults), how the last fit went, and the fitter's bookkeeping. `new_reviews`
 * counts the learner's review-log rows added since the last fit (the background fitter counts
 * them); `fitting_since` is set while one fit of this learner runs, so only one runs at a time.
 */
export const memoryModels = pgTable(
  'memory_models',
  {
    userId: integer('user_id')
      .primaryKey()
      .references(() => users.id, { onDelete: 'cascade' }),
    desiredRetention: doublePrecision('desired_retention').notNull().default(0.9),
    /** FSRS-6 weights (21); null means the scheduler's defaults. */
    parameters: doublePrecision('parameters').array(),
    newReviews: integer('new_reviews').notNull().default(0),
    fittingSince: timestamp('fitting_since', { withTimezone: true }),
    /** The last fit: when, on how many reviews, and its outcome (see domain/review/memory-model.ts). */
    fittedAt: timestamp('fitted_at', { withTimezone: true }),
    fittedReviews: integer('fitted_reviews'),
    fitOutcome: text('fit_outcome'),
    /** Why the last fit failed (its child crashed, timed out, ran out of memory or threw). */
    fitError: text('fit_error'),
    /** Held-out log loss of the parameters fitted on the earlier reviews, and of the defaults. */
    logLoss: doublePrecision('log_loss'),
    defaultLogLoss: doublePrecision('default_log_loss'),
    evaluatedReviews: integer('evaluated_reviews'),
    updatedAt: timestamp('updated_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [
    check(
      'memory_models_retention_range',
      sql`${t.desiredRetention} >= 0.7 and ${t.desiredRetention} <= 0.97`,
    ),
    index('memory_models_pending_idx').on(t.newReviews),
  ],
);

// ── Duels ───────────────────────────────────────────────────────────────────────────────────────

/**
 * A duel between two friends of one kind (`desk`, `custom`, `images`, `table`). Its content (the
 * questions with their answers, the pictures, the digits) is made once on creation and is the
 * same for both players; clients only ever see the part `domain/duel-view.ts` reveals.
 */
export const duels = pgTable(
  'duels',
  {
    id: serial('id').primaryKey(),
    kind: text('kind').notNull(),
    name: text('name').notNull(),
    mode: text('mode').notNull().default('normal'),
    /** waiting (request pending), in_progress, finished, cancelled (request rejected). */
    status: text('status').notNull().default('waiting'),
    creatorId: integer('creator_id')
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    opponentId: integer('opponent_id')
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    deskId: integer('desk_id').references(() => desks.id, { onDelete: 'set null' }),
    deskName: text('desk_name'),
    viewTime: integer('view_time'),
    answerTime: integer('answer_time').notNull(),
    /** Kind settings: word_limit and language, number_limit and digits. */
    settings: jsonb('settings').notNull().default({}),
    content: jsonb('content').notNull(),
    acceptedAt: timestamp('accepted_at', { withTimezone: true }),
    finishedAt: timestamp('finished_at', { withTimezone: true }),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [
    index('duels_creator_idx').on(t.creatorId, t.createdAt),
    index('duels_opponent_idx').on(t.opponentId, t.createdAt),
    index('duels_open_idx').on(t.status).where(sql`${t.status} = 'in_progress'`),
    check('duels_not_self', sql`${t.creatorId} <> ${t.opponentId}`),
  ],
);

/**
 * A learner's Glicko-2 rating in one discipline (`domain/ratings/disciplines.ts` names them):
 * rating, deviation, volatility and the games rated. A row exists once the first game is rated.
 */
export const playerRatings = pgTable(
  'player_ratings',
  {
    userId: integer('user_id')
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    discipline: text('discipline').notNull(),
    rating: doublePrecision('rating').notNull(),
    deviation: doublePrecision('deviation').notNull(),
    volatility: doublePrecision('volatility').notNull(),
    games: integer('games').notNull().default(0),
    updatedAt: timestamp('updated_at', { withTimezone: true }).notNull().defaultNow(),
  },
  // Leaderboards read one discipline of a set of users: `user_id = any(...)` on this key.
  (t) => [primaryKey({ columns: [t.userId, t.discipline] })],
);

/**
 * Each game that changed ratings, once: a duel (`source` duel, its id) or a match game. The
 * primary key is what makes rating a game exactly once, however often its settlement runs.
 */
export const ratedGames = pgTable(
  'rated_games',
  {
    source: text('source').notNull(),
    sourceId: integer('source_id').notNull(),
    discipline: text('discipline').notNull(),
    ratedAt: timestamp('rated_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [primaryKey({ columns: [t.source, t.sourceId] })],
);

/** One player of a duel: their clock (phase start, current question) and what they answered. */
export const duelPlayers = pgTable(
  'duel_players',
  {
    duelId: integer('duel_id')
      .notNull()
      .references(() => duels.id, { onDelete: 'cascade' }),
    userId: integer('user_id')
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    phaseStartedAt: timestamp('phase_started_at', { withTimezone: true }),
    /** Question duels: when the current question was shown (the previous answer's arrival). */
    questionStartedAt: timestamp('question_started_at', { withTimezone: true }),
    /** Question duels: one entry per answered question; recall duels: the submitted list. */
    answers: jsonb('answers').notNull().default([]),
    score: integer('score').notNull().default(0),
    totalTimeMs: integer('total_time_ms').notNull().default(0),
    finishedAt: timestamp('finished_at', { withTimezone: true }),
  },
  (t) => [
    primaryKey({ columns: [t.duelId, t.userId] }),
    index('duel_players_user_idx').on(t.userId),
  ],
);

/**
 * A solo training attempt of one discipline (`domain/duels/disciplines`): its seed and content with
 * the answer key, its clock, and once submitted the answers, score and marks.
 */
export const trainingAttempts = pgTable(
  'training_attempts',
  {
    id: serial('id').primaryKey(),
    userId: integer('user_id')
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    discipline: text('discipline').notNull(),
    /** What personal bests compare: the discipline, and for Numbers its scoring. */
    variant: text('variant').notNull(),
    options: jsonb('options').notNull(),
    seed: integer('seed').notNull(),
    /** `{ view, truth }`: what the learner saw and the answer key, never sent before the submit. */
    content: jsonb('content').notNull(),
    maxScore: integer('max_score').notNull(),
    startedAt: timestamp('started_at', { withTimezone: true }).notNull(),
    memorizeEndsAt: timestamp('memorize_ends_at', { withTimezone: true }).notNull(),
    recallEndsAt: timestamp('recall_ends_at', { withTimezone: true }).notNull(),
    submittedAt: timestamp('submitted_at', { withTimezone: true }),
    answers: jsonb('answers'),
    /** `{ marks, rowPoints }` of the submitted recall. */
    result: jsonb('result'),
    score: integer('score'),
    memorizeMs: integer('memorize_ms'),
    late: boolean('late').notNull().default(false),
    personalBest: boolean('personal_best').notNull().default(false),
  },
  (t) => [
    index('training_attempts_user_idx').on(t.userId, t.startedAt),
    index('training_attempts_best_idx').on(t.userId, t.variant, t.score),
  ],
);

/**
 * A match between two friends (issue 44, `domain/duels/matches`): best of 3 or 5 games of Memory
 * League's disciplines, one veto each, then picks in turn. `vetoes` lists `{user_id, discipline}`
 * in order; `winner` is `creator`, `opponent` or `draw` once finished.
 */
export const matches = pgTable(
  'matches',
  {
    id: serial('id').primaryKey(),
    creatorId: integer('creator_id')
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    opponentId: integer('opponent_id')
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    bestOf: integer('best_of').notNull(),
    /** pending (invited), rejected, active (vetoes, picks and games), finished. */
    status: text('status').notNull().default('pending'),
    vetoes: jsonb('vetoes').notNull().default([]),
    winner: text('winner'),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
    acceptedAt: timestamp('accepted_at', { withTimezone: true }),
    finishedAt: timestamp('finished_at', { withTimezone: true }),
  },
  (t) => [
    index('matches_creator_idx').on(t.creatorId, t.createdAt),
    index('matches_opponent_idx').on(t.opponentId, t.createdAt),
    check('matches_not_self', sql`${t.creatorId} <> ${t.opponentId}`),
    check('matches_best_of', sql`${t.bestOf} in (3, 5)`),
  ],
);

/**
 * One game of a match: the picked discipline and its seeded content (`{view, truth}`), the same
 * for both players; `outcome` (`creator`, `opponent`, `draw`) once both recalls are in.
 */
export const matchGames = pgTable(
  'match_games',
  {
    id: serial('id').primaryKey(),
    matchId: integer('match_id')
      .notNull()
      .references(() => matches.id, { onDelete: 'cascade' }),
    number: integer('number').notNull(),
    discipline: text('discipline').notNull(),
    pickedBy: integer('picked_by')
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    options: jsonb('options').notNull(),
    seed: integer('seed').notNull(),
    content: jsonb('content').notNull(),
    maxScore: integer('max_score').notNull(),
    outcome: text('outcome'),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
    finishedAt: timestamp('finished_at', { withTimezone: true }),
  },
  (t) => [uniqueIndex('match_games_number_key').on(t.matchId, t.number)],
);

/** One player's play of a match game: their clock from their first open, then their recall. */
export const matchPlays = pgTable(
  'match_plays',
  {
    gameId: integer('game_id')
      .notNull()
      .references(() => matchGames.id, { onDelete: 'cascade' }),
    userId: integer('user_id')
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    startedAt: timestamp('started_at', { withTimezone: true }).notNull(),
    memorizeEndsAt: timestamp('memorize_ends_at', { withTimezone: true }).notNull(),
    recallEndsAt: timestamp('recall_ends_at', { withTimezone: true }).notNull(),
    submittedAt: timestamp('submitted_at', { withTimezone: true }),
    answers: jsonb('answers'),
    marks: jsonb('marks'),
    score: integer('score'),
    memorizeMs: integer('memorize_ms'),
    late: boolean('late').notNull().default(false),
  },
  (t) => [primaryKey({ columns: [t.gameId, t.userId] })],
);

/** The invitation to a duel: a notification on both sides, each able to hide it (soft delete). */
export const duelRequests = pgTable(
  'duel_requests',
  {
    id: serial('id').primaryKey(),
    duelId: integer('duel_id')
      .notNull()
      .references(() => duels.id, { onDelete: 'cascade' }),
    senderId: integer('sender_id')
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    receiverId: integer('receiver_id')
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    duelType: text('duel_type').notNull(),
    status: text('status').notNull().default('pending'),
    senderDeleted: boolean('sender_deleted').notNull().default(false),
    receiverDeleted: boolean('receiver_deleted').notNull().default(false),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
    respondedAt: timestamp('responded_at', { withTimezone: true }),
  },
  (t) => [
    uniqueIndex('duel_requests_pending_key').on(t.duelId).where(sql`${t.status} = 'pending'`),
    index('duel_requests_receiver_idx').on(t.receiverId, t.status),
    index('duel_requests_sender_idx').on(t.senderId),
  ],
);

/** The learner's own Major-System table: one chosen word per two-digit number and language. */
export const majorTableWords = pgTable(
  'major_table_words',
  {
    userId: integer('user_id')
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    /** `en` or `es`: a word encodes its number by the sounds of its own language. */
    language: text('language').notNull(),
    /** `00` to `99`. */
    digits: text('digits').notNull(),
    word: text('word').notNull(),
    updatedAt: timestamp('updated_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [primaryKey({ columns: [t.userId, t.language, t.digits] })],
);

// Invitations and relationships (issue 17): one table for both kinds of invitation, so a code is
// unique across them and verify finds either.
export const invitationType = pgEnum('invitation_type', ['enterprise', 'teacher']);

export const invitations = pgTable(
  'invitations',
  {
    id: serial('id').primaryKey(),
    /** base64url of 24 random bytes (192 bits); the link's secret. */
    code: text('code').notNull().unique(),
    kind: invitationType('kind').notNull(),
    planType: accountType('plan_type').notNull(),
    /** When set, only this address may use it (compared case-insensitively). */
    email: text('email'),
    createdBy: integer('created_by')
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    usedBy: integer('used_by').references(() => users.id, { onDelete: 'set null' }),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
    expiresAt: timestamp('expires_at', { withTimezone: true }).notNull(),
    usedAt: timestamp('used_at', { withTimezone: true }),
  },
  (t) => [index('invitations_creator_idx').on(t.createdBy, t.kind, t.createdAt)],
);

export const enterpriseTeacherRelationships = pgTable(
  'enterprise_teacher_relationships',
  {
    id: serial('id').primaryKey(),
    enterpriseOwnerId: integer('enterprise_owner_id')
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    teacherId: integer('teacher_id')
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [
    uniqueIndex('enterprise_teacher_pair_key').on(t.enterpriseOwnerId, t.teacherId),
    index('enterprise_teacher_teacher_idx').on(t.teacherId),
  ],
);

export const teacherStudentRelationships = pgTable(
  'teacher_student_relationships',
  {
    id: serial('id').primaryKey(),
    teacherId: integer('teacher_id')
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    studentId: integer('student_id')
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [
    uniqueIndex('teacher_student_pair_key').on(t.teacherId, t.studentId),
    index('teacher_student_student_idx').on(t.studentId),
  ],
);

/** Unknown invitation codes tried per client address (verify, apply, register): the guess budget. */
export const invitationCodeMisses = pgTable(
  'invitation_code_misses',
  {
    id: bigserial('id', { mode: 'number' }).primaryKey(),
    ip: text('ip').notNull(),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [index('invitation_code_misses_ip_idx').on(t.ip, t.createdAt)],
);

/**
 * Who has a live events stream open, per app instance (events/hub.ts keeps it): a row while the
 * user has a stream on that instance, its `seen_at` refreshed at every heartbeat, so an instance
 * that died without cleaning up stops counting once its rows are stale (PRESENCE_TTL_MS).
 */
export const streamPresence = pgTable(
  'stream_presence',
  {
    instanceId: text('instance_id').notNull(),
    userId: integer('user_id')
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    seenAt: timestamp('seen_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [
    primaryKey({ columns: [t.instanceId, t.userId] }),
    index('stream_presence_user_idx').on(t.userId, t.seenAt),
  ],
);

// --- Schools, courses and subjects ---

/**
 * A school of an Enterprise account (its owner). Teachers and students are not stored here: they
 * are the users enrolled in the school's courses and subjects.
 */
export const schools = pgTable(
  'schools',
  {
    id: serial('id').primaryKey(),
    ownerId: integer('owner_id')
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    name: text('name').notNull(),
    address: text('address').notNull().default(''),
    phone: text('phone').notNull().default(''),
    email: text('email').notNull().default(''),
    website: text('website').notNull().default(''),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
    updatedAt: timestamp('updated_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [index('schools_owner_idx').on(t.ownerId)],
);

/** A course of an owner, in one of their schools or in none (a deleted school leaves it). */
export const courses = pgTable(
  'courses',
  {
    id: serial('id').primaryKey(),
    ownerId: integer('owner_id')
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    schoolId: integer('school_id').references(() => schools.id, { onDelete: 'set null' }),
    name: text('name').notNull(),
    description: text('description').notNull().default(''),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
    updatedAt: timestamp('updated_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [index('courses_owner_idx').on(t.ownerId), index('courses_school_idx').on(t.schoolId)],
);

/** A subject: the same shape as a course. */
export const subjects = pgTable(
  'subjects',
  {
    id: serial('id').primaryKey(),
    ownerId: integer('owner_id')
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    schoolId: integer('school_id').references(() => schools.id, { onDelete: 'set null' }),
    name: text('name').notNull(),
    description: text('description').notNull().default(''),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
    updatedAt: timestamp('updated_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [index('subjects_owner_idx').on(t.ownerId), index('subjects_school_idx').on(t.schoolId)],
);

/** A user in a course, as teacher or student (their role when enrolled). */
export const courseEnrollments = pgTable(
  'course_enrollments',
  {
    courseId: integer('course_id')
      .notNull()
      .references(() => courses.id, { onDelete: 'cascade' }),
    userId: integer('user_id')
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    role: userRole('role').notNull(),
    enrolledAt: timestamp('enrolled_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [
    primaryKey({ columns: [t.courseId, t.userId] }),
    index('course_enrollments_user_idx').on(t.userId),
  ],
);

/** A user in a subject, as teacher or student. */
export const subjectEnrollments = pgTable(
  'subject_enrollments',
  {
    subjectId: integer('subject_id')
      .notNull()
      .references(() => subjects.id, { onDelete: 'cascade' }),
    userId: integer('user_id')
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    role: userRole('role').notNull(),
    enrolledAt: timestamp('enrolled_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [
    primaryKey({ columns: [t.subjectId, t.userId] }),
    index('subject_enrollments_user_idx').on(t.userId),
  ],
);

/**
 * A deck of a teacher assigned to a course, with an optional exam day (docs/features/assignments.md):
 * its students get it as an assigned share of `desk_shares`.
 */
export const courseAssignments = pgTable(
  'course_assignments',
  {
    id: serial('id').primaryKey(),
    courseId: integer('course_id')
      .notNull()
      .references(() => courses.id, { onDelete: 'cascade' }),
    deskId: integer('desk_id')
      .notNull()
      .references(() => desks.id, { onDelete: 'cascade' }),
    /** The exam day, read in each student's time zone; null for none. */
    dueDate: date('due_date', { mode: 'string' }),
    createdBy: integer('created_by').references(() => users.id, { onDelete: 'set null' }),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [
    uniqueIndex('course_assignments_course_desk_idx').on(t.courseId, t.deskId),
    index('course_assignments_desk_idx').on(t.deskId),
  ],
);

/**
 * A course's class-pooled FSRS parameters (docs/features/assignments.md, "Class-pooled
 * parameters"): fitted by the background fitter on the pooled reviews of the course's students on
 * its assigned decks, and scheduling the students who have too few reviews of their own (the
 * `learner_models` view). `new_reviews` counts pooled reviews since the last fit, as
 * `memory_models.new_reviews` does for one learner.
 */
export const courseMemoryModels = pgTable(
  'course_memory_models',
  {
    courseId: integer('course_id')
      .primaryKey()
      .references(() => courses.id, { onDelete: 'cascade' }),
    /** FSRS-6 weights (21); null while the pool is too small or did not beat the defaults. */
    parameters: doublePrecision('parameters').array(),
    newReviews: integer('new_reviews').notNull().default(0),
    fittingSince: timestamp('fitting_since', { withTimezone: true }),
    fittedAt: timestamp('fitted_at', { withTimezone: true }),
    /** Reviews in the pool the last fit read. */
    fittedReviews: integer('fitted_reviews'),
    fitOutcome: text('fit_outcome'),
    fitError: text('fit_error'),
    logLoss: doublePrecision('log_loss'),
    defaultLogLoss: doublePrecision('default_log_loss'),
    evaluatedReviews: integer('evaluated_reviews'),
    updatedAt: timestamp('updated_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [index('course_memory_models_pending_idx').on(t.newReviews)],
);

/**
 * A deck of a teacher assigned to a subject, with an optional exam day (docs/features/assignments.md):
 * its students get it as an assigned share of `desk_shares`.
 */
export const subjectAssignments = pgTable(
  'subject_assignments',
  {
    id: serial('id').primaryKey(),
    subjectId: integer('subject_id')
      .notNull()
      .references(() => subjects.id, { onDelete: 'cascade' }),
    deskId: integer('desk_id')
      .notNull()
      .references(() => desks.id, { onDelete: 'cascade' }),
    /** The exam day, read in each student's time zone; null for none. */
    dueDate: date('due_date', { mode: 'string' }),
    createdBy: integer('created_by').references(() => users.id, { onDelete: 'set null' }),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [
    uniqueIndex('subject_assignments_subject_desk_idx').on(t.subjectId, t.deskId),
    index('subject_assignments_desk_idx').on(t.deskId),
  ],
);

/**
 * A live class quiz (docs/features/live-quiz.md): a course's teacher runs it from a deck assigned
 * to the course; students join with its six-digit code. `status` and `question_index` are its
 * state machine's (domain/live-quiz/state.ts); `question_started_at` times the open question.
 */
export const liveQuizzes = pgTable(
  'live_quizzes',
  {
    id: serial('id').primaryKey(),
    courseId: integer('course_id')
      .notNull()
      .references(() => courses.id, { onDelete: 'cascade' }),
    deskId: integer('desk_id')
      .notNull()
      .references(() => desks.id, { onDelete: 'cascade' }),
    createdBy: integer('created_by').references(() => users.id, { onDelete: 'set null' }),
    code: text('code').notNull(),
    status: text('status').notNull().default('lobby'),
    questionIndex: integer('question_index').notNull().default(-1),
    questionCount: integer('question_count').notNull(),
    secondsPerQuestion: integer('seconds_per_question').notNull(),
    questionStartedAt: timestamp('question_started_at', { withTimezone: true }),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
    /** The teacher's last move (creation, then every "next"): an idle quiz ends 2 hours after. */
    movedAt: timestamp('moved_at', { withTimezone: true }).notNull().defaultNow(),
    finishedAt: timestamp('finished_at', { withTimezone: true }),
  },
  (t) => [
    // A code names one quiz not finished; finished quizzes free theirs.
    uniqueIndex('live_quizzes_open_code_idx').on(t.code).where(sql`status <> 'finished'`),
    index('live_quizzes_course_idx').on(t.courseId),
    check('live_quizzes_status_check', sql`status in ('lobby', 'question', 'reveal', 'finished')`),
  ],
);

/** The questions of a live quiz, drawn when it starts: a card, its prompt and its options. */
export const liveQuizQuestions = pgTable(
  'live_quiz_questions',
  {
    quizId: integer('quiz_id')
      .notNull()
      .references(() => liveQuizzes.id, { onDelete: 'cascade' }),
    index: integer('index').notNull(),
    cardId: integer('card_id')
      .notNull()
      .references(() => cards.id, { onDelete: 'cascade' }),
    prompt: text('prompt').notNull(),
    options: jsonb('options').$type<string[]>().notNull(),
    correctOption: smallint('correct_option').notNull(),
  },
  (t) => [primaryKey({ columns: [t.quizId, t.index] })],
);

/** The students who joined a live quiz, with their running score. */
export const liveQuizPlayers = pgTable(
  'live_quiz_players',
  {
    quizId: integer('quiz_id')
      .notNull()
      .references(() => liveQuizzes.id, { onDelete: 'cascade' }),
    userId: integer('user_id')
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    score: integer('score').notNull().default(0),
    joinedAt: timestamp('joined_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [primaryKey({ columns: [t.quizId, t.userId] })],
);

/** One answer per player and question, timed by the server. */
export const liveQuizAnswers = pgTable(
  'live_quiz_answers',
  {
    quizId: integer('quiz_id')
      .notNull()
      .references(() => liveQuizzes.id, { onDelete: 'cascade' }),
    questionIndex: integer('question_index').notNull(),
    userId: integer('user_id')
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    option: smallint('option').notNull(),
    correct: boolean('correct').notNull(),
    points: integer('points').notNull(),
    answerMs: integer('answer_ms').notNull(),
    answeredAt: timestamp('answered_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [primaryKey({ columns: [t.quizId, t.questionIndex, t.userId] })],
);
