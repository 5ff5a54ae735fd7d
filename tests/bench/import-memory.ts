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
import { randomBytes } from 'node:crypto';
import sharp from 'sharp';
import { ankiPackage, largeCollection } from '../../packages/server/src/test/anki-package.ts';
import { load, mb, rssOf, sampler, signUp, startServer, upload } from './import-http.ts';

const IMAGES = Number(process.env.BENCH_IMPORT_IMAGES ?? 130);
const CARDS = Number(process.env.BENCH_IMPORT_CARDS ?? 10_000);
const IDLE_MS = 10_000;

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
