import { readdirSync } from 'node:fs';
import { join } from 'node:path';

/** The repository's root. */
export const ROOT = join(import.meta.dirname, '../..');

/**
 * The files under `dirs` (relative to the root; node_modules left out) whose names match
 * `include` and not `exclude`, as absolute paths.
 */
export function sourceFiles(dirs: string[], include: RegExp, exclude?: RegExp): string[] {
  return dirs.flatMap((dir) =>
    readdirSync(join(ROOT, dir), { withFileTypes: true, recursive: true })
      .filter((e) => e.isFile() && include.test(e.name) && !exclude?.test(e.name))
      .filter((e) => !e.parentPath.includes('node_modules'))
      .map((e) => join(e.parentPath, e.name)),
  );
}
