// The offline app shell's precache (issue 46), printed (never asserted): how many built files the
// service worker downloads when a version installs, their size as stored and gzipped, the largest,
// and the app pages it fetches besides. Read from the build (rebuilt first if stale) with the
// rules the build's worker uses (src/pwa/worker-config.ts).
import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import { gzipSync } from 'node:zlib';
import { getManifest } from 'workbox-build';
import { runAstroBuildIfStale } from '../../scripts/build-if-stale.ts';
import {
  APP_PAGES,
  PRECACHE_IGNORES,
  PRECACHE_MAX_FILE_BYTES,
  PRECACHE_PATTERNS,
} from '../../src/pwa/worker-config.ts';

const root = join(import.meta.dirname, '../..');
await runAstroBuildIfStale(root);
const clientDir = join(root, 'dist/client');
const { manifestEntries, count, size, warnings } = await getManifest({
  globDirectory: clientDir,
  globPatterns: PRECACHE_PATTERNS,
  globIgnores: PRECACHE_IGNORES,
  maximumFileSizeToCacheInBytes: PRECACHE_MAX_FILE_BYTES,
});
const files = (manifestEntries ?? []).map((entry) => {
  const url = typeof entry === 'string' ? entry : entry.url;
  const body = readFileSync(join(clientDir, url));
  return { url, bytes: body.length, gzipped: gzipSync(body).length };
});
const kb = (bytes: number) => (bytes / 1024).toFixed(0);
const byKind = new Map<string, { files: number; bytes: number }>();
for (const file of files) {
  const kind = file.url.split('.').pop() ?? '';
  const sum = byKind.get(kind) ?? { files: 0, bytes: 0 };
  byKind.set(kind, { files: sum.files + 1, bytes: sum.bytes + file.bytes });
}
const gzipped = files.reduce((sum, file) => sum + file.gzipped, 0);

console.log('\nPrecache of the service worker (dist/client/sw.js)');
console.log(`files ${count}   ${kb(size)} KB stored   ${kb(gzipped)} KB gzipped`);
for (const [kind, sum] of [...byKind].sort((a, b) => b[1].bytes - a[1].bytes)) {
  console.log(
    `  ${kind.padEnd(6)} ${String(sum.files).padStart(4)} files ${kb(sum.bytes).padStart(6)} KB`,
  );
}
console.log('largest:');
for (const file of [...files].sort((a, b) => b.bytes - a.bytes).slice(0, 5)) {
  console.log(`  ${kb(file.bytes).padStart(6)} KB  ${file.url}`);
}
console.log(`app pages fetched on install: ${APP_PAGES.length} (${APP_PAGES.join(' ')})`);
for (const warning of warnings) console.log(`warning: ${warning}`);
