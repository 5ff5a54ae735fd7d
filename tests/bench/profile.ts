// A CPU profile of one route of the product as `npm start` runs it (scripts/start.ts, its own
// port and data folder) while a second process loads it: prints where the samples of the load
// window went (`printProfile` of cpu-profile.ts: self time by module and by function, inclusive
// time by module) and writes the .cpuprofile for Chrome DevTools. Figures only; asserts nothing. Not part of
// `npm run bench`: run it to find per-request overhead, e.g.
//   node tests/bench/profile.ts            (GET /be/api/health/live/, 10 s, 32 connections)
// Environment: BENCH_PROFILE_PATH, BENCH_PROFILE_SECONDS, BENCH_CONNECTIONS,
// BENCH_PROFILE_OUT (default: a temp file, printed).
import { spawn } from 'node:child_process';
import { writeFileSync } from 'node:fs';
import { createRequire } from 'node:module';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { startProduct } from '../support/product.ts';
import { type Profile, printProfile } from './cpu-profile.ts';

const PATH = process.env.BENCH_PROFILE_PATH ?? '/be/api/health/live/';
const SECONDS = Number(process.env.BENCH_PROFILE_SECONDS ?? 10);
const CONNECTIONS = Number(process.env.BENCH_CONNECTIONS ?? 32);
const OUT = process.env.BENCH_PROFILE_OUT ?? join(tmpdir(), `memoria-${process.pid}.cpuprofile`);
const autocannon = createRequire(import.meta.url).resolve('autocannon/autocannon.js');

const product = await startProduct(
  {},
  { nodeArgs: ['--import', join(import.meta.dirname, 'profile-probe.ts')], ipc: true },
);
const ask = <T>(message: unknown) =>
  new Promise<T>((resolve) => {
    product.process.once('message', (answer: T) => resolve(answer));
    product.process.send(message as never);
  });

let profile: Profile;
let load = '';
try {
  // A warm-up first, so that the profile shows the steady state rather than compilation.
  const run = (seconds: number) =>
    new Promise<string>((resolve, reject) => {
      const child = spawn(
        process.execPath,
        [autocannon, '-c', String(CONNECTIONS), '-d', String(seconds), product.baseUrl + PATH],
        { stdio: ['ignore', 'ignore', 'pipe'] },
      );
      let err = '';
      child.stderr.on('data', (d) => {
        err += d;
      });
      child.on('error', reject);
      child.on('close', () => resolve(err));
    });
  await run(2);
  await ask({ profile: 'start' });
  load = await run(SECONDS);
  profile = (await ask<{ profile: Profile }>({ profile: 'stop' })).profile;
} finally {
  await product.stop();
}
writeFileSync(OUT, JSON.stringify(profile));

console.log(load.trim());
printProfile(profile, `GET ${PATH} (written to ${OUT})`);
