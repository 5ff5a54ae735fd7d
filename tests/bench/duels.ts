// The duels bench (issue 13), beside health in the same run:
//   1. 100 duels at once (200 players, each answering their duel's questions one after another,
//      all players at once, from a second process): submit-response p50/p99 and requests/s.
//   2. In Debian's Chromium against the built product: the time from an answer key press in the
//      quiz arena to the next question painted (key-to-paint.ts's measure, as review-latency.ts
//      measures a card rating), p50/p95 over BENCH_DUEL_KEYS answers. Ana plays a custom duel of
//      BENCH_DUEL_KEYS + 1 four-choice questions (no view time, 300 s to answer each) with key 1;
//      her friend Ben answers each question through the API right after her, so her arena also
//      hears his progress live as in a real duel.
// Figures only, nothing asserted.
//
//   BENCH_DUELS=100 BENCH_DUEL_QUESTIONS=10   duels and questions of row 1
//   BENCH_DURATION=10                         seconds of the health row
//   BENCH_DUEL_KEYS=30                        answers measured in row 2 (0: row 2 is skipped)
//   BASE_URL=http://localhost:4321            row 2 against a running product (else it starts one)
import postgres from 'postgres';
import { jsonApi } from '../support/api.ts';
import { launchChromium } from '../support/chromium.ts';
import { befriend, type Learner, signedIn, standardLearner } from '../support/learners.ts';
import { type RunningProduct, startProduct } from '../support/product.ts';
import { runChild } from './child.ts';
import { describePaints, paintsOf, waitForPaints, watchKeyToPaint } from './key-to-paint.ts';
import { jsonCaller } from './lib/http.ts';
import { startBenchServer } from './lib/server.ts';
import { DURATION } from './lib/settings.ts';
import { nearestRank } from './lib/stats.ts';
import { printColumns } from './lib/table.ts';
import { describeWaits, sampleWaits } from './waits.ts';

const DUELS = Number(process.env.BENCH_DUELS ?? 100);
const QUESTIONS = Number(process.env.BENCH_DUEL_QUESTIONS ?? 10);
const KEYS = Math.min(Number(process.env.BENCH_DUEL_KEYS ?? 30), 99);
const CONNECTIONS = 32;

const bench = await startBenchServer();
const { backend, baseUrl } = bench;

const call = jsonCaller<Record<string, unknown> & { id: number }>(baseUrl);

async function player(n: number) {
  const credentials = { email: `duelist${n}@example.com`, password: 'bench-password' };
  const user = await call('POST', '/be/api/auth/users/', {
    ...credentials,
    username: `duelist${n}`,
    password2: credentials.password,
  });
  const { access } = (await call('POST', '/be/api/auth/token/', credentials)) as unknown as {
    access: string;
  };
  return { id: user.id, username: `duelist${n}`, access };
}

try {
  const setupStarted = performance.now();
  const sql = postgres(backend.databaseUrl, { max: 1, onnotice: () => {} });
  const people = [];
  for (let i = 0; i < DUELS * 2; i += 10) {
    people.push(...(await Promise.all(Array.from({ length: 10 }, (_, j) => player(i + j)))));
    // Every player registers from this one address: its budget of 10 an hour is the bench's.
    await sql`delete from registration_attempts`;
  }
  await sql`update users set account_type = 'standard' where id in ${sql(people.map((p) => p.id))}`;
  await sql.end();
  const questions = Array.from({ length: QUESTIONS }, (_, i) => ({
    question: `Question ${i + 1}`,
    answer: `answer ${i + 1}`,
  }));
  const players: { access: string; duelId: number }[] = [];
  for (let d = 0; d < DUELS; d += 1) {
    const a = people[2 * d];
    const b = people[2 * d + 1];
    if (!a || !b) break;
    const friendship = await call(
      'POST',
      '/be/api/friends/friendships/',
      { username: b.username },
      a.access,
    );
    await call('POST', `/be/api/friends/friendships/${friendship.id}/accept/`, undefined, b.access);
    const duel = await call(
      'POST',
      '/be/api/duels/create/',
      { duel_type: 'custom', questions, answer_time: 300, opponent_id: b.id },
      a.access,
    );
    const pending = (await call(
      'GET',
      '/be/api/duels/requests/pending/',
      undefined,
      b.access,
    )) as unknown as {
      id: number;
    }[];
    await call(
      'POST',
      `/be/api/duels/duel-requests/${pending[0]?.id}/respond/`,
      { action: 'accept' },
      b.access,
    );
    await call('GET', `/be/api/duels/${duel.id}/`, undefined, a.access);
    players.push({ access: a.access, duelId: duel.id }, { access: b.access, duelId: duel.id });
  }
  const setupMs = performance.now() - setupStarted;

  const health = await runChild<{
    requests: { average: number };
    latency: { p50: number; p99: number };
  }>('load.ts', {
    url: baseUrl,
    connections: CONNECTIONS,
    duration: DURATION,
    method: 'GET',
    headers: {},
    paths: ['/be/api/health/'],
  });
  const sampler = sampleWaits(backend.databaseUrl);
  const run = await runChild<{
    latencies: number[];
    wallMs: number;
    failures: number;
    refusals: Record<string, number>;
    networkErrors: Record<string, number>;
  }>('duel-players.ts', { baseUrl, players, questions: QUESTIONS });
  const waits = await sampler.stop();
  const sorted = [...run.latencies].sort((x, y) => x - y);
  const rows = [
    ['row', 'clients', 'requests/s', 'p50 ms', 'p99 ms', 'requests', 'failed'],
    [
      'GET health',
      String(CONNECTIONS),
      health.requests.average.toFixed(0),
      health.latency.p50.toFixed(1),
      health.latency.p99.toFixed(1),
      '',
      '',
    ],
    [
      `POST submit-response, ${players.length / 2} duels`,
      String(players.length),
      ((run.latencies.length / run.wallMs) * 1000).toFixed(0),
      nearestRank(sorted, 50).toFixed(1),
      nearestRank(sorted, 99).toFixed(1),
      String(run.latencies.length),
      String(run.failures),
    ],
  ];
  console.log('\nDuels');
  printColumns(rows);
  console.log(
    `set-up (${players.length} players, friendships, duels, acceptances): ${setupMs.toFixed(0)} ms`,
  );
  console.log(`PostgreSQL backends during the answers: ${describeWaits(waits)}`);
  const refused = Object.entries(run.refusals);
  if (refused.length > 0) {
    console.log(
      `answers that were not 2xx (status, error code): ${refused
        .map(([key, n]) => `${key} × ${n}`)
        .join(', ')}`,
    );
  }
  const unanswered = Object.entries(run.networkErrors);
  if (unanswered.length > 0) {
    console.log(
      `requests with no answer (counted as failed; that player stopped): ${unanswered
        .map(([code, n]) => `${code} × ${n}`)
        .join(', ')}`,
    );
  }
} finally {
  await bench.close();
}

