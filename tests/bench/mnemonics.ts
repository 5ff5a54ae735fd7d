// `npm run bench` (mnemonics rows): convert-numbers with a 100-digit number, generate-phrase with a
// 20-digit number and a macro-chat reply from the offline story engine, each beside a health row
// of the same run; the time to the first streamed token of a reply (p50, p99 over
// BENCH_STREAM_REPLIES sequential replies, default 30); then the Major-System lexicons' load time
// and memory, measured in a fresh process. Prints figures; asserts nothing. BENCH_DURATION (s, default 10), BENCH_CONNECTIONS
// (default 32), BENCH_WARMUP (s, default 2).
import { execFileSync } from 'node:child_process';
import path from 'node:path';
import postgres from 'postgres';
import { type LoadFigures, runLoad } from './child.ts';
import { jsonCaller } from './lib/http.ts';
import { startBenchServer } from './lib/server.ts';
import { CONNECTIONS, DURATION, WARMUP } from './lib/settings.ts';
import { ascending, percentile } from './lib/stats.ts';
import { LOAD_HEAD, loadCells, printColumns } from './lib/table.ts';

interface Row {
  name: string;
  method: 'GET' | 'POST';
  path: string;
  body?: unknown;
  connections?: number;
}

type Figures = LoadFigures;

/** One autocannon run in a second process (load.ts). */
async function load(baseUrl: string, row: Row, access: string, seconds: number): Promise<Figures> {
  const spec = {
    url: baseUrl,
    connections: row.connections ?? CONNECTIONS,
    duration: seconds,
    method: row.method,
    headers: {
      authorization: `Bearer ${access}`,
      ...(row.body === undefined ? {} : { 'content-type': 'application/json' }),
    },
    body: row.body === undefined ? undefined : JSON.stringify(row.body),
    paths: [row.path],
  };
  return runLoad(spec);
}

/** The lexicons' first load, in a fresh Node process: ms and heap MB per language. */
function lexiconFigures(): string {
  const script = `
    const { lexicon } = await import(${JSON.stringify(
      path.join(import.meta.dirname, '../../packages/server/src/domain/major-system/lexicon.ts'),
    )});
    const out = [];
    for (const locale of ['en', 'es']) {
      globalThis.gc?.();
      const heap = process.memoryUsage().heapUsed;
      const t = performance.now();
      lexicon(locale);
      const ms = performance.now() - t;
      globalThis.gc?.();
      out.push(locale + ': ' + ms.toFixed(0) + ' ms, +' + ((process.memoryUsage().heapUsed - heap) / 1e6).toFixed(1) + ' MB heap');
    }
    console.log(out.join('; '));`;
  return execFileSync(process.execPath, ['--expose-gc', '--input-type=module', '-e', script], {
    encoding: 'utf8',
  }).trim();
}

const bench = await startBenchServer();
const { backend, baseUrl } = bench;
const started = bench.startedAt;

const call = jsonCaller(baseUrl);

/** One streamed reply: ms to its first `delta` frame and to its `done` frame. */
async function streamedReply(chatId: unknown, content: string, access: string) {
  const t = performance.now();
  const res = await fetch(`${baseUrl}/be/api/macroimages/chats/${chatId}/send_message/stream/`, {
    method: 'POST',
    headers: { 'content-type': 'application/json', authorization: `Bearer ${access}` },
    body: JSON.stringify({ content }),
  });
  if (!res.ok || !res.body) throw new Error(`stream: ${res.status} ${await res.text()}`);
  const decoder = new TextDecoder();
  let text = '';
  let first: number | undefined;
  const reader = res.body.getReader();
  for (let chunk = await reader.read(); !chunk.done; chunk = await reader.read()) {
    text += decoder.decode(chunk.value, { stream: true });
    if (first === undefined && text.includes('event: delta')) first = performance.now() - t;
    if (text.includes('event: error')) throw new Error(`stream failed: ${text.slice(-300)}`);
  }
  if (!text.includes('event: done')) throw new Error('stream ended without done');
  return { first: first ?? Number.NaN, done: performance.now() - t };
}

