import { sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it, vi } from 'vitest';
import { createLogger, errorFields, REDACTED } from './log.ts';
import { createTestBackend, type TestBackend } from './test/harness.ts';

let t: TestBackend;
beforeAll(async () => {
  t = await createTestBackend();
});
afterAll(async () => {
  await t?.close();
});

/** Every line the logger writes while `run` runs. */
async function captured(run: () => unknown): Promise<string> {
  const lines: string[] = [];
  const capture = (chunk: string | Uint8Array) => {
    lines.push(String(chunk));
    return true;
  };
  const out = vi.spyOn(process.stdout, 'write').mockImplementation(capture);
  const err = vi.spyOn(process.stderr, 'write').mockImplementation(capture);
  try {
    await run();
  } finally {
    out.mockRestore();
    err.mockRestore();
  }
  return lines.join('');
}

describe('logs', () => {
  it('never write the parameters of a failed query', async () => {
    const secretHash = '$argon2id$v=19$m=19456,t=2,p=1$c2FsdHNhbHQ$secret-hash-value';
    const error = await t.deps.db
      .execute(sql`select ${'victim@example.com'}::int, ${secretHash}::text`)
      .then(
        () => null,
        (e: unknown) => e,
      );
    expect(String(error)).toContain('victim@example.com'); // the driver's own message has them
    const output = await captured(() =>
      createLogger('error').error('unhandled error', errorFields(error)),
    );
    expect(output).toContain('Failed query');
    expect(output).toContain('invalid input syntax for type integer');
    expect(output).not.toContain('victim@example.com');
    expect(output).not.toContain('secret-hash-value');
  });

  it('redact secret fields at any depth', async () => {
    const output = await captured(() =>
      createLogger('info').info('request', {
        body: {
          email: 'ana@example.com',
          password: 'hunter22',
          password2: 'hunter22',
          nested: [{ refresh: 'r-token', access: 'a-token', password_hash: 'h' }],
        },
        headers: { authorization: 'Bearer abc', cookie: 'sid=1' },
      }),
    );
    const entry = JSON.parse(output);
    expect(entry.body.email).toBe('ana@example.com');
    expect(entry.body.password).toBe(REDACTED);
    expect(entry.body.password2).toBe(REDACTED);
    expect(entry.body.nested[0]).toEqual({
      refresh: REDACTED,
      access: REDACTED,
      password_hash: REDACTED,
    });
    expect(entry.headers).toEqual({ authorization: REDACTED, cookie: REDACTED });
  });

  it('log request paths without their query string', async () => {
    const lines = await captured(async () => {
      const logged = await createTestBackend({ logger: createLogger('info') });
      try {
        // Not a health probe: those log at debug (app.ts), below this logger's level.
        await logged.app.request('/be/api/auth/users/me/?token=top-secret&email=a@b.c');
      } finally {
        await logged.close();
      }
    });
    const request = lines
      .split('\n')
      .filter(Boolean)
      .map((l) => JSON.parse(l))
      .find((e) => e.msg === 'request');
    expect(request.path).toBe('/be/api/auth/users/me/');
    expect(lines).not.toContain('top-secret');
  });
});
