/**
 * The one static Storybook the story tests and the docs-page check run against: built once per
 * run into a folder of its own (or taken from STORYBOOK_STATIC), served once on a free local
 * port. With STORY_FILTER the served index.json lists only the entries (stories and docs pages)
 * whose id contains the text: test-storybook reads its stories from it, and the preview finds
 * the stories of a docs page in it.
 *
 * test-storybook asks for index.json with the header TEST_RUNNER_HEADER (`getHttpHeaders` in
 * .storybook/test-runner.ts) and gets the stories grouped into test files of about
 * STORIES_PER_TEST_FILE stories (`testRunnerIndex`); the preview, which never sends it, gets the
 * index as built.
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
  name: string;
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

interface StoryIndex {
  entries: Record<string, IndexEntry>;
}

function filteredIndex(dir: string): StoryIndex {
  const index = JSON.parse(readFileSync(join(dir, 'index.json'), 'utf8')) as StoryIndex;
  index.entries = Object.fromEntries(
    Object.entries(index.entries).filter(([, e]) => e.id.includes(STORY_FILTER)),
  );
  return index;
}

/** The header test-storybook sends with its own request for index.json. */
export const TEST_RUNNER_HEADER = 'x-memoria-test-runner';

/**
 * About how many stories one test file of test-storybook renders. test-storybook makes a test
 * file of each title, and each test file costs a Jest environment, a browser context and a load
 * of iframe.html with its scripts, fonts and MSW worker compiled and started afresh (the context's
 * caches are its own): about 3 s and 4 CPU-s a file, once for each of the 93 stories files, which
 * was half of the story tests' time. A few large files keep both workers busy to the end.
 */
export const STORIES_PER_TEST_FILE = 100;

/**
 * The index test-storybook reads: the stories of whole stories files, in the index's order,
 * grouped into parts of about STORIES_PER_TEST_FILE stories, each part one title (so one test
 * file, one context and one page). A story keeps its id, and its name starts with its own title,
 * so a report still names the component; docs entries are left out (test-storybook skips them).
 */
export function testRunnerIndex<T extends StoryIndex>(index: T): T {
  const stories = Object.values(index.entries).filter((e) => e.type === 'story');
  const files = new Map<string, IndexEntry[]>();
  for (const story of stories) {
    const file = files.get(story.importPath) ?? [];
    file.push(story);
    files.set(story.importPath, file);
  }
  const parts = Math.max(1, Math.round(stories.length / STORIES_PER_TEST_FILE));
  const perPart = stories.length / parts;
  const entries: Record<string, IndexEntry> = {};
  let done = 0;
  for (const fileStories of files.values()) {
    const part = Math.min(parts, Math.floor(done / perPart) + 1);
    for (const story of fileStories) {
      entries[story.id] = {
        ...story,
        title: `Stories, part ${part} of ${parts}`,
        name: `${story.title} › ${story.name}`,
      };
    }
    done += fileStories.length;
  }
  return { ...index, entries };
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
  const index = filteredIndex(dir);
  const previewIndex = JSON.stringify(index);
  const runnerIndex = JSON.stringify(testRunnerIndex(index));
  const server = createServer((req, res) => {
    const url = new URL(req.url ?? '/', 'http://localhost');
    if (url.pathname === '/index.json') {
      const body = req.headers[TEST_RUNNER_HEADER] ? runnerIndex : previewIndex;
      res.writeHead(200, { 'content-type': MIME['.json'], 'cache-control': 'no-cache' }).end(body);
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
