// `npm run bench` (ratings rows, issue 44): what rating a finished duel adds to its settlement.
// 1,000 duels between 100 learners (pairs drawn by a seeded generator, results a third each win,
// loss, draw) are rated one after another, each in its own transaction as the settlement's, by
// the product's `recordGameResult` (claim the game, lock and update both `player_ratings` rows).
// Prints p50 and p99 of that call, of the whole transaction (begin to commit), and of the
// Glicko-2 arithmetic alone, with the machine's load average (other processes share the cores).
// Then every game is recorded a second time to show what a repeated settlement costs (the claim
// finds the game rated and nothing changes). Asserts nothing.
// BENCH_RATINGS_DUELS (default 1000), BENCH_RATINGS_PLAYERS (default 100).
import os from 'node:os';
import { openDatabase } from '../../packages/server/src/db/client.ts';
import { inTransaction } from '../../packages/server/src/db/transaction.ts';
import { INITIAL_RATING, rateGame } from '../../packages/server/src/domain/ratings/glicko.ts';
import {
  type GameResult,
  recordGameResult,
} from '../../packages/server/src/services/ratings/record-game.ts';
import { startBenchServer } from './lib/server.ts';
import { ascending, percentile } from './lib/stats.ts';
import { printColumns } from './lib/table.ts';

const DUELS = Number(process.env.BENCH_RATINGS_DUELS ?? 1000);
const PLAYERS = Number(process.env.BENCH_RATINGS_PLAYERS ?? 100);

/** A small seeded generator (mulberry32), so every run rates the same games. */
function random(seed: number) {
  let a = seed;
  return () => {
    a = (a + 0x6d2b79f5) | 0;
    let t = Math.imul(a ^ (a >>> 15), 1 | a);
    t = (t + Math.imul(t ^ (t >>> 7), 61 | t)) ^ t;
    return ((t ^ (t >>> 14)) >>> 0) / 4294967296;
  };
}

const ms = (values: number[]) => {
  const sorted = ascending(values);
  return [percentile(sorted, 50).toFixed(3), percentile(sorted, 99).toFixed(3)];
};

const bench = await startBenchServer();
const database = openDatabase(bench.backend.databaseUrl, { max: 2 });
const lines: string[][] = [['row', 'duels', 'p50 ms', 'p99 ms', 'load avg']];
try {
  const { sql } = database;
  const users = await sql<{ id: number }[]>`
    insert into users (email, username, password_hash)
    select 'rated' || n || '@example.com', 'rated' || n, 'x' from generate_series(1, ${PLAYERS}) n
    returning id`;
  const next = random(44);
  const games: GameResult[] = [];
  for (let i = 1; i <= DUELS; i++) {
    const a = users[Math.floor(next() * users.length)]?.id ?? 0;
    let b = a;
    while (b === a) b = users[Math.floor(next() * users.length)]?.id ?? 0;
    const roll = next();
    games.push({
      source: 'duel',
      sourceId: i,
      discipline: 'number',
      playerA: a,
      playerB: b,
      scoreA: roll < 1 / 3 ? 1 : roll < 2 / 3 ? 0 : 0.5,
      at: new Date(),
    });
  }

  const rate = async (label: string) => {
    const update: number[] = [];
    const transaction: number[] = [];
    const load = os.loadavg()[0]?.toFixed(2) ?? '';
    for (const game of games) {
      const begun = performance.now();
      await inTransaction(sql, async (tx) => {
        const t = performance.now();
        await recordGameResult(tx, game);
        update.push(performance.now() - t);
      });
      transaction.push(performance.now() - begun);
    }
    lines.push([`${label}: recordGameResult`, String(games.length), ...ms(update), load]);
    lines.push([`${label}: its transaction`, String(games.length), ...ms(transaction), load]);
  };

  await rate('first settlement');
  await rate('settled again');

  const math: number[] = [];
  for (const game of games) {
    const t = performance.now();
    rateGame(INITIAL_RATING, { ...INITIAL_RATING, rating: 1600 }, game.scoreA);
    math.push(performance.now() - t);
  }
  lines.push(['Glicko-2 arithmetic alone', String(games.length), ...ms(math), '']);

  const [rated] = await sql<{ games: number; spread: number }[]>`
    select sum(games)::int as games, (max(rating) - min(rating))::float as spread
    from player_ratings where discipline = 'number'`;
  process.stdout.write(
    `\nRatings (issue 44): ${PLAYERS} learners, ${rated?.games ?? 0} player-games rated ` +
      `(2 per duel), ratings spread over ${Math.round(rated?.spread ?? 0)} points\n`,
  );
  printColumns(lines);
} finally {
  await database.end();
  await bench.close();
}
