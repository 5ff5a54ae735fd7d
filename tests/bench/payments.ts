import postgres from 'postgres';
import { signNotification } from '../../packages/server/src/providers/payments/sandbox.ts';
import { type LoadFigures, runLoad } from './child.ts';
import { jsonCaller } from './lib/http.ts';
import { startBenchServer } from './lib/server.ts';
import { CONNECTIONS, DURATION, WARMUP } from './lib/settings.ts';
import { LOAD_HEAD, loadCells, printColumns } from './lib/table.ts';

delete process.env.MERCADOPAGO_ACCESS_TOKEN; // always the sandbox
delete process.env.SMTP_URL; // mail stays in the outbox: no relay's time in the figures

const PAYMENTS = Number(process.env.BENCH_WEBHOOK_PAYMENTS ?? 20_000);
const WEBHOOK = '/be/api/auth/subscriptions/webhook/';

type Figures = LoadFigures;

interface Row {
  name: string;
  method: 'GET' | 'POST';
  headers?: Record<string, string>;
  body?: string;
  /** Sent in turn, one per request; each with its own headers when given (a signature). */
  requests(): { path: string; headers?: Record<string, string> }[];
}

/** One autocannon run in a second process (load.ts). */
async function load(baseUrl: string, row: Row, seconds: number): Promise<Figures> {
  const requests = row.requests();
  const spec = {
    url: baseUrl,
    connections: CONNECTIONS,
    duration: seconds,
    method: row.method,
    headers: { ...row.headers, ...(row.body ? { 'content-type': 'application/json' } : {}) },
    body: row.body,
    paths: requests.map((r) => r.path),
    // One variant per path, so request i carries the headers of its own path.
    variants: requests.map((r) => ({ headers: r.headers ?? {} })),
  };
  return runLoad(spec);
}

// Refused signatures log a warning each.
const bench = await startBenchServer({ logLevel: 'error' });
const { backend, baseUrl } = bench;

const call = jsonCaller(baseUrl);

/** A signed notification about payment `id`, as the sandbox and Mercado Pago send it. */
function notification(secret: string, id: string, n: number) {
  const requestId = `bench-${n}`;
  const ts = Math.floor(Date.now() / 1000);
  return {
    path: `${WEBHOOK}?type=subscription_authorized_payment&data.id=${id}`,
    headers: {
      'x-request-id': requestId,
      'x-signature': signNotification(secret, id, requestId, ts),
    },
  };
}

