// The container files cannot be run here (no container engine, no registry): these checks hold
// them to what the release test (tests/e2e/release.e2e.test.ts) runs and to each other.
import { spawnSync } from 'node:child_process';
import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';

const root = join(import.meta.dirname, '../..');
const read = (file: string) => readFileSync(join(root, file), 'utf8');

describe('the deployment files', () => {
  it('HAProxy accepts deploy/haproxy.cfg (haproxy -c)', () => {
    const checked = spawnSync('haproxy', ['-c', '-f', 'deploy/haproxy.cfg'], {
      cwd: root,
      encoding: 'utf8',
      env: { ...process.env, PATH: `/usr/sbin:/usr/local/sbin:${process.env.PATH}` },
    });
    expect(checked.error, 'haproxy is installed (.ci/run installs it)').toBeUndefined();
    expect(checked.stdout + checked.stderr).toContain('Configuration file is valid');
    expect(checked.status).toBe(0);
  });

  it('checks readiness with a Host, appends X-Forwarded-For and finds replicas by DNS', () => {
    const cfg = read('deploy/haproxy.cfg');
    expect(cfg).toMatch(
      /http-check send meth GET uri \/be\/api\/health\/ ver HTTP\/1\.1 hdr Host \S+/,
    );
    expect(cfg).toMatch(/^\s*option forwardfor\s*$/m);
    expect(cfg).toMatch(/^\s*server-template app \d+ app:4321\s*$/m);
    expect(cfg).toMatch(/resolvers docker/);
    // A compression filter would hold back event-stream frames; HAProxy streams otherwise.
    expect(cfg).not.toMatch(/^\s*(compression|filter) /m);
  });

  it('builds the image with build:release, runs it as a non-root user with a liveness check', () => {
    const dockerfile = read('Dockerfile');
    expect(dockerfile).toMatch(/^FROM node:24-bookworm-slim AS build$/m);
    expect(dockerfile).toMatch(/^RUN npm run build:release$/m);
    expect(dockerfile).toMatch(/^COPY --from=build \/src\/release\/ \.\/$/m);
    expect(dockerfile).toMatch(/^USER node$/m);
    expect(dockerfile).toMatch(/^HEALTHCHECK .*\n.*\/be\/api\/health\/live\//m);
    expect(dockerfile).toMatch(/^ENV NODE_ENV=production/m);
    expect(read('.dockerignore')).toMatch(/^release$/m);
  });

  it('documents in .env.example every variable compose.yaml reads from it, and no other', () => {
    const compose = read('compose.yaml');
    const used = new Set([...compose.matchAll(/\$\{([A-Z_]+)/g)].map((m) => m[1]));
    const documented = new Set(
      [...read('.env.example').matchAll(/^([A-Z_]+)=/gm)].map((m) => m[1]),
    );
    expect([...used].sort()).toEqual([...documented].sort());
    for (const required of ['POSTGRES_PASSWORD', 'PUBLIC_URL', 'JWT_SECRET']) {
      expect(compose).toContain(`\${${required}:?`);
    }
  });
});
