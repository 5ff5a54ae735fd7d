import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestBackend, type TestBackend } from './test/harness.ts';
import { readSse } from './test/sse.ts';

const TOKEN = 'scrape-me-0123456789';

let t: TestBackend;
let off: TestBackend;
beforeAll(async () => {
  t = await createTestBackend({ metricsToken: TOKEN, processMetrics: true });
  off = await createTestBackend();
});
afterAll(async () => {
  await t?.close();
  await off?.close();
});

async function scrape(backend = t): Promise<string> {
  const res = await backend.request('GET', '/be/api/metrics/', {
    headers: { authorization: `Bearer ${TOKEN}` },
  });
  expect(res.status).toBe(200);
  expect(res.headers.get('content-type')).toMatch(/^text\/plain; version=0\.0\.4/);
  return res.body as string;
}

/** The value of one sample line, `name{labels} value` (labels as printed, in their order). */
function sample(text: string, series: string): number | undefined {
  const line = text.split('\n').find((l) => l.startsWith(`${series} `));
  return line === undefined ? undefined : Number(line.slice(series.length + 1));
}

describe('GET /metrics/', () => {
  it('answers 404 when METRICS_TOKEN is not set, whatever the token', async () => {
    const tries: Record<string, string>[] = [
      {},
      { authorization: `Bearer ${TOKEN}` },
      { authorization: 'Bearer ' },
    ];
    for (const headers of tries) {
      const res = await off.request('GET', '/be/api/metrics/', { headers });
      expect(res.status).toBe(404);
      expect(res.body).toMatchObject({ code: 'not_found' });
    }
  });

  it('answers 404 without the token or with another one, as an unknown path does', async () => {
    const unknown = await t.request('GET', '/be/api/nothing-here/');
    for (const authorization of [
      undefined,
      'Bearer wrong',
      `Bearer ${TOKEN}x`,
      `Bearer ${TOKEN.slice(0, -1)}`,
      `Basic ${TOKEN}`,
      TOKEN,
    ]) {
      const res = await t.request('GET', '/be/api/metrics/', {
        headers: authorization ? { authorization } : {},
      });
      expect(res.status, authorization).toBe(404);
      expect(res.body.code).toBe('not_found');
      expect(res.body.detail).toBe(unknown.body.detail.replace('/nothing-here/', '/metrics/'));
    }
  });

  it('counts requests by operation, method and status, with a latency histogram', async () => {
    const before = await scrape();
    const series = 'http_requests_total{operation="getLiveness",method="GET",status="200"}';
    const was = sample(before, series) ?? 0;
    await t.request('GET', '/be/api/health/live/');
    await t.request('GET', '/be/api/health/live/');
    await t.request('GET', '/be/api/auth/users/me/');
    await t.request('GET', '/be/api/nothing-here/');
    const text = await scrape();
    expect(sample(text, series)).toBe(was + 2);
    expect(
      sample(text, 'http_requests_total{operation="getMe",method="GET",status="401"}'),
    ).toBeGreaterThanOrEqual(1);
    // An unknown path is one series, not one per path.
    expect(text).toContain('http_requests_total{operation="unmatched",method="GET",status="404"}');
    expect(text).not.toContain('nothing-here');
    expect(text).toContain('# TYPE http_request_duration_seconds histogram');
    const count = sample(text, 'http_request_duration_seconds_count{operation="getLiveness"}');
    expect(count).toBeGreaterThanOrEqual(was + 2);
    expect(
      sample(text, 'http_request_duration_seconds_bucket{le="10",operation="getLiveness"}'),
    ).toBe(count);
    expect(text).toContain(
      'http_request_duration_seconds_bucket{le="0.001",operation="getLiveness"}',
    );
  });

  it('reports the database pool, the event loop and the process', async () => {
    const text = await scrape();
    expect(sample(text, 'db_pool_max_connections')).toBe(5); // the harness's pool
    const states = ['idle', 'busy', 'reserved', 'connecting'].map(
      (state) => sample(text, `db_pool_connections{state="${state}"}`) ?? Number.NaN,
    );
    expect(states.every((n) => n >= 0 && n <= 5)).toBe(true);
    expect(sample(text, 'db_pool_waiting_queries')).toBe(0);
    expect(sample(text, 'db_pool_waits_total')).toBeGreaterThanOrEqual(0);
    expect(sample(text, 'nodejs_eventloop_lag_seconds')).toBeGreaterThanOrEqual(0);
    expect(text).toContain('# TYPE nodejs_heap_size_used_bytes gauge');
    // Each fit outcome is a series before any fit (memory-model/fitter.test.ts counts a failure).
    expect(sample(text, 'fitter_runs_total{outcome="failed"}')).toBe(0);
    expect(sample(text, 'fitter_runs_total{outcome="fitted"}')).toBe(0);
  });

  it('counts open event streams on this instance', async () => {
    const { access } = await t.signUp();
    expect(sample(await scrape(), 'events_open_streams')).toBe(0);
    const res = await t.app.request('/be/api/events/', {
      headers: { authorization: `Bearer ${access}` },
    });
    expect(res.status).toBe(200);
    const stream = readSse(res.body as ReadableStream<Uint8Array>);
    try {
      expect((await stream.nextEvent()).event).toBe('ready');
      expect(sample(await scrape(), 'events_open_streams')).toBe(1);
    } finally {
      await stream.cancel();
    }
    await expect.poll(async () => sample(await scrape(), 'events_open_streams')).toBe(0);
  });

  it('reports the mail outbox: unsent, due and given up', async () => {
    const sql = t.database.sql;
    const insert = (extra: { sent?: boolean; attempts?: number; later?: boolean }) => sql`
      insert into mail_outbox (kind, to_address, locale, subject, body, sent_at, attempts, next_attempt_at)
      values ('test', 'a@example.com', 'en', 's', 'b',
        ${extra.sent ? sql`now()` : null}, ${extra.attempts ?? 0},
        now() + ${extra.later ? sql`interval '1 hour'` : sql`interval '0'`})`;
    await insert({ sent: true, attempts: 1 }); // sent: not in any gauge
    await insert({}); // due now
    await insert({ attempts: 2, later: true }); // waiting for its retry
    await insert({ attempts: 8 }); // the default MAIL_MAX_ATTEMPTS reached: given up
    const text = await scrape();
    expect(sample(text, 'mail_outbox_unsent')).toBe(3);
    expect(sample(text, 'mail_outbox_due')).toBe(1);
    expect(sample(text, 'mail_outbox_given_up')).toBe(1);
  });
});