const lines: string[][] = [];
try {
  await call('GET', '/be/api/health/');
  const firstAnswer = performance.now() - started;
  const credentials = { email: 'bench@example.com', password: 'bench-password' };
  const user = await call('POST', '/be/api/auth/users/', {
    ...credentials,
    username: 'bench',
    password2: credentials.password,
  });
  const sql = postgres(backend.databaseUrl, { max: 1, onnotice: () => {} });
  await sql`update users set account_type = 'standard' where id = ${user.id as number}`;
  await sql.end();
  const { access } = (await call('POST', '/be/api/auth/token/', credentials)) as { access: string };

  const hundred =
    '3141592653589793238462643383279502884197169399375105820974944592307816406286208998628034825342117067';
  const t = performance.now();
  await call('POST', '/be/api/conversiontable/convert-numbers/', { numbers: '12' }, access);
  const firstConvert = performance.now() - t;
  const chat = await call('POST', '/be/api/macroimages/chats/', {}, access);
  const firstReply = await streamedReply(
    chat.id,
    '3141592653\napple, moon, shoe, tree, river',
    access,
  );
  const replies = Number(process.env.BENCH_STREAM_REPLIES ?? 30);
  const firstTokens: number[] = [];
  for (let i = 0; i < replies; i++) {
    const streamChat = await call('POST', '/be/api/macroimages/chats/', {}, access);
    firstTokens.push(
      (await streamedReply(streamChat.id, '2718281828\ncat, lamp, violin', access)).first,
    );
  }

  const rows: Row[] = [
    { name: 'health', method: 'GET', path: '/be/api/health/' },
    {
      name: 'convert-numbers, 100 digits',
      method: 'POST',
      path: '/be/api/conversiontable/convert-numbers/',
      body: { numbers: hundred },
    },
    {
      name: 'generate-phrase, 20 digits',
      method: 'POST',
      path: '/be/api/conversiontable/generate-phrase/',
      body: { number: hundred.slice(0, 20) },
    },
    {
      name: 'macro chat reply (offline engine), 4 conn.',
      method: 'POST',
      path: `/be/api/macroimages/chats/${chat.id}/send_message/`,
      body: { content: '2718281828\ncat, lamp, violin' },
      connections: 4,
    },
    { name: 'health, 4 conn.', method: 'GET', path: '/be/api/health/', connections: 4 },
  ];
  for (const row of rows) {
    if (WARMUP > 0) await load(baseUrl, row, access, WARMUP);
    const r = await load(baseUrl, row, access, DURATION);
    lines.push([
      `${row.method} ${row.name}`,
      String(row.connections ?? CONNECTIONS),
      ...loadCells(r),
    ]);
    process.stdout.write(`  ran ${row.name}\n`);
  }
  console.log('\nMnemonics');
  const head = LOAD_HEAD;
  printColumns([head, ...lines]);
  console.log(
    `start to first health answer: ${firstAnswer.toFixed(0)} ms (lexicons not loaded yet)`,
  );
  console.log(`first convert-numbers (loads the English lexicon): ${firstConvert.toFixed(0)} ms`);
  console.log(
    `first macro-chat reply, streamed: first token ${firstReply.first.toFixed(0)} ms, done ${firstReply.done.toFixed(0)} ms (words paced ${process.env.STORY_STREAM_DELAY_MS || 'the default 20'} ms apart, STORY_STREAM_DELAY_MS)`,
  );
  console.log(
    `time to the first streamed token (offline engine, ${replies} replies one after another): p50 ${percentile(ascending(firstTokens), 50).toFixed(1)} ms, p99 ${percentile(ascending(firstTokens), 99).toFixed(1)} ms`,
  );
  console.log(`lexicon load in a fresh process: ${lexiconFigures()}`);
} finally {
  await bench.close();
}