/** Row 2: Ana answers with key 1, each answer's time until the next question is painted. */
async function keyToNextQuestion(): Promise<{ paints: number[]; url: string }> {
  const product: RunningProduct | undefined = process.env.BASE_URL
    ? undefined
    : await startProduct();
  const url = process.env.BASE_URL ?? product?.baseUrl ?? '';
  const call = jsonApi(url);
  const browser = await launchChromium();
  try {
    const ana = await standardLearner(call, url, 'bench-ana');
    const ben = await standardLearner(call, url, 'bench-ben');
    await befriend(call, ana, ben);
    const post = (path: string, who: Learner, body: unknown) =>
      call<{ id: number }>(path, {
        method: 'POST',
        token: who.tokens.access,
        body: JSON.stringify(body),
      });
    const questions = Array.from({ length: KEYS + 1 }, (_, i) => ({
      question: `Question ${i + 1}`,
      answer: `Answer ${i + 1}`,
      options: [`Answer ${i + 1}`, 'Other one', 'Another one', 'Yet another'],
    }));
    const duel = await post('/duels/create/', ana, {
      duel_type: 'custom',
      questions,
      answer_time: 300,
      opponent_id: ben.id,
    });
    const [request] = await call<{ id: number }[]>('/duels/requests/pending/', {
      token: ben.tokens.access,
    });
    await post(`/duels/duel-requests/${request?.id}/respond/`, ben, { action: 'accept' });

    const { context, page } = await signedIn(browser, url, ana);
    await page.goto(`${url}/duel/${duel.id}`);
    const heading = 'h2[data-question-id]';
    await page.locator(heading).waitFor({ timeout: 60_000 });
    await watchKeyToPaint(page, { selector: heading, attribute: 'data-question-id', keys: ['1'] });
    for (let q = 1; q <= KEYS; q += 1) {
      // Question q is on screen and its choices take a key (not still sending the last answer).
      await page.waitForFunction(
        ([selector, n]) => {
          const shown = document.querySelector(selector)?.getAttribute('data-question-id');
          const first = [...document.querySelectorAll('button')].find((b) =>
            b.textContent?.startsWith('1. '),
          );
          return shown === String(n) && first !== undefined && !first.disabled;
        },
        [heading, q] as const,
      );
      await page.keyboard.press('1');
      await waitForPaints(page, q);
      await post('/duels/submit-response/', ben, {
        duel_id: duel.id,
        question_id: q,
        answer: `Answer ${q}`,
      });
    }
    const paints = await paintsOf(page);
    await context.close();
    return { paints, url };
  } finally {
    await browser.close();
    await product?.stop();
  }
}

if (KEYS > 0) {
  const { paints, url } = await keyToNextQuestion();
  console.log(
    `\nDuel arena (answer key press → next question painted), ${paints.length} answers, ` +
      `custom duel of ${KEYS + 1} four-choice questions, the friend answering live, ` +
      `Chromium headless, ${url}:`,
  );
  console.log(`  ${describePaints(paints)}`);
}
