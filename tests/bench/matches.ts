// `npm run bench` (matches row): 100 matches between 200 friends played through the API at once.
// Every match is challenged, accepted, vetoed and picked (a Numbers game of 80 digits), both
// players open the game, then the first players' submits fire together (scored, stored) and the
// second players' (each also settles the game: result and ratings in one transaction). Each
// request timed from the burst's start: p50/p99 beside a health row of the same run. Prints
// figures; asserts nothing. BENCH_MATCHES (default 100).
import { loadJwtSecret } from '../../packages/server/src/auth/secret.ts';
import { signAccessToken } from '../../packages/server/src/auth/tokens.ts';
import { openDatabase } from '../../packages/server/src/db/client.ts';
import { startBenchServer } from './lib/server.ts';
import { ascending, percentile } from './lib/stats.ts';
import { printColumns } from './lib/table.ts';

const MATCHES = Number(process.env.BENCH_MATCHES ?? 100);
const M = '/be/api/duels/matches';

const bench = await startBenchServer();
const { backend, baseUrl } = bench;
const database = openDatabase(backend.databaseUrl, { max: 2 });

const post = (token: string, path: string, body?: unknown) => () =>
  fetch(baseUrl + path, {
    method: 'POST',
    headers: { 'content-type': 'application/json', authorization: `Bearer ${token}` },
    body: body === undefined ? undefined : JSON.stringify(body),
  });

/** Fires every request at once; the milliseconds each took, the bodies, how many were not 2xx. */
async function burst(requests: (() => Promise<Response>)[]) {
  const start = performance.now();
  const results = await Promise.all(
    requests.map(async (send) => {
      const res = await send();
      const body = res.headers.get('content-type')?.includes('json') ? await res.json() : null;
      return { ms: performance.now() - start, ok: res.ok, body };
    }),
  );
  return {
    ms: ascending(results.map((r) => r.ms)),
    bodies: results.map((r) => r.body as Record<string, unknown>),
    failed: results.filter((r) => !r.ok).length,
    wallMs: performance.now() - start,
  };
}

const lines: string[][] = [];
const row = (name: string, r: Awaited<ReturnType<typeof burst>>) =>
  lines.push([
    name,
    percentile(r.ms, 50).toFixed(0),
    percentile(r.ms, 99).toFixed(0),
    r.wallMs.toFixed(0),
    String(r.failed),
  ]);
try {
  const { sql } = database;
  // Players inserted, paid and befriended directly (registering would hash 200 passwords).
  const players = await sql<{ id: number }[]>`
    insert into users (email, username, password_hash, account_type)
    select 'match' || n || '@example.com', 'match' || lpad(n::text, 4, '0'), 'not-a-hash', 'standard'
    from generate_series(1, ${2 * MATCHES}::int) n
    returning id`;
  const pairs = Array.from({ length: MATCHES }, (_, i) => ({
    a: players[2 * i]?.id ?? 0,
    b: players[2 * i + 1]?.id ?? 0,
  }));
  await sql`
    insert into friendships (sender_id, receiver_id, status)
    select a, b, 'accepted' from unnest(${pairs.map((p) => p.a)}::int[], ${pairs.map((p) => p.b)}::int[]) as t(a, b)`;
  const secret = await loadJwtSecret(database.db);
  const tokenOf = new Map<number, string>();
  for (const p of players) tokenOf.set(p.id, await signAccessToken(p.id, secret));
  const tk = (id: number) => tokenOf.get(id) ?? '';

  const setupStart = performance.now();
  const created = await burst(
    pairs.map((p) => post(tk(p.a), `${M}/`, { opponent_id: p.b, best_of: 3 })),
  );
  const ids = created.bodies.map((m) => m.id as number);
  const each = (who: 'a' | 'b', path: string, body?: (i: number) => unknown) =>
    burst(pairs.map((p, i) => post(tk(p[who]), `${M}/${ids[i]}/${path}/`, body?.(i))));
  const setup = [
    await each('b', 'respond', () => ({ action: 'accept' })),
    await each('a', 'veto', () => ({ discipline: 'cards' })),
    await each('b', 'veto', () => ({ discipline: 'words' })),
    // The challenged friend picks game 1.
    await each('b', 'pick', () => ({ discipline: 'numbers', options: { count: 80 } })),
  ];
  const setupFailed = setup.reduce((n, r) => n + r.failed, created.failed);
  const playA = await each('a', 'play');
  const playB = await each('b', 'play');
  const setupMs = performance.now() - setupStart;
  const digits = (r: Awaited<ReturnType<typeof burst>>, i: number) =>
    String((r.bodies[i]?.content as { digits?: string } | undefined)?.digits ?? '').split('');

  const health = await burst(
    Array.from({ length: MATCHES }, () => () => fetch(`${baseUrl}/be/api/health/`)),
  );
  // All right for the first players; the second miss the last row (a different score).
  const firstSubmits = await each('a', 'submit', (i) => ({ answers: digits(playA, i) }));
  const lastSubmits = await each('b', 'submit', (i) => ({
    answers: digits(playB, i).map((d, k) => (k < 40 ? d : '')),
  }));
  const [settled] = await sql<{ n: number }[]>`
    select count(*)::int as n from rated_games where source = 'match_game'`;
  row(`GET health, ${MATCHES} at once`, health);
  row(`POST matches/{id}/play/, ${MATCHES} at once (each side)`, playB);
  row(`POST matches/{id}/submit/ first side, ${MATCHES} at once`, firstSubmits);
  row(`POST matches/{id}/submit/ settling, ${MATCHES} at once`, lastSubmits);
  process.stdout.write(
    `  set-up (${MATCHES} challenges, accepts, vetoes, picks, plays): ${setupMs.toFixed(0)} ms, ${setupFailed} non-2xx\n` +
      `  games settled and rated: ${settled?.n ?? 0} of ${MATCHES}\n`,
  );
} finally {
  await database.end();
  await bench.close();
}

console.log(`\nMatches (${MATCHES} simultaneous best-of-three, game 1: Numbers, 80 digits)`);
printColumns([['row', 'p50 ms', 'p99 ms', 'all done ms', 'non-2xx'], ...lines]);
