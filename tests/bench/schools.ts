// `npm run bench` (schools rows): an Enterprise account's school with 5,000 students (enrolled in
// its courses and subjects, seeded with SQL) read as `auth/schools/{id}/students/` and as the
// school with its statistics, beside health rows of the same run. Prints figures; asserts nothing.
// BENCH_DURATION (s, default 10), BENCH_CONNECTIONS (default 32), BENCH_WARMUP (s, default 2).
import { openDatabase } from '../../packages/server/src/db/client.ts';
import { type LoadFigures, runLoad } from './child.ts';
import { jsonCaller } from './lib/http.ts';
import { startBenchServer } from './lib/server.ts';
import { CONNECTIONS, DURATION, WARMUP } from './lib/settings.ts';
import { LOAD_HEAD, loadCells, printColumns } from './lib/table.ts';

const FEW = 4;
const STUDENTS = 5_000;

interface Row {
  name: string;
  path: string;
  connections?: number;
}

type Figures = LoadFigures;

/** One autocannon run in a second process (load.ts), so load and server do not share a loop. */
async function load(baseUrl: string, row: Row, access: string, seconds: number): Promise<Figures> {
  const spec = {
    url: baseUrl,
    connections: row.connections ?? CONNECTIONS,
    duration: seconds,
    method: 'GET',
    headers: { authorization: `Bearer ${access}` },
    paths: [row.path],
  };
  return runLoad(spec);
}

const bench = await startBenchServer();
const { backend, baseUrl } = bench;
const database = openDatabase(backend.databaseUrl, { max: 2 });

const call = jsonCaller(baseUrl);

const lines: string[][] = [];
try {
  const { sql } = database;
  const credentials = { email: 'bench@example.com', password: 'bench-password' };
  const me = await call('POST', '/be/api/auth/users/', {
    ...credentials,
    username: 'bench',
    password2: credentials.password,
  });
  // No API upgrades an account: the bench sets its plan as the tests do.
  await sql`update users set account_type = 'enterprise' where id = ${me.id as number}`;
  const { access } = (await call('POST', '/be/api/auth/token/', credentials)) as { access: string };
  const school = await call('POST', '/be/api/auth/schools/', { name: 'Bench school' }, access);
  const made = (await call(
    'POST',
    `/be/api/auth/schools/${school.id}/create_default_data/`,
    { locale: 'en' },
    access,
  )) as { courses_created: number };

  const t = performance.now();
  // Each student in one of the school's courses and in every subject, as a school would have it.
  await sql`
    with students as (
      insert into users (email, username, password_hash)
      select 'student' || g || '@example.com', 'student' || lpad(g::text, 6, '0'), 'not-a-hash'
      from generate_series(1, ${STUDENTS}::int) g
      returning id
    ), numbered as (select id, row_number() over (order by id) as n from students),
    in_courses as (
      insert into course_enrollments (course_id, user_id, role)
      select c.id, s.id, 'student' from numbered s
      join (select id, row_number() over (order by id) - 1 as k from courses
            where school_id = ${school.id as number}) c on c.k = s.n % ${made.courses_created}
    )
    insert into subject_enrollments (subject_id, user_id, role)
    select j.id, s.id, 'student' from numbered s
    cross join subjects j where j.school_id = ${school.id as number}`;
  for (const table of [
    'users',
    'courses',
    'subjects',
    'course_enrollments',
    'subject_enrollments',
  ]) {
    await sql.unsafe(`vacuum analyze ${table}`);
  }
  const check = await call('GET', `/be/api/auth/schools/${school.id}/`, undefined, access);
  process.stdout.write(
    `  seeded ${STUDENTS} students in ${(performance.now() - t).toFixed(0)} ms ` +
      `(statistics: ${JSON.stringify(check.statistics)})\n`,
  );

  const health = (connections: number): Row => ({
    name: `health (${connections} conn.)`,
    path: '/be/api/health/',
    connections,
  });
  const rows: Row[] = [
    health(CONNECTIONS),
    {
      name: `schools/{id}/students/, ${STUDENTS} students`,
      path: `/be/api/auth/schools/${school.id}/students/`,
    },
    { name: 'schools/{id}/ with statistics', path: `/be/api/auth/schools/${school.id}/` },
    health(FEW),
    {
      name: `schools/{id}/students/, ${STUDENTS} students (${FEW} conn.)`,
      path: `/be/api/auth/schools/${school.id}/students/`,
      connections: FEW,
    },
  ];
  for (const row of rows) {
    if (WARMUP > 0) await load(baseUrl, row, access, WARMUP);
    const r = await load(baseUrl, row, access, DURATION);
    lines.push([`GET ${row.name}`, String(row.connections ?? CONNECTIONS), ...loadCells(r)]);
    process.stdout.write(`  ran ${row.name}\n`);
  }
} finally {
  await database.end();
  await bench.close();
}

console.log('\nSchools');
const head = LOAD_HEAD;
printColumns([head, ...lines]);
