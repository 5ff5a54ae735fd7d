// `npm run bench` (import memory rows): the resident memory of the server process while it
// imports a ~250 MB Anki package, alone and three at once. The server is the API as `npm start`
// serves it (import-server.ts, its own process and embedded PostgreSQL); the package is built
// by the one builder (test/anki-package.ts) as Anki 2.1.50+ writes it: 10,000 cards with 3
// reviews each, 130 of them showing a different-named 800×800 noise PNG (1.9 MB, which no
// compression shrinks). RSS is read from /proc every 50 ms, of the server and of the child
// processes it starts (the package is read in one: anki/import-process.ts): the peak of each phase, then after
// 10 s of idle, then after a forced full GC (through memory-probe.ts). Prints figures; asserts
// nothing. Alone: `node tests/bench/import-memory.ts`. Environment: BENCH_IMPORT_IMAGES (130),
// BENCH_IMPORT_CARDS (10000).
import { spawn } from 'node:child_process';
import { randomBytes } from 'node:crypto';
import { readFileSync } from 'node:fs';
import { request as httpRequest } from 'node:http';
import { loadavg } from 'node:os';
import path from 'node:path';
import sharp from 'sharp';
import { ankiPackage, largeCollection } from '../../packages/server/src/test/anki-package.ts';

const IMAGES = Number(process.env.BENCH_IMPORT_IMAGES ?? 130);
const CARDS = Number(process.env.BENCH_IMPORT_CARDS ?? 10_000);
const IDLE_MS = 10_000;
const MB = 1024 * 1024;
const mb = (bytes: number) => (bytes / MB).toFixed(0);

function rssOf(pid: number, field = 'VmRSS'): number {
  try {
    const m = readFileSync(`/proc/${pid}/status`, 'utf8').match(
      new RegExp(`^${field}:\\s+(\\d+) kB`, 'm'),
    );
    return m ? Number(m[1]) * 1024 : 0;
  } catch {
    return 0;
  }
}

/** The import's reading children of `pid` (anki/import-child.ts; not embedded PostgreSQL). */
function importChildren(pid: number): number[] {
  try {
    const children = readFileSync(`/proc/${pid}/task/${pid}/children`, 'utf8').trim();
    return (children ? children.split(/\s+/).map(Number) : []).filter((child) => {
      try {
        return readFileSync(`/proc/${child}/cmdline`, 'utf8').includes('import-child');
      } catch {
        return false;
      }
    });
  } catch {
    return [];
  }
}

/** The RSS of the import's reading children, summed. */
const childrenRss = (pid: number) =>
  importChildren(pid).reduce((sum, child) => sum + rssOf(child), 0);

/**
 * Samples the RSS of `pid` and of its children until stopped; resolves with the highest figure
 * of the server alone, of its children and of both together.
 */
function sampler(pid: number) {
  const peak = { server: 0, children: 0, total: 0 };
  const sample = () => {
    const server = rssOf(pid);
    const children = childrenRss(pid);
    peak.server = Math.max(peak.server, server);
    peak.children = Math.max(peak.children, children);
    peak.total = Math.max(peak.total, server + children);
  };
  sample();
  const timer = setInterval(sample, 50);
  return {
    stop() {
      clearInterval(timer);
      sample();
      return peak;
    },
  };
}

async function buildPackage(): Promise<Buffer> {
  // Four distinct noise images; each zip entry is compressed alone, so repeats stay as large.
  const pngs = await Promise.all(
    [0, 1, 2, 3].map(() =>
      sharp(randomBytes(800 * 800 * 3), { raw: { width: 800, height: 800, channels: 3 } })
        .png({ compressionLevel: 9 })
        .toBuffer(),
    ),
  );
  const collection = largeCollection(CARDS, 3);
  const media: Record<string, Uint8Array> = {};
  for (let i = 0; i < IMAGES && i < collection.notes.length; i++) {
    const note = collection.notes[i];
    if (!note) break;
    note.fields[1] = `${note.fields[1]}<img src="picture-${i}.png">`;
    media[`picture-${i}.png`] = pngs[i % pngs.length] as Buffer;
  }
  return Buffer.from(ankiPackage({ ...collection, media }, 'anki21b'));
}

