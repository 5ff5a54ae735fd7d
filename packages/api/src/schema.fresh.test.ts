import { execFileSync } from 'node:child_process';
import { mkdtempSync, readFileSync, rmSync } from 'node:fs';
import { createRequire } from 'node:module';
import { tmpdir } from 'node:os';
import { dirname, join } from 'node:path';
import { expect, test } from 'vitest';

const packageDir = join(import.meta.dirname, '..');
const contract = join(packageDir, '../../openapi.yaml');
const committed = join(packageDir, 'src/schema.d.ts');

test('src/schema.d.ts matches openapi.yaml', () => {
  // The same CLI as the `generate` script, so the output is byte for byte what it would write.
  const require = createRequire(import.meta.url);
  const cli = join(dirname(require.resolve('openapi-typescript/package.json')), 'bin/cli.js');
  const dir = mkdtempSync(join(tmpdir(), 'memoria-schema-'));
  try {
    const fresh = join(dir, 'schema.d.ts');
    execFileSync(process.execPath, [cli, contract, '-o', fresh], { stdio: 'pipe' });
    const upToDate = readFileSync(fresh, 'utf8') === readFileSync(committed, 'utf8');
    expect(
      upToDate,
      'packages/api/src/schema.d.ts is stale: run `npm run generate -w @memoria/api`',
    ).toBe(true);
  } finally {
    rmSync(dir, { recursive: true, force: true });
  }
}, 30_000);
