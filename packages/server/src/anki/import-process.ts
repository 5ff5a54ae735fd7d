/**
 * Reads an uploaded Anki package in a child process (`import-child.ts`) under the import limits,
 * so that a package that crashes a parser (native code: SQLite, zstd, libvips), runs for ever or
 * takes too much memory ends the child only, and the memory the reading takes is given back to
 * the system when the child exits instead of staying in the server's heap.
 */
import { type ChildLimits, runInChild } from '../child/child-process.ts';
import {
  type CollectionFile,
  openCollectionFile,
  type ReadJobAnswer,
  type ReadJobInput,
} from './read-job.ts';

export interface AnkiImportOptions {
  limits: ChildLimits;
  /** The child's entry (default `import-child.ts`); tests inject one that crashes. */
  entry?: URL;
  /** Where each import makes its folder (default `os.tmpdir()`). */
  workDir?: string;
}

const IMPORT_CHILD = new URL('./import-child.ts', import.meta.url);

export type PackageRead =
  | { kind: 'read'; collection: CollectionFile }
  | Extract<ReadJobAnswer, { kind: 'refused' }>;

/**
 * Reads the package in `file` working in `dir` (the import's folder). Rejects with the child's
 * `ChildJobError` when it crashed, timed out, ran out of memory or threw.
 */
export async function readPackageInChild(
  file: string,
  dir: string,
  options: AnkiImportOptions,
): Promise<PackageRead> {
  const input: ReadJobInput = { file, dir };
  const job = runInChild<ReadJobInput, ReadJobAnswer>(
    options.entry ?? IMPORT_CHILD,
    input,
    options.limits,
  );
  const answer = await job.result;
  if (answer.kind === 'refused') return answer;
  return { kind: 'read', collection: await openCollectionFile(answer.file) };
}
