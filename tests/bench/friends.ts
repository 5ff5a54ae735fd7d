import type postgres from 'postgres';
import { loadJwtSecret } from '../../packages/server/src/auth/secret.ts';
import { signAccessToken } from '../../packages/server/src/auth/tokens.ts';
import { openDatabase } from '../../packages/server/src/db/client.ts';
import { type LoadFigures, runLoad } from './child.ts';
import { jsonCaller } from './lib/http.ts';
import { startBenchServer } from './lib/server.ts';
import { CONNECTIONS, DURATION, WARMUP } from './lib/settings.ts';
import { percentile } from './lib/stats.ts';
import { LOAD_HEAD, loadCells, printColumns } from './lib/table.ts';

const ACCEPTS = Number(process.env.BENCH_FRIEND_ACCEPTS ?? 200);
const FEW = 4;
const FRIENDS = 1_000;
const PENDING = 50;
/** People to send requests to, and requests to accept: more than a row can use up. */
const POOL = 30_000;
const FR = '/be/api/friends/friendships';

interface Row {
  name: string;
  method: 'GET' | 'POST';
  /** Paths sent in turn, one per request (load.ts); a function when `setup` seeds them. */
  paths: string[] | (() => string[]);
  /** Seeds what the row needs, just before it runs. */
  setup?: () => Promise<void>;
  /** Bodies sent in turn with them. */
  bodies?: unknown[];
  connections?: number;
}

type Figures = LoadFigures;

/** One autocannon run in a second process (load.ts). */
async function load(
  baseUrl: string,
  row: Row & { paths: string[] },
  access: string,
  seconds: number,
): Promise<Figures> {
  const spec = {
    url: baseUrl,
    connections: row.connections ?? CONNECTIONS,
    duration: seconds,
    method: row.method,
    headers: {
      authorization: `Bearer ${access}`,
      ...(row.bodies ? { 'content-type': 'application/json' } : {}),
    },
    paths: row.paths,
    variants: row.bodies?.map((b) => ({ body: JSON.stringify(b) })),
  };
  return runLoad(spec);
}

/** Resolves with each `friend_accepted` notification's friendship id as it reaches `token`'s stream. */
async function openStream(baseUrl: string, token: string) {
  const controller = new AbortController();
  const response = await fetch(`${baseUrl}/be/api/events/`, {
    headers: { authorization: `Bearer ${token}`, accept: 'text/event-stream' },
    signal: controller.signal,
  });
  if (response.status !== 200 || !response.body) throw new Error(`events: ${response.status}`);
  const waiters = new Map<number, (at: number) => void>();
  let ready: () => void = () => {};
  const isReady = new Promise<void>((resolve) => {
    ready = resolve;
  });
  const reader = response.body.pipeThrough(new TextDecoderStream()).getReader();
  void (async () => {
    let buffer = '';
    for (;;) {
      const { done, value } = await reader.read().catch(() => ({ done: true, value: '' }));
      if (done) return;
      buffer += value;
      let cut = buffer.indexOf('\n\n');
      while (cut >= 0) {
        const block = buffer.slice(0, cut);
        buffer = buffer.slice(cut + 2);
        if (block.includes('event: ready')) ready();
        else if (block.includes('event: notification')) {
          const at = performance.now();
          const data = block.split('\n').find((l) => l.startsWith('data: '));
          const event = JSON.parse(data?.slice(6) ?? '{}');
          if (event.kind === 'friend_accepted') waiters.get(event.payload?.friendship_id)?.(at);
        }
        cut = buffer.indexOf('\n\n');
      }
    }
  })();
  await isReady;
  return {
    arrival: (friendshipId: number) =>
      new Promise<number>((resolve) => waiters.set(friendshipId, resolve)),
    close: () => controller.abort(),
  };
}

const bench = await startBenchServer();
const { backend, baseUrl } = bench;
const database = openDatabase(backend.databaseUrl, { max: 2 });

const call = jsonCaller(baseUrl);

/** `n` users inserted directly (registering would hash every password), by id. */
async function insertUsers(sql: postgres.Sql, prefix: string, n: number) {
  const rows = await sql<{ id: number; username: string }[]>`
    insert into users (email, username, password_hash)
    select ${prefix} || g || '@example.com', ${prefix} || lpad(g::text, 6, '0'), 'not-a-hash'
    from generate_series(1, ${n}::int) g
    returning id, username`;
  return rows;
}

