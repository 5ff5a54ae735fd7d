// `npm run bench` (search rows): GET space-repetition/cards/search/ over one learner's 100,000
// cards (20 decks; states, due times and intervals as seed-reviews.ts makes them; a tenth of the
// notes tagged), five typical queries, each asked SAMPLES times one after another on one
// connection: p50 and p99 of the answer time, and how many cards matched. Then the words row
// again without the trigram index, to show what the index buys. Prints the machine's load
// average beside the figures (other processes share the cores). Asserts nothing.
// BENCH_SEARCH_SAMPLES (default 100), BENCH_WARMUP (queries before measuring, default 2 × 5).
import os from 'node:os';
import postgres from 'postgres';
import { jsonCaller } from './lib/http.ts';
import { startBenchServer } from './lib/server.ts';
import { WARMUP } from './lib/settings.ts';
import { ascending, percentile } from './lib/stats.ts';
import { printColumns } from './lib/table.ts';
import { seedReviewAccount } from './seed-reviews.ts';

const CARDS = 100_000;
const DECKS = 20;
const SAMPLES = Number(process.env.BENCH_SEARCH_SAMPLES ?? 100);
const PASSWORD = 'bench-password';

/** The queries a browser asks most: a phrase, a deck's due cards, a tag, weak cards, all. */
const QUERIES: { name: string; q: string; sort: string; order: string }[] = [
  { name: 'phrase', q: '"answer 4217"', sort: 'added', order: 'asc' },
  { name: 'deck due', q: 'deck:"Bench desk 07" is:due', sort: 'due', order: 'asc' },
  { name: 'tag, not new', q: 'tag:geo -is:new', sort: 'interval', order: 'desc' },
  { name: 'weak cards', q: 'is:review prop:r<0.95', sort: 'retrievability', order: 'asc' },
  { name: 'everything', q: '', sort: 'added', order: 'desc' },
];

const bench = await startBenchServer();
const { backend, baseUrl } = bench;
const call = jsonCaller(baseUrl);

async function measure(access: string, query: (typeof QUERIES)[number]) {
  const path =
    `/be/api/space-repetition/cards/search/?q=${encodeURIComponent(query.q)}` +
    `&sort=${query.sort}&order=${query.order}&page_size=50`;
  let count = 0;
  const ask = async () => {
    const t = performance.now();
    const body = await call('GET', path, undefined, access);
    count = body.count as number;
    return performance.now() - t;
  };
  for (let i = 0; i < WARMUP * 5; i++) await ask();
  const times: number[] = [];
  for (let i = 0; i < SAMPLES; i++) times.push(await ask());
  const sorted = ascending(times);
  return { count, p50: percentile(sorted, 50), p99: percentile(sorted, 99) };
}

const lines: string[][] = [];
const loads: string[] = [];
try {
  await call('POST', '/be/api/auth/users/', {
    email: 'bench@example.com',
    password: PASSWORD,
    password2: PASSWORD,
    username: 'bench',
    timezone: 'UTC',
  });
  const { access } = (await call('POST', '/be/api/auth/token/', {
    email: 'bench@example.com',
    password: PASSWORD,
  })) as { access: string };
  const sql = postgres(backend.databaseUrl, { max: 1, onnotice: () => {} });
  try {
    const [user] = await sql<{ id: number }[]>`select id from users where username = 'bench'`;
    const t = performance.now();
    await seedReviewAccount(sql, user?.id ?? 0, { desks: DECKS, cards: CARDS });
    await sql`
      update notes set tags = array['geo::' || (array['europe', 'asia', 'africa'])[1 + id % 3]]
      where id % 10 = 0 and desk_id in (select id from desks where owner_id = ${user?.id ?? 0})`;
    await sql`vacuum analyze notes`;
    process.stdout.write(
      `  seeded ${CARDS} cards in ${((performance.now() - t) / 1000).toFixed(0)} s\n`,
    );
    const row = async (name: string, query: (typeof QUERIES)[number]) => {
      loads.push(os.loadavg()[0]?.toFixed(2) ?? '');
      const r = await measure(access, query);
      lines.push([name, query.q || '(empty)', String(r.count), r.p50.toFixed(1), r.p99.toFixed(1)]);
      process.stdout.write(`  ran ${name}\n`);
    };
    for (const query of QUERIES) await row(query.name, query);
    await sql`drop index cards_text_trgm_idx`;
    await row('phrase, no trigram index', QUERIES[0] as (typeof QUERIES)[number]);
  } finally {
    await sql.end();
  }
} finally {
  await bench.close();
}

console.log(
  `\nSearch over ${CARDS} cards (${SAMPLES} queries a row, one at a time, page_size 50; ` +
    `${os.cpus().length} cores, load average ${loads.join(' → ')})`,
);
printColumns([['row', 'q', 'matched', 'p50 ms', 'p99 ms'], ...lines]);
