/**
 * The dependency rules (`.dependency-cruiser.cjs`) fail on what they forbid: depcruise, run as
 * `npm run lint:deps` runs it, on fixture trees that break them on purpose: one feature importing
 * another's internals, shipped code importing test support, and one of the server's layers where
 * each file breaks one rule (or shows what a rule allows).
 */
import { spawnSync } from 'node:child_process';
import { join } from 'node:path';
import { describe, expect, test } from 'vitest';

const root = join(import.meta.dirname, '../..');
const fixture = join(root, 'tests/fixtures/deps');
const serverFixture = join(root, 'tests/fixtures/deps-server');

/** depcruise with the repository's rules and its default reporter (what `npm test` shows). */
function cruise(cwd: string, paths: string[]) {
  const result = spawnSync(
    join(root, 'node_modules/.bin/depcruise'),
    ['--config', join(root, '.dependency-cruiser.cjs'), ...paths],
    { cwd, encoding: 'utf8' },
  );
  return { status: result.status, output: `${result.stdout}${result.stderr}` };
}

test("a feature importing another feature's internals fails the check", () => {
  const { status, output } = cruise(fixture, ['packages']);
  expect(status).not.toBe(0);
  expect(output).toContain(
    'error no-feature-internals: packages/features/alpha/Alpha.ts → packages/features/beta/label.ts',
  );
  // Only that import and the style file's below: beta's other files and their use of ui are allowed.
  expect(output).toContain('2 dependency violations (2 errors, 0 warnings)');
});

test("a style file importing @memoria/ui's index instead of its theme fails the check", () => {
  const { output } = cruise(fixture, ['packages']);
  expect(output).toContain(
    'error styles-import-the-theme-not-components: packages/features/beta/beta.css.ts → packages/ui/src/index.ts',
  );
  expect(output).not.toContain(
    'packages/features/beta/beta.css.ts → packages/ui/src/theme/index.ts',
  );
});

describe("the server's layers", () => {
  const { status, output } = cruise(serverFixture, ['packages']);
  const src = 'packages/server/src';
  const modules = '../../../node_modules';

  test.each([
    ['no-route-imports-another-route', 'routes/alpha/handlers.ts', `${src}/routes/beta/helper.ts`],
    ['services-import-no-routes', 'services/gamma/service.ts', `${src}/routes/alpha/local.ts`],
    ['server-domain-is-pure', 'domain/rule.ts', `${src}/db/queries/rows.ts`],
    ['server-storage-only-in-db', 'routes/beta/helper.ts', `${src}/db/schema.ts`],
    ['server-storage-only-in-db', 'routes/beta/helper.ts', 'drizzle-orm'],
    [
      'server-vendor-sdks-only-in-providers',
      'routes/beta/helper.ts',
      `${modules}/mercadopago/dist/index.js`,
    ],
    ['server-production-imports-no-test-code', 'routes/beta/helper.ts', `${src}/test/support.ts`],
    [
      'server-production-imports-no-test-code',
      'routes/beta/helper.ts',
      `${src}/routes/beta/sample.fixtures.ts`,
    ],
    [
      'server-production-imports-no-test-code',
      'routes/beta/helper.ts',
      `${modules}/vitest/dist/index.d.ts`,
    ],
  ])('%s fails %s → %s', (rule, from, to) => {
    expect(status).not.toBe(0);
    expect(output).toContain(`error ${rule}: ${src}/${from} → ${to}\n`);
  });

  test('a cycle of type-only imports fails no-circular', () => {
    expect(output).toMatch(
      /error no-circular: packages\/server\/src\/domain\/other\.ts → \s+packages\/server\/src\/domain\/rule\.ts →\s+packages\/server\/src\/domain\/other\.ts/,
    );
  });

  test('nothing else: the index, tests, test support, db/ and providers/ are allowed', () => {
    expect(output).toContain('10 dependency violations (10 errors, 0 warnings)');
  });
});

test('the real check skips the fixture tree', () => {
  const { status, output } = cruise(root, ['tests/fixtures']);
  expect(output).toContain('no dependency violations found');
  expect(status).toBe(0);
});

test('shipped code importing test support, a fixture or vitest fails the check', () => {
  const { status, output } = cruise(join(fixture, 'test-support'), ['packages']);
  expect(status).not.toBe(0);
  const rule = 'error production-never-imports-test-support: packages/features/gamma/Gamma.ts →';
  expect(output).toContain(`${rule} packages/features/gamma/test/fixtures.ts`);
  expect(output).toContain(`${rule} packages/features/gamma/card.fixtures.ts`);
  expect(output).toMatch(new RegExp(`${rule} \\S*node_modules/vitest/`));
  // Only those: the test file may import all three.
  expect(output).toContain('3 dependency violations (3 errors, 0 warnings)');
});