const lines: string[][] = [];
let delays: { answered: number[]; delivered: number[] } | undefined;
let healthFew: Figures | undefined;
try {
  const { sql } = database;
  const credentials = { email: 'bench@example.com', password: 'bench-password' };
  const me = await call('POST', '/be/api/auth/users/', {
    ...credentials,
    username: 'bench',
    password2: credentials.password,
  });
  const meId = me.id as number;
  const { access } = (await call('POST', '/be/api/auth/token/', credentials)) as { access: string };

  const t = performance.now();
  const friends = await insertUsers(sql, 'friend', FRIENDS);
  const asking = await insertUsers(sql, 'asking', PENDING);
  const asked = await insertUsers(sql, 'asked', PENDING);
  const strangers = await insertUsers(sql, 'stranger', POOL);
  const acceptors = await insertUsers(sql, 'acceptor', POOL);
  const USERS = 2 * POOL + FRIENDS + 2 * PENDING + 1;
  let toAccept: { id: number }[] = [];
  await sql`
    insert into friendships (sender_id, receiver_id, status)
    select case when i % 2 = 0 then ${meId}::int else id end,
           case when i % 2 = 0 then id else ${meId}::int end, 'accepted'
    from unnest(${friends.map((f) => f.id)}::int[]) with ordinality as f(id, i)`;
  await sql`
    insert into friendships (sender_id, receiver_id)
    select id, ${meId}::int from unnest(${asking.map((u) => u.id)}::int[]) id
    union all
    select ${meId}::int, id from unnest(${asked.map((u) => u.id)}::int[]) id`;
  await sql`vacuum analyze users`;
  await sql`vacuum analyze friendships`;
  process.stdout.write(
    `  seeded ${USERS} users, ${FRIENDS} friends, ${2 * PENDING} pending requests in ` +
      `${(performance.now() - t).toFixed(0)} ms\n`,
  );

  const health = (connections: number): Row => ({
    name: `health (${connections} conn.)`,
    method: 'GET',
    paths: ['/be/api/health/'],
    connections,
  });
  const rows: Row[] = [
    health(CONNECTIONS),
    {
      name: `friend_list, ${FRIENDS} friends, first page of 20`,
      method: 'GET',
      paths: [`${FR}/friend_list/`],
    },
    {
      name: `friend_list, ${FRIENDS} friends, last page of 20`,
      method: 'GET',
      paths: [`${FR}/friend_list/?page=${FRIENDS / 20}`],
    },
    {
      name: `pending received, ${PENDING} waiting`,
      method: 'GET',
      paths: [`${FR}/pending/?direction=received`],
    },
    {
      name: `search, username prefix among ${USERS} users`,
      method: 'GET',
      paths: ['/be/api/friends/users/search/?q=stranger0012'],
    },
    health(FEW),
    {
      name: `send a request, a new person each time (${FEW} conn.)`,
      method: 'POST',
      paths: [`${FR}/`],
      bodies: strangers.map((u) => ({ username: u.username })),
      connections: FEW,
    },
    {
      name: `accept, a different request each time (${FEW} conn.)`,
      method: 'POST',
      paths: () => toAccept.map((f) => `${FR}/${f.id}/accept/`),
      connections: FEW,
      async setup() {
        // Seeded only now: the pending list above reads the learner's 50 waiting requests.
        toAccept = await sql<{ id: number }[]>`
          insert into friendships (sender_id, receiver_id)
          select id, ${meId}::int from unnest(${acceptors.map((u) => u.id)}::int[]) id
          returning id`;
        await sql`vacuum analyze friendships`;
      },
    },
  ];
  for (const row of rows) {
    await row.setup?.();
    const paths = typeof row.paths === 'function' ? row.paths() : row.paths;
    const warm = WARMUP > 0 ? await load(baseUrl, { ...row, paths }, access, WARMUP) : undefined;
    // Warm-up and measured run share one list, each request sent once (send, accept): skip what
    // the warm-up counted and what it still had in flight (one per connection) when it stopped.
    const used = warm ? warm.requests.total + (row.connections ?? CONNECTIONS) : 0;
    const measured = {
      ...row,
      paths: paths.length > 1 ? paths.slice(used) : paths,
      bodies: row.bodies?.slice(used),
    };
    const r = await load(baseUrl, measured, access, DURATION);
    if (row.name === health(FEW).name) healthFew = r;
    lines.push([
      `${row.method} ${row.name}`,
      String(row.connections ?? CONNECTIONS),
      ...loadCells(r),
    ]);
    process.stdout.write(`  ran ${row.name}\n`);
  }

  // Accept → notification: Ana asks ACCEPTS people; each accepts in turn while her stream is open.
  const [ana] = await insertUsers(sql, 'ana', 1);
  const receivers = await insertUsers(sql, 'receiver', ACCEPTS);
  const requests = await sql<{ id: number; receiver_id: number }[]>`
    insert into friendships (sender_id, receiver_id)
    select ${ana?.id ?? 0}::int, id from unnest(${receivers.map((u) => u.id)}::int[]) id
    returning id, receiver_id`;
  const secret = await loadJwtSecret(database.db);
  const stream = await openStream(baseUrl, await signAccessToken(ana?.id ?? 0, secret));
  const answered: number[] = [];
  const delivered: number[] = [];
  try {
    for (const request of requests) {
      const token = await signAccessToken(request.receiver_id, secret);
      const arrival = stream.arrival(request.id);
      const start = performance.now();
      await call('POST', `${FR}/${request.id}/accept/`, undefined, token);
      answered.push(performance.now() - start);
      delivered.push((await arrival) - start);
    }
  } finally {
    stream.close();
  }
  delays = { answered, delivered };
  process.stdout.write('  ran accept → notification\n');
} finally {
  await database.end();
  await bench.close();
}

console.log('\nFriends');
const head = LOAD_HEAD;
printColumns([head, ...lines]);
if (delays) {
  const figure = (values: number[]) => {
    const sorted = [...values].sort((a, b) => a - b);
    return `p50 ${percentile(sorted, 50).toFixed(1)} ms, p99 ${percentile(sorted, 99).toFixed(1)} ms`;
  };
  const beside = healthFew
    ? `health (${FEW} conn.) p50 ${healthFew.latency.p50.toFixed(1)} ms, p99 ${healthFew.latency.p99.toFixed(1)} ms`
    : '';
  console.log(
    `accept, one at a time (${delays.answered.length}): answered ${figure(delays.answered)}; ` +
      `the sender's friend_accepted on their open stream ${figure(delays.delivered)} after the ` +
      `accept was sent (server, stream reader and caller in one process); ${beside}`,
  );
}
