// `npm run bench` (invitations rows): `GET auth/verify-invitation/{code}/` among 20,000
// invitations, cycling through 5,000 valid codes, and for used codes, beside health rows of the
// same run. Unknown codes are not a row: past 20 from one address every verify is 429 by design.
// Prints figures; asserts nothing. BENCH_DURATION (s, default 10), BENCH_CONNECTIONS (default
// 32), BENCH_WARMUP (s, default 2).
import { openDatabase } from '../../packages/server/src/db/client.ts';
import { newInvitationCode } from '../../packages/server/src/domain/schools/invitations.ts';
import { type LoadFigures, runLoad } from './child.ts';
import { startBenchServer } from './lib/server.ts';
import { CONNECTIONS, DURATION, WARMUP } from './lib/settings.ts';
import { loadCells, printColumns } from './lib/table.ts';

const INVITATIONS = 20_000;
const VALID = 5_000;

interface Row {
  name: string;
  paths: string[];
}

type Figures = LoadFigures;

/** One autocannon run in a second process (load.ts), so load and server do not share a loop. */
async function load(baseUrl: string, row: Row, seconds: number): Promise<Figures> {
  const spec = {
    url: baseUrl,
    connections: CONNECTIONS,
    duration: seconds,
    method: 'GET',
    headers: {},
    paths: row.paths,
  };
  return runLoad(spec);
}

const bench = await startBenchServer();
const { backend, baseUrl } = bench;
const database = openDatabase(backend.databaseUrl, { max: 2 });

const lines: string[][] = [];
try {
  const { sql } = database;
  const t = performance.now();
  const [owner] = await sql<{ id: number }[]>`
    insert into users (email, username, password_hash, account_type)
    values ('owner@example.com', 'owner', 'not-a-hash', 'enterprise_plus') returning id`;
  const codes = Array.from({ length: INVITATIONS }, newInvitationCode);
  // Valid: the first VALID codes; the rest used yesterday by the owner's first teacher.
  await sql`
    insert into invitations (code, kind, plan_type, created_by, expires_at, used_at, used_by)
    select code, 'teacher', 'standard', ${owner?.id ?? 0}::int, now() + interval '7 days',
      case when i > ${VALID}::int then now() - interval '1 day' end,
      case when i > ${VALID}::int then ${owner?.id ?? 0}::int end
    from unnest(${codes}::text[]) with ordinality as c(code, i)`;
  await sql`vacuum analyze invitations`;
  process.stdout.write(
    `  seeded ${INVITATIONS} invitations in ${(performance.now() - t).toFixed(0)} ms\n`,
  );
  const verify = (list: string[]) => list.map((c) => `/be/api/auth/verify-invitation/${c}/`);
  const health: Row = { name: 'health', paths: ['/be/api/health/'] };
  const rows: Row[] = [
    health,
    {
      name: `verify-invitation, ${VALID} valid codes in turn`,
      paths: verify(codes.slice(0, VALID)),
    },
    { name: 'verify-invitation, used codes in turn', paths: verify(codes.slice(VALID)) },
    health,
  ];
  for (const row of rows) {
    if (WARMUP > 0) await load(baseUrl, row, WARMUP);
    const r = await load(baseUrl, row, DURATION);
    lines.push([`GET ${row.name}`, ...loadCells(r)]);
    process.stdout.write(`  ran ${row.name}\n`);
  }
} finally {
  await database.end();
  await bench.close();
}

console.log(`\nInvitations (${CONNECTIONS} connections)`);
const head = ['row', 'requests/s', 'p50 ms', 'p99 ms', 'requests', 'non-2xx'];
printColumns([head, ...lines]);
