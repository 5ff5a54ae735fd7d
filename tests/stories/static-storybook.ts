/**
 * The one static Storybook the story tests and the docs-page check run against: built once per
 * run into a folder of its own (or taken from STORYBOOK_STATIC), served once on a free local
 * port. With STORY_FILTER the served index.json lists only the entries (stories and docs pages)
 * whose id contains the text: test-storybook reads its stories from it, and the preview finds
 * the stories of a docs page in it.
 */
import { spawnSync } from 'node:child_process';
import { createReadStream, existsSync, mkdtempSync, readFileSync, rmSync, statSync } from 'node:fs';
import { createServer } from 'node:http';
import type { AddressInfo } from 'node:net';
import { tmpdir } from 'node:os';
import { delimiter, dirname, extname, join, normalize, resolve, sep } from 'node:path';

export const ROOT = resolve(import.meta.dirname, '../..');
export const BIN = join(ROOT, 'node_modules/.bin');
export const STORY_FILTER = process.env.STORY_FILTER ?? '';

/**
 * The tools' environment. Their bins start with `#!/usr/bin/env node`: this Node's folder (the
 * project's Node 24) goes first on PATH, so they never run on an older system Node when a script
 * is started outside npm (`node_modules/.bin/node tests/stories/run.ts`).
 */
export const toolEnv = {
  ...process.env,
  PATH: `${dirname(process.execPath)}${delimiter}${process.env.PATH ?? ''}`,
  STORYBOOK_DISABLE_TELEMETRY: '1',
};

export interface IndexEntry {
  id: string;
  type: 'docs' | 'story';
  title: string;
  importPath: string;
  tags?: string[];
}

/** The build's index.json entries (all of them, whatever STORY_FILTER says). */
export function indexEntries(dir: string): IndexEntry[] {
  const index = JSON.parse(readFileSync(join(dir, 'index.json'), 'utf8')) as {
    entries: Record<string, IndexEntry>;
  };
  return Object.values(index.entries);
}

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
    rmSync(out, { recursive: true, force: true });
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

function filteredIndex(dir: string): string {
  const index = JSON.parse(readFileSync(join(dir, 'index.json'), 'utf8')) as {
    entries: Record<string, IndexEntry>;
  };
  index.entries = Object.fromEntries(
    Object.entries(index.entries).filter(([, e]) => e.id.includes(STORY_FILTER)),
  );
  return JSON.stringify(index);
}

export interface StaticStorybook {
  /** The static build's folder. */
  dir: string;
  /** `http://127.0.0.1:<port>` */
  url: string;
  /** Stops the server and removes the build when this run made it. */
  close(): Promise<void>;
}

/** Builds Storybook (unless STORYBOOK_STATIC names a build) and serves it. */
export async function openStaticStorybook(): Promise<StaticStorybook> {
  const fromEnv = process.env.STORYBOOK_STATIC;
  const dir = fromEnv ? resolve(ROOT, fromEnv) : buildStorybook();
  const index = STORY_FILTER ? filteredIndex(dir) : undefined;
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
      // Vite names the files of assets/ by their content: a page that loads them again takes
      // them (and V8 their compiled code) from the browser's cache. Each run has its own port,
      // so its own cache. The rest (iframe.html, index.json) is asked for every time.
      'cache-control': url.pathname.startsWith('/assets/')
        ? 'public, max-age=31536000, immutable'
        : 'no-cache',
    });
    createReadStream(path).pipe(res);
  });
  await new Promise<void>((ok) => server.listen(0, '127.0.0.1', ok));
  const { port } = server.address() as AddressInfo;
  return {
    dir,
    url: `http://127.0.0.1:${port}`,
    async close() {
      server.closeAllConnections();
      await new Promise((ok) => server.close(ok));
      if (!fromEnv) rmSync(dir, { recursive: true, force: true });
    },
  };
}
