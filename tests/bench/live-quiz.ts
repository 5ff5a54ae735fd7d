// `npm run bench` (live quiz row): 300 students of one course answer one live question at once,
// each request timed from the same start (p50/p99 of the 300 answers, each also a rating), beside
// a health row of the same run. Prints figures; asserts nothing. BENCH_QUIZ_STUDENTS (default 300).
import { loadJwtSecret } from '../../packages/server/src/auth/secret.ts';
import { signAccessToken } from '../../packages/server/src/auth/tokens.ts';
import { openDatabase } from '../../packages/server/src/db/client.ts';
import { jsonCaller } from './lib/http.ts';
import { startBenchServer } from './lib/server.ts';
import { ascending, percentile } from './lib/stats.ts';
import { printColumns } from './lib/table.ts';

const STUDENTS = Number(process.env.BENCH_QUIZ_STUDENTS ?? 300);
const A = '/be/api/auth';

const bench = await startBenchServer();
const { backend, baseUrl } = bench;
const database = openDatabase(backend.databaseUrl, { max: 2 });
const call = jsonCaller(baseUrl);

/** Fires every request at once; the milliseconds each took and how many were not 2xx. */
async function burst(requests: (() => Promise<Response>)[]) {
  const start = performance.now();
  const results = await Promise.all(
    requests.map(async (send) => {
      const res = await send();
      await res.arrayBuffer();
      return { ms: performance.now() - start, ok: res.ok };
    }),
  );
  return {
    ms: ascending(results.map((r) => r.ms)),
    failed: results.filter((r) => !r.ok).length,
    wallMs: performance.now() - start,
  };
}

const lines: string[][] = [];
try {
  const { sql } = database;
  const credentials = { email: 'teacher@example.com', password: 'bench-password' };
  const teacher = await call('POST', `${A}/users/`, {
    ...credentials,
    username: 'teacher',
    password2: credentials.password,
  });
  await sql`update users set account_type = 'enterprise' where id = ${teacher.id as number}`;
  const { access } = (await call('POST', `${A}/token/`, credentials)) as { access: string };
  const school = await call('POST', `${A}/schools/`, { name: 'Bench school' }, access);
  const course = await call(
    'POST',
    `${A}/courses/`,
    { name: 'Bench course', school_id: school.id },
    access,
  );
  const deck = await call('POST', '/be/api/space-repetition/desks/', { name: 'Capitals' }, access);
  for (const [front, back] of [
    ['Spain', 'Madrid'],
    ['France', 'Paris'],
    ['Italy', 'Rome'],
    ['Peru', 'Lima'],
  ]) {
    await call(
      'POST',
      '/be/api/space-repetition/cards/',
      { desk_id: deck.id, front, back },
      access,
    );
  }
  // Students inserted and enrolled directly (registering would hash 300 passwords), then the
  // assignment gives each the deck through the API.
  const students = await sql<{ id: number }[]>`
    insert into users (email, username, password_hash)
    select 'quiz' || n || '@example.com', 'quiz' || lpad(n::text, 4, '0'), 'not-a-hash'
    from generate_series(1, ${STUDENTS}::int) n
    returning id`;
  await sql`
    insert into course_enrollments (course_id, user_id, role)
    select ${course.id as number}, id, 'student' from unnest(${students.map((s) => s.id)}::int[]) id`;
  await call('POST', `${A}/courses/${course.id}/assignments/`, { desk_id: deck.id }, access);
  const secret = await loadJwtSecret(database.db);
  const tokens = await Promise.all(students.map((s) => signAccessToken(s.id, secret)));
  const quiz = await call(
    'POST',
    `${A}/courses/${course.id}/live-quizzes/`,
    { desk_id: deck.id, question_count: 1, seconds_per_question: 120 },
    access,
  );
  const post = (token: string, path: string, body: unknown) => () =>
    fetch(baseUrl + path, {
      method: 'POST',
      headers: { 'content-type': 'application/json', authorization: `Bearer ${token}` },
      body: JSON.stringify(body),
    });
  const joins = await burst(
    tokens.map((tk) => post(tk, `${A}/live-quizzes/join/`, { code: quiz.code })),
  );
  await call(
    'POST',
    `${A}/live-quizzes/${quiz.id}/next/`,
    { from_status: 'lobby', from_index: -1 },
    access,
  );
  const health = await burst(
    Array.from({ length: STUDENTS }, () => () => fetch(`${baseUrl}/be/api/health/`)),
  );
  const answers = await burst(
    tokens.map((tk, i) =>
      post(tk, `${A}/live-quizzes/${quiz.id}/answer/`, { question_index: 0, option: i % 4 }),
    ),
  );
  const [logged] = await sql<{ n: number }[]>`
    select count(*)::int as n from review_logs r join live_quiz_questions q on q.card_id = r.card_id
    where q.quiz_id = ${quiz.id as number}`;
  for (const [name, r] of [
    [`GET health, ${STUDENTS} at once`, health],
    [`POST live-quizzes/join/, ${STUDENTS} at once`, joins],
    [`POST live-quizzes/{id}/answer/, ${STUDENTS} at once`, answers],
  ] as const) {
    lines.push([
      name,
      percentile(r.ms, 50).toFixed(0),
      percentile(r.ms, 99).toFixed(0),
      r.wallMs.toFixed(0),
      String(r.failed),
    ]);
  }
  process.stdout.write(`  reviews logged by the answers: ${logged?.n ?? 0} of ${STUDENTS}\n`);
} finally {
  await database.end();
  await bench.close();
}

console.log('\nLive quiz');
printColumns([['row', 'p50 ms', 'p99 ms', 'all done ms', 'non-2xx'], ...lines]);
