import os from 'node:os';
import postgres from 'postgres';
import { runLoad } from './child.ts';
import { jsonCaller } from './lib/http.ts';
import { startBenchServer } from './lib/server.ts';
import { CONNECTIONS, DURATION, WARMUP } from './lib/settings.ts';
import { LOAD_HEAD, loadCells, printColumns } from './lib/table.ts';
import { seedReviewAccount } from './seed-reviews.ts';

/** The size: 2 years of daily reviews, about 200,000 review-log rows. */
const DAYS = 730;
const REVIEWS = 200_000;
const FRIENDS = 50;
/** Learners posting time-tracking batches at once, and batches prepared per run. */
const TRACKERS = 16;
const BATCHES = 6_000;
const VISITS_PER_BATCH = 10;
const FEW = 4;

type Variant = { headers?: Record<string, string>; body?: string };

interface Row {
  name: string;
  method: 'GET' | 'POST';
  path: string;
  connections?: number;
  /** A different learner and batch per request (time tracking), fresh for each run. */
  variants?: (run: number) => Variant[];
}

/** One autocannon run in a second process (load.ts). */
async function load(baseUrl: string, row: Row, access: string, seconds: number, run: number) {
  const spec = {
    url: baseUrl,
    connections: row.connections ?? CONNECTIONS,
    duration: seconds,
    method: row.method,
    headers: {
      authorization: `Bearer ${access}`,
      ...(row.method === 'POST' ? { 'content-type': 'application/json' } : {}),
    },
    paths: [row.path],
    variants: row.variants?.(run),
  };
  return runLoad(spec);
}

/**
 * Two years of reviews of the learner's rated cards, spread evenly over the days (a few hundred
 * a day, each day's on consecutive cards, so across every deck; about 10 % again), and the activity rows the ratings would have recorded: one per deck
 * and day, its count the day's reviews of the deck.
 */
async function seedHistory(sql: postgres.Sql, userId: number): Promise<void> {
  await sql`
    with rated as (
      select array_agg(card_id order by card_id) as cards, array_agg(desk_id order by card_id) as desks
      from card_schedules where user_id = ${userId} and state <> 0
    )
    insert into review_logs (user_id, card_id, desk_id, rating, state_before, state_after,
      elapsed_days, reviewed_at)
    select ${userId}, rated.cards[1 + (g / ${DAYS} + (g % ${DAYS}) * 274) % cardinality(rated.cards)],
      rated.desks[1 + (g / ${DAYS} + (g % ${DAYS}) * 274) % cardinality(rated.cards)],
      case g % 10 when 0 then 1 when 1 then 2 when 9 then 4 else 3 end,
      jsonb_build_object('state', case when g % 7 = 0 then 1 else 2 end, 'scheduled_days', g % 60),
      jsonb_build_object('state', 2, 'scheduled_days', 1 + g % 90),
      g % 30,
      date_trunc('day', now() at time zone 'UTC') at time zone 'UTC'
        - (g % ${DAYS}) * interval '1 day' + (g * 37 % 50000) * interval '1 second'
    from rated, generate_series(0, ${REVIEWS - 1}) g`;
  await sql`
    insert into activities (user_id, activity_type, day, count, deck_id, deck_name, created_at,
      updated_at)
    select r.user_id, 'space_repetition', (r.reviewed_at at time zone 'UTC')::date, count(*),
      r.desk_id, d.name, min(r.reviewed_at), max(r.reviewed_at)
    from review_logs r join desks d on d.id = r.desk_id
    where r.user_id = ${userId}
    group by r.user_id, (r.reviewed_at at time zone 'UTC')::date, r.desk_id, d.name`;
}

