/**
 * The limits an Anki package is read under (its child process), from the environment:
 * `ANKI_IMPORT_TIMEOUT_SECONDS`, `ANKI_IMPORT_MAX_RSS_MB` (docs/operations/uploads.md).
 */
import type { ChildLimits } from '../child/child-process.ts';
import { wholeFromEnv } from '../child/env-limits.ts';

/**
 * Reading the bench's 239 MB package (10,000 cards, 130 images of 1.9 MB) takes about 10 s on a
 * quiet 2-core machine; the defaults leave room for a busy machine and for the largest packages
 * accepted (100,000 cards, 2,000,000 reviews, 1 GiB unpacked).
 */
export const DEFAULT_ANKI_IMPORT_LIMITS: ChildLimits = {
  timeoutMs: 300_000,
  maxRssMb: 1024,
  maxHeapMb: 768,
  rssPollMs: 100,
};

/** V8's heap may use this share of the resident limit; the rest is native (SQLite, libvips). */
const HEAP_SHARE = 0.75;

export function ankiImportLimits(env: NodeJS.ProcessEnv = process.env): ChildLimits {
  const d = DEFAULT_ANKI_IMPORT_LIMITS;
  const maxRssMb = wholeFromEnv(env, 'ANKI_IMPORT_MAX_RSS_MB', d.maxRssMb, 128, 1_048_576);
  return {
    timeoutMs: wholeFromEnv(env, 'ANKI_IMPORT_TIMEOUT_SECONDS', d.timeoutMs / 1000, 1, 3600) * 1000,
    maxRssMb,
    maxHeapMb: Math.floor(maxRssMb * HEAP_SHARE),
    rssPollMs: d.rssPollMs,
  };
}