function startServer(): Promise<{
  pid: number;
  baseUrl: string;
  stop(): Promise<void>;
  gc(): Promise<void>;
}> {
  const probe = path.join(import.meta.dirname, 'memory-probe.ts');
  const child = spawn(
    process.execPath,
    ['--expose-gc', '--import', probe, path.join(import.meta.dirname, 'import-server.ts')],
    { stdio: ['ignore', 'pipe', 'inherit', 'ipc'] },
  );
  return new Promise((resolve, reject) => {
    let out = '';
    child.on('exit', (code) => reject(new Error(`import-server exited ${code}`)));
    child.stdout?.on('data', (chunk) => {
      out += chunk;
      const line = out.split('\n').find((l) => l.startsWith('{"port"'));
      if (!line) return;
      const { port } = JSON.parse(line) as { port: number };
      resolve({
        pid: child.pid as number,
        baseUrl: `http://127.0.0.1:${port}`,
        stop: () =>
          new Promise((done) => {
            child.removeAllListeners('exit');
            child.once('exit', () => done());
            child.kill('SIGTERM');
          }),
        gc: () =>
          new Promise((done) => {
            child.once('message', () => done());
            child.send({ gc: true });
          }),
      });
    });
  });
}

/** One multipart upload by node:http (undici's 300 s header wait may pass on a long import). */
function upload(
  baseUrl: string,
  token: string,
  bytes: Buffer,
): Promise<{ status: number; text: string }> {
  const boundary = `bench${Date.now()}${Math.random()}`;
  const head = Buffer.from(
    `--${boundary}\r\ncontent-disposition: form-data; name="file"; filename="bench.apkg"\r\n` +
      'content-type: application/octet-stream\r\n\r\n',
  );
  const tail = Buffer.from(`\r\n--${boundary}--\r\n`);
  return new Promise((resolve) => {
    const req = httpRequest(
      `${baseUrl}/be/api/space-repetition/anki-import/`,
      {
        method: 'POST',
        headers: {
          authorization: `Bearer ${token}`,
          'content-type': `multipart/form-data; boundary=${boundary}`,
          'content-length': String(head.length + bytes.length + tail.length),
        },
      },
      (answer) => {
        let text = '';
        answer.on('data', (chunk) => {
          text += chunk;
        });
        answer.on('end', () => resolve({ status: answer.statusCode ?? 0, text }));
      },
    );
    // A server that answers before reading the whole body (429) may close the socket under us.
    req.on('error', (error) => resolve({ status: 0, text: String(error) }));
    req.write(head);
    req.write(bytes);
    req.end(tail);
  });
}

async function signUp(baseUrl: string): Promise<string> {
  const post = async (p: string, body: unknown) => {
    const res = await fetch(baseUrl + p, {
      method: 'POST',
      headers: { 'content-type': 'application/json' },
      body: JSON.stringify(body),
    });
    return (await res.json()) as Record<string, unknown>;
  };
  const password = 'bench-password';
  await post('/be/api/auth/users/', {
    email: 'import@example.com',
    username: 'import',
    password,
    password2: password,
    timezone: 'UTC',
  });
  const { access } = await post('/be/api/auth/token/', { email: 'import@example.com', password });
  return access as string;
}

const load = () =>
  loadavg()
    .map((n) => n.toFixed(1))
    .join(' ');

let started = performance.now();
const bytes = await buildPackage();
console.log(
  `\nImport memory: package ${mb(bytes.length)} MB (${CARDS} cards, ${IMAGES} images), built in ${((performance.now() - started) / 1000).toFixed(0)} s; load average ${load()}`,
);
const server = await startServer();
try {
  await new Promise((resolve) => setTimeout(resolve, 3_000));
  const token = await signUp(server.baseUrl);
  const rows: Record<string, string>[] = [];
  const phase = async (name: string, parallel: number) => {
    const before = rssOf(server.pid);
    const sampling = sampler(server.pid);
    started = performance.now();
    const answers = await Promise.all(
      Array.from({ length: parallel }, () => upload(server.baseUrl, token, bytes)),
    );
    const seconds = (performance.now() - started) / 1000;
    const peak = sampling.stop();
    await new Promise((resolve) => setTimeout(resolve, IDLE_MS));
    const idle = rssOf(server.pid);
    await server.gc();
    const collected = rssOf(server.pid);
    const statuses = answers.map((a) => a.status).join(', ');
    if (answers.some((a) => a.status >= 500 || a.status === 0)) {
      console.log(answers.map((a) => a.text.slice(0, 300)).join('\n'));
    }
    rows.push({
      phase: name,
      answers: statuses,
      seconds: seconds.toFixed(1),
      'RSS before MB': mb(before),
      'peak RSS MB': mb(peak.server),
      'children peak MB': mb(peak.children),
      'server + children peak MB': mb(peak.total),
      [`RSS after ${IDLE_MS / 1000} s idle MB`]: mb(idle),
      'RSS after forced GC MB': mb(collected),
    });
  };
  rows.push({ phase: 'idle after start', 'RSS before MB': mb(rssOf(server.pid)) });
  await phase('one import', 1);
  await phase('three at once', 3);
  console.table(rows);
  console.log(
    `high-water mark of the process (VmHWM): ${mb(rssOf(server.pid, 'VmHWM'))} MB; load average ${load()}`,
  );
} finally {
  await server.stop();
}
