import { mkdtemp, rm } from 'node:fs/promises';
import os from 'node:os';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { type Backend, DataDirLockedError, startBackend } from '../index.ts';

// A real start-up on its own data folder: initdb, migrate, seed, stop, start again.
let dataDir: string;
beforeAll(async () => {
  dataDir = await mkdtemp(path.join(os.tmpdir(), 'memoria-persist-'));
});
afterAll(async () => {
  await rm(dataDir, { recursive: true, force: true });
});

async function call(backend: Backend, method: string, p: string, body?: unknown) {
  const res = await backend.fetch(
    new Request(`http://localhost/be/api${p}`, {
      method,
      headers: { 'content-type': 'application/json' },
      body: body === undefined ? undefined : JSON.stringify(body),
    }),
  );
  return { status: res.status, body: res.status === 204 ? undefined : await res.json() };
}

describe('startBackend on a data folder', () => {
  it('keeps registered users across a stop and a start, and refuses a locked folder', async () => {
    const first = await startBackend({ dataDir, seed: true });
    try {
      expect(first.databaseUrl).toMatch(/^postgres:\/\/.+@127\.0\.0\.1:\d+\/memoria$/);
      expect(first.implemented.implemented).toBeGreaterThanOrEqual(9);
      const created = await call(first, 'POST', '/auth/users/', {
        email: 'keeper@example.com',
        username: 'keeper',
        password: 'keep-me-please',
        password2: 'keep-me-please',
      });
      expect(created.status).toBe(201);
      const demo = await call(first, 'POST', '/auth/token/', {
        email: 'demo@memoria.app',
        password: 'demo-password',
      });
      expect(demo.status).toBe(200);

      const second = startBackend({ dataDir });
      await expect(second).rejects.toBeInstanceOf(DataDirLockedError);
      await expect(second).rejects.toThrow(
        /Another Memoria instance is using .*postgres \(pid \d+\)\. Stop it or set DATA_DIR\/DATABASE_URL\./,
      );
    } finally {
      await first.close();
    }

    const again = await startBackend({ dataDir, seed: true });
    try {
      const token = await call(again, 'POST', '/auth/token/', {
        email: 'keeper@example.com',
        password: 'keep-me-please',
      });
      expect(token.status).toBe(200);
      const me = await again.fetch(
        new Request('http://localhost/be/api/auth/users/me/', {
          headers: { authorization: `Bearer ${token.body.access}` },
        }),
      );
      expect((await me.json()).username).toBe('keeper');
      const standard = await call(again, 'POST', '/auth/token/', {
        email: 'standard@memoria.app',
        password: 'standard-password',
      });
      expect(standard.status).toBe(200);
    } finally {
      await again.close();
    }
  }, 120_000);
});
