// Events stream rows of `npm run bench`: 1,000 streams held by the one benchmarked instance (its
// memory per connection), then the delay from a notification's write (`notify` in a transaction,
// through PostgreSQL NOTIFY) to its arrival at a client, over HTTP in a second process.
import { spawn } from 'node:child_process';
import { rm, writeFile } from 'node:fs/promises';
import os from 'node:os';
import path from 'node:path';
import { loadJwtSecret } from '../../packages/server/src/auth/secret.ts';
import { signAccessToken } from '../../packages/server/src/auth/tokens.ts';
import { openDatabase } from '../../packages/server/src/db/client.ts';
import { notify } from '../../packages/server/src/notifications/index.ts';
import { percentile } from './lib/stats.ts';
import { printMarkdownTable } from './lib/table.ts';

const CLIENTS = Number(process.env.BENCH_EVENT_CLIENTS ?? 1000);
const WRITES = Number(process.env.BENCH_EVENT_WRITES ?? 300);

export interface EventsFigures {
  clients: number;
  /** Growth of the server process while it holds the streams, per stream (bytes). */
  rssPerClient: number;
  heapPerClient: number;
  delays: number[];
}

interface Latency {
  rps: number;
  p50: number;
  p99: number;
}

const gc = () => (globalThis as { gc?: () => void }).gc?.();
const settle = () => new Promise((resolve) => setTimeout(resolve, 1000));

export async function benchEvents(baseUrl: string, databaseUrl: string): Promise<EventsFigures> {
  const database = openDatabase(databaseUrl, { max: 2 });
  const tokensFile = path.join(os.tmpdir(), `memoria-bench-events-${process.pid}.json`);
  try {
    // One learner per stream (inserted directly: registering would hash 1,000 passwords).
    const users = await database.sql<{ id: number }[]>`
      insert into users (email, username, password_hash)
      select 'events' || n || '@example.com', 'events' || n, 'not-a-hash'
      from generate_series(1, ${CLIENTS}) n
      returning id`;
    const secret = await loadJwtSecret(database.db);
    const tokens = await Promise.all(users.map((u) => signAccessToken(u.id, secret)));
    await writeFile(tokensFile, JSON.stringify(tokens));

    gc();
    await settle();
    const before = process.memoryUsage();
    const child = spawn(
      process.execPath,
      [path.join(import.meta.dirname, 'event-clients.ts'), baseUrl, tokensFile, String(WRITES)],
      { stdio: ['ignore', 'pipe', 'inherit'] },
    );
    const lines: Record<string, unknown>[] = [];
    const waiters: (() => void)[] = [];
    let buffer = '';
    child.stdout.setEncoding('utf8');
    child.stdout.on('data', (chunk: string) => {
      buffer += chunk;
      let cut = buffer.indexOf('\n');
      while (cut >= 0) {
        lines.push(JSON.parse(buffer.slice(0, cut)));
        buffer = buffer.slice(cut + 1);
        cut = buffer.indexOf('\n');
      }
      for (const w of waiters.splice(0)) w();
    });
    const message = async (key: string) => {
      for (;;) {
        const found = lines.find((l) => key in l || 'error' in l);
        if (found) {
          if ('error' in found) throw new Error(`event clients: ${String(found.error)}`);
          return found[key];
        }
        await new Promise<void>((resolve) => waiters.push(resolve));
      }
    };
    await message('ready');
    gc();
    await settle();
    const after = process.memoryUsage();

    // Writes one at a time, each to a random one of the streams' users, a few ms apart.
    for (let i = 0; i < WRITES; i++) {
      const user = users[Math.floor(Math.random() * users.length)];
      if (!user) continue;
      const sentAt = performance.timeOrigin + performance.now();
      await database.sql.begin((tx) =>
        notify(tx, user.id, 'desk_shared', { desk_name: `bench ${i}`, bench_sent_at: sentAt }),
      );
      await new Promise((resolve) => setTimeout(resolve, 5));
    }
    const delays = (await message('delays')) as number[];
    child.kill();
    return {
      clients: CLIENTS,
      rssPerClient: (after.rss - before.rss) / CLIENTS,
      heapPerClient: (after.heapUsed - before.heapUsed) / CLIENTS,
      delays,
    };
  } finally {
    await rm(tokensFile, { force: true });
    await database.end();
  }
}

export function printEvents(figures: EventsFigures, health: Latency | undefined): void {
  const sorted = [...figures.delays].sort((a, b) => a - b);
  const kb = (bytes: number) => `${(bytes / 1024).toFixed(1)} KiB`;
  const healthCell = health
    ? `${health.rps.toFixed(0)} req/s, p50 ${health.p50.toFixed(1)} ms, p99 ${health.p99.toFixed(1)} ms`
    : 'n/a';
  const rows = [
    ['events stream', 'figure', 'health (same run)'],
    [
      `${figures.clients} concurrent streams, one instance`,
      `RSS ${kb(figures.rssPerClient)} / heap ${kb(figures.heapPerClient)} per connection`,
      healthCell,
    ],
    [
      `write → delivery, ${sorted.length} notifications`,
      `p50 ${percentile(sorted, 50).toFixed(1)} ms, p99 ${percentile(sorted, 99).toFixed(1)} ms`,
      healthCell,
    ],
  ];
  printMarkdownTable(rows);
}