/** `FRIENDS` friends of the learner, each active on every day of the same two years. */
async function seedFriends(sql: postgres.Sql, userId: number): Promise<void> {
  const friends = await sql`
    insert into users (email, username, password_hash)
    select 'friend-' || g || '@example.com', 'friend_' || g, '!'
    from generate_series(1, ${FRIENDS}) g
    returning id`;
  const ids = friends.map((f) => f.id as number);
  await sql`
    insert into friendships (sender_id, receiver_id, status)
    select ${userId}, f, 'accepted' from unnest(${ids}::int[]) f`;
  await sql`
    insert into activities (user_id, activity_type, day, count, created_at, updated_at)
    select f, 'conversion_table', (now() at time zone 'UTC')::date - d, 1 + (f + d) % 9, now(), now()
    from unnest(${ids}::int[]) f cross join generate_series(0, ${DAYS - 1}) d`;
}

/**
 * Batch `i` of a run: learner `i mod TRACKERS`, a session of its own on a past day of its own
 * (so no learner's day nears 24 hours), ten visits of 2 s one after another.
 */
function batch(run: number, i: number, tokens: string[]): Variant {
  const learner = i % TRACKERS;
  const slot = run * BATCHES + i;
  const day = 1 + (Math.floor(slot / TRACKERS) % 600);
  const minute = Math.floor(slot / (TRACKERS * 600));
  const today = Date.now() - (Date.now() % 86_400_000);
  const start = today - day * 86_400_000 + minute * 60_000;
  const pages = ['/space-repetition', '/my-progress', '/friends', '/', '/conversion-table'];
  const visits = Array.from({ length: VISITS_PER_BATCH }, (_, k) => {
    const from = start + k * 2_000;
    return {
      page: pages[k % pages.length] ?? '/',
      start_time: new Date(from).toISOString(),
      end_time: new Date(from + 2_000).toISOString(),
      duration: 2_000,
      timestamp: new Date(from + 2_000).toISOString(),
    };
  });
  return {
    headers: { authorization: `Bearer ${tokens[learner] ?? ''}` },
    body: JSON.stringify({
      session_id: `bench-${run}-${i}`,
      session_start_time: new Date(start).toISOString(),
      total_time: VISITS_PER_BATCH * 2_000,
      pages: visits,
    }),
  };
}

const bench = await startBenchServer();
const { backend, baseUrl } = bench;

const call = jsonCaller(baseUrl);

const PASSWORD = 'bench-password';

/** Signs `name@example.com` in; its access token. */
async function signIn(name: string): Promise<string> {
  const tokens = await call('POST', '/be/api/auth/token/', {
    email: `${name}@example.com`,
    password: PASSWORD,
  });
  return tokens.access as string;
}

/** A new learner through the API (time zone UTC); their id and access token. */
async function learner(name: string): Promise<{ id: number; access: string }> {
  const user = await call('POST', '/be/api/auth/users/', {
    email: `${name}@example.com`,
    password: PASSWORD,
    username: name,
    password2: PASSWORD,
    timezone: 'UTC',
  });
  return { id: user.id as number, access: await signIn(name) };
}

