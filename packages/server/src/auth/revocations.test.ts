/**
 * Issue 38, item 8: logging out (or a replayed refresh token) ends the session's access tokens at
 * once, on this instance and on every other instance sharing the database.
 */
import { decodeJwt } from 'jose';
import { afterAll, beforeAll, describe, expect, it, vi } from 'vitest';
import { createTestBackend, type TestBackend } from '../test/harness.ts';
import { readSse } from '../test/sse.ts';

let a: TestBackend;
let b: TestBackend;
beforeAll(async () => {
  a = await createTestBackend();
  // A second instance on the same database, with its own pool and LISTEN connection.
  b = await createTestBackend({ databaseUrl: a.url });
});
afterAll(async () => {
  await b?.close();
  await a?.close();
});

const TOKEN = '/be/api/auth/token/';
const REFRESH = '/be/api/auth/token/refresh/';
const LOGOUT = '/be/api/auth/logout/';
const ME = '/be/api/auth/users/me/';

/** Until instance `t` answers `status` to GET me with `access` (the signal is asynchronous). */
async function eventually(t: TestBackend, access: string, status: number) {
  const me = () => t.request('GET', ME, { token: access });
  await expect.poll(async () => (await me()).status).toBe(status);
  if (status === 401) expect((await me()).body.code).toBe('token_invalid');
}

describe('session revocation', () => {
  it('names the session in the access token: the refresh-token family', async () => {
    const { access, refresh } = await a.signUp();
    const sid = decodeJwt(access).sid;
    expect(sid).toMatch(/^[0-9a-f-]{36}$/);
    const rotated = await a.request('POST', REFRESH, { body: { refresh } });
    expect(decodeJwt(rotated.body.access).sid).toBe(sid);
  });

  it('answers 401 to a logged-out access token on the same and on another instance', async () => {
    const { access, refresh } = await a.signUp();
    // Both instances know the token as valid first (and have it in their verified cache).
    expect((await a.request('GET', ME, { token: access })).status).toBe(200);
    expect((await b.request('GET', ME, { token: access })).status).toBe(200);
    await b.deps.sessions.start();
    expect(b.deps.sessions.live).toBe(true);

    const out = await a.request('POST', LOGOUT, { body: { refresh } });
    expect(out.status).toBe(204);
    const same = await a.request('GET', ME, { token: access });
    expect(same.status).toBe(401);
    expect(same.body.code).toBe('token_invalid');
    await eventually(b, access, 401);
  });

  it('keeps other sessions of the same user working', async () => {
    const first = await a.signUp();
    const second = await a.request('POST', TOKEN, {
      body: { email: first.user.email, password: first.password },
    });
    await a.request('POST', LOGOUT, { body: { refresh: first.refresh } });
    expect((await a.request('GET', ME, { token: second.body.access })).status).toBe(200);
    expect((await b.request('GET', ME, { token: second.body.access })).status).toBe(200);
  });

  it('ends the session of the bearer token sent with logout, without a refresh token', async () => {
    const { access } = await a.signUp();
    const out = await b.request('POST', LOGOUT, { body: {}, token: access });
    expect(out.status).toBe(204);
    expect((await b.request('GET', ME, { token: access })).status).toBe(401);
    await eventually(a, access, 401);
  });

  it('ends the event streams of a logged-out session on every instance, and only those', async () => {
    const first = await a.signUp();
    const second = await a.request('POST', TOKEN, {
      body: { email: first.user.email, password: first.password },
    });
    await b.deps.sessions.start();
    const open = async (t: TestBackend, access: string) => {
      const res = await t.app.fetch(
        new Request('http://memoria.test/be/api/events/', {
          headers: { authorization: `Bearer ${access}` },
        }),
      );
      expect(res.status).toBe(200);
      const sse = readSse(res.body as ReadableStream<Uint8Array>);
      expect((await sse.nextEvent()).event).toBe('ready');
      return sse;
    };
    const onA = await open(a, first.access);
    const onB = await open(b, first.access);
    const other = await open(b, second.body.access);

    expect((await a.request('POST', LOGOUT, { body: { refresh: first.refresh } })).status).toBe(
      204,
    );
    // Both of the session's streams end (B hears of it through the channel); the same user's
    // other session keeps its stream.
    await onA.ended;
    await onB.ended;
    let otherEnded = false;
    void other.ended.then(() => {
      otherEnded = true;
    });
    await a.request('GET', ME, { token: second.body.access });
    expect(otherEnded).toBe(false);
    await other.cancel();
  });

  it('ends the access tokens of a family revoked for a replayed refresh token', async () => {
    const { access, refresh: stolen } = await a.signUp();
    const rotated = await a.request('POST', REFRESH, { body: { refresh: stolen } });
    expect(rotated.status).toBe(200);
    expect((await b.request('GET', ME, { token: rotated.body.access })).status).toBe(200);
    // The owner goes on (the successor is used): the stolen token shown again is a replay.
    const moved = await a.request('POST', REFRESH, { body: { refresh: rotated.body.refresh } });
    expect(moved.status).toBe(200);
    const replay = await a.request('POST', REFRESH, { body: { refresh: stolen } });
    expect(replay.status).toBe(401);
    expect((await a.request('GET', ME, { token: access })).status).toBe(401);
    expect((await a.request('GET', ME, { token: rotated.body.access })).status).toBe(401);
    await eventually(b, rotated.body.access, 401);
  });

  it('loads the table again after its LISTEN connection dropped (signals may be missed)', async () => {
    const { access } = await a.signUp();
    expect((await b.request('GET', ME, { token: access })).status).toBe(200);
    await b.deps.sessions.start();
    expect(b.deps.sessions.live).toBe(true);
    // A revocation whose signal never arrives: the row only, no NOTIFY.
    const sid = decodeJwt(access).sid as string;
    await a.deps.sql`insert into revoked_sessions (sid, expires_at)
      values (${sid}, now() + interval '16 minutes')`;
    expect((await b.request('GET', ME, { token: access })).status).toBe(200);
    // The listening connections go away; postgres.js listens again and the copy is reloaded.
    // One connection of a pool carries every channel's LISTEN, and pg_stat_activity shows only
    // its last one (the events hub's, once a stream was opened): end every listening one.
    await a.deps.sql`select pg_terminate_backend(pid) from pg_stat_activity
      where datname = current_database() and query ilike 'listen%'`;
    await vi.waitFor(
      async () => expect((await b.request('GET', ME, { token: access })).status).toBe(401),
      { timeout: 10_000, interval: 50 },
    );
  });

  it('reads the table while an instance cannot trust its copy (a missed signal)', async () => {
    const { access, refresh } = await a.signUp();
    const other = b.deps.sessions;
    await other.close(); // b no longer listens: a signal would be missed
    expect(other.live).toBe(false);
    await a.request('POST', LOGOUT, { body: { refresh } });
    const res = await b.request('GET', ME, { token: access });
    expect(res.status).toBe(401);
    expect(res.body.code).toBe('token_invalid');
  });
});
