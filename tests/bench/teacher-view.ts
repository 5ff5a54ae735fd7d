// `npm run bench` (teacher-view rows): `auth/courses/{id}/progress/` for a course of 300 students
// and one assigned deck of 2,000 cards (docs/features/teacher-view.md), seeded with SQL: each
// student has studied 40–100 % of the cards (FSRS memories of various stabilities, some with
// lapses), a third with their own fitted parameters, and reviewed 20 cards a day for two weeks.
// Read by the course's owner (every student and card) and by one student (their own line).
// Prints figures; asserts nothing. BENCH_DURATION (s, default 10), BENCH_WARMUP (s, default 2);
// TEACHER_VIEW_CONNECTIONS (default 4: each answer is a few hundred milliseconds of database work).
import { openDatabase } from '../../packages/server/src/db/client.ts';
import { DEFAULT_WEIGHTS } from '../../packages/server/src/domain/review/memory-model.ts';
import { type LoadFigures, runLoad } from './child.ts';
import { jsonCaller } from './lib/http.ts';
import { startBenchServer } from './lib/server.ts';
import { DURATION, WARMUP } from './lib/settings.ts';
import { LOAD_HEAD, loadCells, printColumns } from './lib/table.ts';

const STUDENTS = 300;
const CARDS = 2_000;
const REVIEWS_PER_DAY = 20;
const CONNECTIONS = Number(process.env.TEACHER_VIEW_CONNECTIONS ?? 4);

function load(baseUrl: string, path: string, access: string, seconds: number, connections: number) {
  return runLoad({
    url: baseUrl,
    connections,
    duration: seconds,
    method: 'GET',
    headers: { authorization: `Bearer ${access}` },
    paths: [path],
  }) as Promise<LoadFigures>;
}

const bench = await startBenchServer();
const { backend, baseUrl } = bench;
const database = openDatabase(backend.databaseUrl, { max: 2 });
const call = jsonCaller(baseUrl);
const lines: string[][] = [];

async function signIn(email: string, username: string) {
  const password = 'bench-password';
  const me = await call('POST', '/be/api/auth/users/', {
    email,
    password,
    password2: password,
    username,
  });
  const { access } = (await call('POST', '/be/api/auth/token/', { email, password })) as {
    access: string;
  };
  return { id: me.id as number, access };
}

try {
  const { sql } = database;
  const owner = await signIn('owner@example.com', 'owner');
  await sql`update users set account_type = 'enterprise' where id = ${owner.id}`;
  const school = await call(
    'POST',
    '/be/api/auth/schools/',
    { name: 'Bench school' },
    owner.access,
  );
  const course = await call(
    'POST',
    '/be/api/auth/courses/',
    { name: 'Bench course', school_id: school.id },
    owner.access,
  );
  const deck = await call(
    'POST',
    '/be/api/space-repetition/desks/',
    { name: 'Bench deck' },
    owner.access,
  );
  const student = await signIn('reader@example.com', 'reader');

  const t = performance.now();
  const ownWeights = [...DEFAULT_WEIGHTS];
  ownWeights[20] = 0.3;
  await sql`
    insert into cards (desk_id, front, back, created_by)
    select ${deck.id as number}, 'Question ' || g, 'Answer ' || g, ${owner.id}
    from generate_series(1, ${CARDS}::int) g`;
  await sql`update desks set cards_count = ${CARDS} where id = ${deck.id as number}`;
  await sql`
    with made as (
      insert into users (email, username, password_hash)
      select 'student' || g || '@example.com', 'student' || lpad(g::text, 4, '0'), 'not-a-hash'
      from generate_series(1, ${STUDENTS - 1}::int) g
      returning id
    )
    insert into course_enrollments (course_id, user_id, role)
    select ${course.id as number}::int, id, 'student'::user_role from made
    union all select ${course.id as number}::int, ${student.id}::int, 'student'::user_role`;
  await sql`
    insert into memory_models (user_id, parameters)
    select user_id, ${ownWeights}::float8[] from course_enrollments
    where course_id = ${course.id as number} and user_id % 3 = 0`;
  const assigned = await call(
    'POST',
    `/be/api/auth/courses/${course.id}/assignments/`,
    { desk_id: deck.id },
    owner.access,
  );
  // The assignment gave every student a schedule row per card; give them memories.
  await sql`
    update card_schedules s set state = 2,
      stability = 1 + (s.card_id * 7 + s.user_id * 13) % 60,
      difficulty = 5, reps = 1 + (s.card_id + s.user_id) % 6,
      lapses = case when (s.card_id * 31 + s.user_id) % 9 = 0 then 1 else 0 end,
      last_review = now() - ((s.card_id + s.user_id) % 30) * interval '1 day',
      due = now() + ((s.card_id + s.user_id) % 20) * interval '1 day'
    where s.desk_id = ${deck.id as number}
      and (s.card_id * 17 + s.user_id) % 100 < 40 + s.user_id % 61`;
  await sql`
    insert into review_logs (user_id, card_id, desk_id, rating, state_before, state_after,
      elapsed_days, answer_time_ms, reviewed_at)
    select e.user_id, c.id, c.desk_id, 1 + (g % 4), '{"state":2}', '{"state":2}', 1, 4000 + g % 9000,
      now() - (g / ${REVIEWS_PER_DAY}) * interval '1 day' - (g % 600) * interval '1 minute'
    from course_enrollments e
    cross join generate_series(0, ${REVIEWS_PER_DAY * 14 - 1}::int) g
    cross join (select min(id) as first from cards where desk_id = ${deck.id as number}) f
    join cards c on c.id = f.first + (e.user_id * 7 + g) % ${CARDS}
    where e.course_id = ${course.id as number}`;
  for (const table of ['cards', 'card_schedules', 'review_logs', 'course_enrollments', 'users']) {
    await sql.unsafe(`vacuum analyze ${table}`);
  }
  const path = `/be/api/auth/courses/${course.id}/progress/`;
  const check = await call('GET', path, undefined, owner.access);
  const [first] = check.assignments as { students: unknown[]; cards: unknown[] }[];
  process.stdout.write(
    `  seeded ${STUDENTS} students × ${CARDS} cards (assignment ${assigned.id}) in ` +
      `${(performance.now() - t).toFixed(0)} ms; answer: ${first?.students.length} students, ` +
      `${first?.cards.length} cards, ${JSON.stringify(check).length} bytes\n`,
  );
  const rows = [
    { name: `progress/, owner: ${STUDENTS} students, ${CARDS} cards`, access: owner.access },
    { name: 'progress/, one student (own line)', access: student.access },
  ];
  for (const row of rows) {
    if (WARMUP > 0) await load(baseUrl, path, row.access, WARMUP, CONNECTIONS);
    const r = await load(baseUrl, path, row.access, DURATION, CONNECTIONS);
    lines.push([`GET ${row.name}`, String(CONNECTIONS), ...loadCells(r)]);
    process.stdout.write(`  ran ${row.name}\n`);
  }
} finally {
  await database.end();
  await bench.close();
}

console.log('\nTeacher view');
printColumns([LOAD_HEAD, ...lines]);