const lines: string[][] = [];
const notes: string[] = [];
try {
  await call('GET', '/be/api/health/');
  const bench = await learner('bench');
  const sql = postgres(backend.databaseUrl, { max: 1, onnotice: () => {} });
  try {
    const t = performance.now();
    const seeded = await seedReviewAccount(sql, bench.id, { desks: 20, cards: 20_000 });
    await seedHistory(sql, bench.id);
    await seedFriends(sql, bench.id);
    for (const table of ['review_logs', 'activities', 'friendships', 'users']) {
      await sql`vacuum analyze ${sql(table)}`;
    }
    const [counts] = await sql<
      { reviews: number; counted: number; activities: number; days: number }[]
    >`
      select (select count(*)::int from review_logs where user_id = ${bench.id}) as reviews,
        (select total from review_counts where user_id = ${bench.id}) as counted,
        (select count(*)::int from activities where user_id = ${bench.id}) as activities,
        (select count(distinct day)::int from activities where user_id = ${bench.id}) as days`;
    notes.push(
      `seeded in ${((performance.now() - t) / 1000).toFixed(0)} s: ${seeded.cards} cards in ` +
        `${seeded.desks} desks, ${counts?.reviews} review-log rows (review_counts: ` +
        `${counts?.counted}) and ${counts?.activities} ` +
        `activity rows over ${counts?.days} days, ${FRIENDS} friends with ${DAYS} active days each`,
    );
  } finally {
    await sql.end();
  }
  // More learners with the bench learner's password (sign-up is limited per address).
  const admin = postgres(backend.databaseUrl, { max: 1, onnotice: () => {} });
  try {
    await admin`
      insert into users (email, username, password_hash, timezone)
      select 'tracker_' || g || '@example.com', 'tracker_' || g, password_hash, 'UTC'
      from users, generate_series(0, ${TRACKERS - 1}) g where id = ${bench.id}`;
  } finally {
    await admin.end();
  }
  const trackers: string[] = [];
  for (let i = 0; i < TRACKERS; i += 1) trackers.push(await signIn(`tracker_${i}`));

  const rows: Row[] = [
    { name: `health (${FEW} conn.)`, method: 'GET', path: '/be/api/health/', connections: FEW },
    { name: 'my_streak', method: 'GET', path: '/be/api/auth/streaks/my_streak/', connections: FEW },
    {
      name: 'activity-history, sidebar (3)',
      method: 'GET',
      path: '/be/api/auth/activity-history/?page_size=3',
      connections: FEW,
    },
    {
      name: 'activity-history, page 300 of 20, one type',
      method: 'GET',
      path: '/be/api/auth/activity-history/?page_size=20&page=300&activity_type=space_repetition',
      connections: FEW,
    },
    { name: 'progress figures', method: 'GET', path: '/be/api/auth/progress/', connections: FEW },
    {
      name: 'learning-stats',
      method: 'GET',
      path: '/be/api/space-repetition/learning-stats/',
      connections: FEW,
    },
    {
      name: 'card-stats',
      method: 'GET',
      path: '/be/api/space-repetition/card-stats/',
      connections: FEW,
    },
    {
      name: `friends ranking (${FRIENDS} friends)`,
      method: 'GET',
      path: '/be/api/auth/progress/ranking/',
      connections: FEW,
    },
    { name: 'health', method: 'GET', path: '/be/api/health/' },
    {
      name: `time-tracking batch of ${VISITS_PER_BATCH} visits, ${TRACKERS} learners`,
      method: 'POST',
      path: '/be/api/auth/time-tracking/',
      variants: (run) => Array.from({ length: BATCHES }, (_, i) => batch(run, i, trackers)),
    },
  ];
  let run = 0;
  for (const row of rows) {
    if (WARMUP > 0) await load(baseUrl, row, bench.access, WARMUP, run++);
    const r = await load(baseUrl, row, bench.access, DURATION, run++);
    lines.push([
      `${row.method} ${row.name}`,
      String(row.connections ?? CONNECTIONS),
      ...loadCells(r),
      String(r.errors + r.timeouts),
    ]);
    process.stdout.write(`  ran ${row.name}\n`);
  }
  const check = postgres(backend.databaseUrl, { max: 1, onnotice: () => {} });
  try {
    const [stored] = await check<{ visits: number }[]>`
      select count(*)::int as visits from time_tracking_visits`;
    notes.push(
      `time tracking: ${stored?.visits} visits stored (${BATCHES} new batches prepared per run; ` +
        'beyond that a run re-sends batches, which the server ignores as retries)',
    );
  } finally {
    await check.end();
  }
  console.log('\nProgress');
  const head = [...LOAD_HEAD, 'errors'];
  printColumns([head, ...lines]);
  for (const note of notes) console.log(note);
  console.log(
    `load average ${os
      .loadavg()
      .map((n) => n.toFixed(2))
      .join(', ')} at the end (1, 5, 15 min).`,
  );
} finally {
  await bench.close();
}