const sql = postgres(backend.databaseUrl, { max: 2, onnotice: () => {} });
const lines: string[][] = [];
try {
  // One purchase the way a buyer makes it: create, then approve at the sandbox's page.
  const credentials = { email: 'bench@example.com', password: 'bench-password' };
  await call('POST', '/be/api/auth/users/', {
    ...credentials,
    username: 'bench',
    password2: credentials.password,
  });
  const { access } = (await call('POST', '/be/api/auth/token/', credentials)) as { access: string };
  let t = performance.now();
  const bought = await call(
    'POST',
    '/be/api/auth/subscriptions/create_subscription/',
    { plan_name: 'standard' },
    access,
  );
  const created = performance.now() - t;
  t = performance.now();
  const decided = await fetch(String(bought.checkout_url), {
    method: 'POST',
    headers: { 'content-type': 'application/x-www-form-urlencoded' },
    body: 'decision=approve',
  });
  await decided.text();
  const approved = performance.now() - t;
  const status = await call(
    'GET',
    '/be/api/auth/subscriptions/get_subscription_status/',
    undefined,
    access,
  );
  if (status.status !== 'active') throw new Error(`the bench purchase is ${status.status}`);
  const [secretRow] = await sql<{ value: string }[]>`
    select value from app_settings where key = 'sandbox_webhook_secret'`;
  const secret = secretRow?.value ?? '';
  const [paid] = await sql<{ payment_id: string }[]>`select payment_id from sandbox_checkouts`;
  const paidId = paid?.payment_id ?? '';

  // Learners each with a pending Standard subscription whose payment the sandbox has approved
  // but whose notification has not arrived: each first delivery activates one.
  const warmupPayments = Math.ceil(PAYMENTS / 4);
  const seeded = PAYMENTS + warmupPayments;
  t = performance.now();
  await sql.begin(async (tx) => {
    await tx`insert into users (email, username, password_hash)
      select 'payer' || n || '@example.com', 'payer' || n, 'not-a-hash'
      from generate_series(1, ${seeded}) n`;
    await tx`insert into subscriptions (user_id, plan_name, amount, currency, provider, locale)
      select id, 'standard', 6999, 'ARS', 'sandbox', 'en' from users where username like 'payer%'`;
    await tx`insert into sandbox_checkouts
      (id, payment_id, external_reference, reason, payer_email, amount, currency, back_url,
       notification_url, status, payment_status, payment_status_detail, decided_at)
      select 'sbx_bench_' || s.id, 'sbx_pay_bench_' || s.id,
             'memoria-subscription:' || s.id || ':standard', 'Memoria Standard', u.email, 6999,
             'ARS', ${`${baseUrl}/profile`}, ${baseUrl + WEBHOOK}, 'authorized', 'approved',
             'accredited', now()
      from subscriptions s join users u on u.id = s.user_id
      where u.username like 'payer%'`;
    await tx`update subscriptions s set provider_subscription_id = 'sbx_bench_' || s.id
      from users u where u.id = s.user_id and u.username like 'payer%'`;
  });
  const seedMs = performance.now() - t;
  const pending = await sql<{ id: number }[]>`
    select id from subscriptions where status = 'pending' order by id`;
  const ids = pending.map((p) => `sbx_pay_bench_${p.id}`);
  const [warmupIds, measuredIds] = [ids.slice(0, warmupPayments), ids.slice(warmupPayments)];

  const firstDelivery = (list: string[]): Row => ({
    name: `webhook, first delivery of a payment (${list.length} distinct)`,
    method: 'POST',
    body: '{"type":"subscription_authorized_payment","action":"created"}',
    requests: () => list.map((id, n) => notification(secret, id, n)),
  });
  const rows: { row: Row; warmup: Row }[] = [
    {
      row: {
        name: 'health',
        method: 'GET',
        requests: () => [{ path: '/be/api/health/' }],
      },
      warmup: { name: 'health', method: 'GET', requests: () => [{ path: '/be/api/health/' }] },
    },
    { row: firstDelivery(measuredIds), warmup: firstDelivery(warmupIds) },
    ...[
      {
        name: 'webhook, the same notification again (changes nothing)',
        method: 'POST' as const,
        body: '{"type":"subscription_authorized_payment","action":"created"}',
        requests: () => [notification(secret, paidId, 0)],
      },
      {
        name: 'webhook, wrong signature (401, nothing read)',
        method: 'POST' as const,
        body: '{"type":"subscription_authorized_payment","action":"created"}',
        requests: () => [notification('not-the-secret', paidId, 0)],
      },
      {
        name: 'get_subscription_status (bearer)',
        method: 'GET' as const,
        headers: { authorization: `Bearer ${access}` },
        requests: () => [{ path: '/be/api/auth/subscriptions/get_subscription_status/' }],
      },
      {
        name: 'payment_history (bearer)',
        method: 'GET' as const,
        headers: { authorization: `Bearer ${access}` },
        requests: () => [
          {
            path: `/be/api/auth/subscriptions/${(bought.subscription as { id: number }).id}/payment_history/`,
          },
        ],
      },
    ].map((row) => ({ row, warmup: row })),
  ];
  for (const { row, warmup } of rows) {
    if (WARMUP > 0) await load(baseUrl, warmup, WARMUP);
    const r = await load(baseUrl, row, DURATION);
    lines.push([
      `${row.method} ${row.name}`,
      String(CONNECTIONS),
      ...loadCells(r),
      String(r.errors),
    ]);
    process.stdout.write(`  ran ${row.name}\n`);
  }
  const [activated] = await sql<{ n: number }[]>`
    select count(*)::int as n from subscriptions where status = 'active'`;
  const [mails] = await sql<{ n: number }[]>`select count(*)::int as n from mail_outbox`;

  console.log('\nPayments (sandbox provider)');
  const head = [...LOAD_HEAD, 'errors'];
  printColumns([head, ...lines]);
  console.log(`create_subscription (sandbox checkout created): ${created.toFixed(0)} ms`);
  console.log(
    `sandbox approve, whole (its two signed notifications applied over HTTP): ${approved.toFixed(0)} ms`,
  );
  console.log(
    `seeded ${seeded} pending subscriptions with approved payments in ${seedMs.toFixed(0)} ms`,
  );
  console.log(
    `subscriptions active after the run: ${activated?.n ?? 0}; emails in the outbox: ${mails?.n ?? 0}`,
  );
  const measured = lines[1]?.[5];
  if (measured && Number(measured) > measuredIds.length) {
    console.log(
      'Note: the first-delivery row sent more requests than it had payments; the rest were ' +
        'duplicates (raise BENCH_WEBHOOK_PAYMENTS).',
    );
  }
} finally {
  await sql.end();
  await bench.close();
}
