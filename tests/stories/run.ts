/**
 * Story tests: builds Storybook once, serves the static build on a free local port and runs
 * `test-storybook` (@storybook/test-runner; hooks in .storybook/test-runner.ts, Jest settings in
 * .storybook/test-runner-jest.config.js) against it in index.json mode with one worker per core.
 * Arguments go on to test-storybook (Jest):
 *
 *   node tests/stories/run.ts                 every story
 *   node tests/stories/run.ts -u              rewrite the baselines that differ (or are missing)
 *   node tests/stories/run.ts --json --outputFile <file>   Jest's JSON report (keep it last)
 *   UPDATE_BASELINES=1 node …                 the same as -u
 *   STORY_FILTER=ui-button node …             only stories whose id contains the text
 *   STORYBOOK_STATIC=<dir> node …             reuse an existing static build (no build)
 *   STORY_WORKERS=<n>                         Jest workers (default: the machine's cores)
 *   CI=true                                   a missing baseline fails instead of being written
 */
import { spawn, spawnSync } from 'node:child_process';
import { createReadStream, existsSync, mkdtempSync, readFileSync, rmSync, statSync } from 'node:fs';
import { createServer, type Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import { availableParallelism, tmpdir } from 'node:os';
import { delimiter, dirname, extname, join, normalize, resolve, sep } from 'node:path';

const ROOT = resolve(import.meta.dirname, '../..');
const BIN = join(ROOT, 'node_modules/.bin');
const FILTER = process.env.STORY_FILTER ?? '';

/**
 * The tools' environment. Their bins start with `#!/usr/bin/env node`: this Node's folder (the
 * project's Node 24) goes first on PATH, so they never run on an older system Node when this
 * script is started outside npm (`node_modules/.bin/node tests/stories/run.ts`).
 */
const toolEnv = {
  ...process.env,
  PATH: `${dirname(process.execPath)}${delimiter}${process.env.PATH ?? ''}`,
  STORYBOOK_DISABLE_TELEMETRY: '1',
};

function buildStorybook(): string {
  // A folder of its own per run: a concurrent build (another run, `npm run build-storybook`)
  // must not swap files under the pages being tested.
  const out = mkdtempSync(join(tmpdir(), 'memoria-storybook-'));
  console.log(`building Storybook (storybook build -o ${out} --quiet)…`);
  const started = Date.now();
  const run = spawnSync(join(BIN, 'storybook'), ['build', '-o', out, '--quiet'], {
    cwd: ROOT,
    stdio: ['ignore', 'pipe', 'pipe'],
    encoding: 'utf8',
    maxBuffer: 64 * 1024 * 1024,
    env: toolEnv,
  });
  if (run.status !== 0) {
    // The build's own output only when it fails (it is long and full of size warnings).
    console.error(run.stdout, run.stderr);
    throw new Error('Storybook build failed');
  }
  console.log(`built in ${((Date.now() - started) / 1000).toFixed(1)} s`);
  return out;
}

const MIME: Record<string, string> = {
  '.html': 'text/html; charset=utf-8',
  '.js': 'text/javascript; charset=utf-8',
  '.mjs': 'text/javascript; charset=utf-8',
  '.css': 'text/css; charset=utf-8',
  '.json': 'application/json; charset=utf-8',
  '.svg': 'image/svg+xml',
  '.png': 'image/png',
  '.jpg': 'image/jpeg',
  '.ico': 'image/x-icon',
  '.woff': 'font/woff',
  '.woff2': 'font/woff2',
  '.txt': 'text/plain; charset=utf-8',
  '.map': 'application/json',
};

/** index.json with only the stories whose id contains STORY_FILTER (the test-runner's input). */
function filteredIndex(dir: string): string {
  const index = JSON.parse(readFileSync(join(dir, 'index.json'), 'utf8')) as {
    entries: Record<string, { id: string; type: string }>;
  };
  index.entries = Object.fromEntries(
    Object.entries(index.entries).filter(([, e]) => e.type === 'story' && e.id.includes(FILTER)),
  );
  return JSON.stringify(index);
}

function serve(dir: string): Promise<Server> {
  const index = FILTER ? filteredIndex(dir) : undefined;
  const server = createServer((req, res) => {
    const url = new URL(req.url ?? '/', 'http://localhost');
    if (index && url.pathname === '/index.json') {
      res.writeHead(200, { 'content-type': MIME['.json'] }).end(index);
      return;
    }
    let path = normalize(join(dir, decodeURIComponent(url.pathname)));
    if (!path.startsWith(dir + sep) && path !== dir) {
      res.writeHead(403).end();
      return;
    }
    if (existsSync(path) && statSync(path).isDirectory()) path = join(path, 'index.html');
    if (!existsSync(path)) {
      res.writeHead(404, { 'content-type': 'text/plain' }).end('not found');
      return;
    }
    res.writeHead(200, {
      'content-type': MIME[extname(path)] ?? 'application/octet-stream',
      'cache-control': 'no-cache',
    });
    createReadStream(path).pipe(res);
  });
  return new Promise((ok) => server.listen(0, '127.0.0.1', () => ok(server)));
}

function testStorybook(url: string, args: string[]): Promise<number> {
  const workers = process.env.STORY_WORKERS ?? String(availableParallelism());
  const child = spawn(
    join(BIN, 'test-storybook'),
    [
      '--index-json',
      '--url',
      url,
      `--maxWorkers=${workers}`,
      // A guard against a hung story, not a speed limit: two busy cores make a story take 10 s.
      '--testTimeout=60000',
      '--disable-telemetry',
      ...args,
    ],
    { cwd: ROOT, stdio: 'inherit', env: toolEnv },
  );
  return new Promise((ok) => child.on('exit', (code) => ok(code ?? 1)));
}

const fromEnv = process.env.STORYBOOK_STATIC;
const dir = fromEnv ? resolve(ROOT, fromEnv) : buildStorybook();
const server = await serve(dir);
try {
  const { port } = server.address() as AddressInfo;
  const update = ['1', 'true'].includes(process.env.UPDATE_BASELINES ?? '') ? ['-u'] : [];
  const url = `http://127.0.0.1:${port}`;
  process.exitCode = await testStorybook(url, [...update, ...process.argv.slice(2)]);
} finally {
  server.close();
  if (!fromEnv) rmSync(dir, { recursive: true, force: true });
}
