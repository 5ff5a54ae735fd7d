/**
 * The events stream across instances: two app objects (each with its own pool and LISTEN
 * connection) on one PostgreSQL, each served over real HTTP.
 */
import type { AddressInfo } from 'node:net';
import { type ServerType, serve } from '@hono/node-server';
import { SignJWT } from 'jose';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestBackend, type TestBackend } from '../test/harness.ts';
import { readSse, type SseReader } from '../test/sse.ts';

interface Instance {
  backend: TestBackend;
  server: ServerType;
  origin: string;
}

async function startInstance(databaseUrl?: string): Promise<Instance> {
  const backend = await createTestBackend({ databaseUrl, events: { heartbeatMs: 200 } });
  const server = await new Promise<ServerType>((resolve) => {
    const s = serve({ fetch: backend.app.fetch, port: 0, hostname: '127.0.0.1' }, () => resolve(s));
  });
  const { port } = server.address() as AddressInfo;
  return { backend, server, origin: `http://127.0.0.1:${port}` };
}

async function stopInstance(instance: Instance): Promise<void> {
  await instance.backend.deps.events.close();
  (instance.server as import('node:http').Server).closeAllConnections?.();
  await new Promise<void>((resolve) => instance.server.close(() => resolve()));
  await instance.backend.close();
}

async function openStream(instance: Instance, token: string | undefined, lastEventId?: number) {
  const headers: Record<string, string> = { accept: 'text/event-stream' };
  if (token) headers.authorization = `Bearer ${token}`;
  if (lastEventId !== undefined) headers['last-event-id'] = String(lastEventId);
  return fetch(`${instance.origin}/be/api/events/`, { headers });
}

async function connect(instance: Instance, token: string, lastEventId?: number) {
  const res = await openStream(instance, token, lastEventId);
  expect(res.status).toBe(200);
  expect(res.headers.get('content-type')).toMatch(/^text\/event-stream/);
  const sse = readSse(res.body as ReadableStream<Uint8Array>);
  const ready = await sse.nextEvent();
  expect(ready.event).toBe('ready');
  return { sse, ready: JSON.parse(ready.data ?? '{}') };
}

let a: Instance;
let b: Instance;
let owner: Awaited<ReturnType<TestBackend['signUp']>>;
let learner: Awaited<ReturnType<TestBackend['signUp']>>;
let deckCount = 0;

/** Shares a new deck of `owner` with `learner` through instance A. */
async function shareNewDeck(): Promise<string> {
  deckCount += 1;
  const name = `Desk ${deckCount}`;
  const deck = await a.backend.request('POST', '/be/api/space-repetition/desks/', {
    token: owner.access,
    body: { name },
  });
  expect(deck.status).toBe(201);
  const shared = await a.backend.request(
    'POST',
    `/be/api/space-repetition/desks/${deck.body.id}/share_multiple/`,
    { token: owner.access, body: { emails: [learner.user.email] } },
  );
  expect(shared.status).toBe(200);
  return name;
}

async function nextNotification(sse: SseReader) {
  const frame = await sse.nextEvent();
  expect(frame.event).toBe('notification');
  const data = JSON.parse(frame.data ?? '{}');
  expect(frame.id).toBe(String(data.id));
  return data as { id: number; kind: string; payload: { desk_name: string } };
}

beforeAll(async () => {
  a = await startInstance();
  b = await startInstance(a.backend.url);
  owner = await a.backend.signUp();
  learner = await a.backend.signUp();
});

afterAll(async () => {
  await stopInstance(b);
  await stopInstance(a);
});

describe('GET /events/', () => {
  it('delivers a deck share made through instance A to a client of instance B', async () => {
    const { sse, ready } = await connect(b, learner.access);
    expect(ready.heartbeat_seconds).toBe(0); // 200 ms in this test
    expect(Date.parse(ready.expires_at)).toBeGreaterThan(Date.now());
    const name = await shareNewDeck();
    const event = await nextNotification(sse);
    expect(event).toMatchObject({
      kind: 'desk_shared',
      actor_username: owner.user.username,
      seen_at: null,
      payload: { desk_name: name, from_username: owner.user.username },
    });
    expect(b.backend.deps.events.size).toBe(1);
    await sse.cancel();
    // The client went away: the instance forgets its stream.
    await expect.poll(() => b.backend.deps.events.size).toBe(0);
  });

  it('sends heartbeat comments between events', async () => {
    const { sse } = await connect(b, learner.access);
    const frame = await sse.next(2000);
    expect(frame.comments).toEqual(['heartbeat']);
    await sse.cancel();
  });

  it('replays exactly the events missed after Last-Event-ID, across an instance restart', async () => {
    const first = await connect(b, learner.access);
    await shareNewDeck();
    const seen = await nextNotification(first.sse);
    await first.sse.cancel();

    const missed = [await shareNewDeck(), await shareNewDeck()];
    // B goes away; a fresh instance C on the same database serves the reconnect.
    const c = await startInstance(a.backend.url);
    try {
      const again = await connect(c, learner.access, seen.id);
      expect(again.ready.last_event_id).toBe(seen.id);
      const replayed = [await nextNotification(again.sse), await nextNotification(again.sse)];
      expect(replayed.map((n) => n.payload.desk_name)).toEqual(missed);
      expect(replayed[0]?.id).toBeGreaterThan(seen.id);
      // Nothing repeated: the next event is the next new one.
      const later = await shareNewDeck();
      expect((await nextNotification(again.sse)).payload.desk_name).toBe(later);
      await again.sse.cancel();
    } finally {
      await stopInstance(c);
    }
  });

  it('starts after the newest notification when no Last-Event-ID is sent', async () => {
    const { sse, ready } = await connect(b, learner.access);
    const list = await b.backend.request('GET', '/be/api/notifications/', {
      token: learner.access,
    });
    expect(ready.last_event_id).toBe(list.body.results[0].id);
    const name = await shareNewDeck();
    expect((await nextNotification(sse)).payload.desk_name).toBe(name);
    await sse.cancel();
  });

  it('refuses a missing or expired token with 401, and a malformed Last-Event-ID with 400', async () => {
    const missing = await openStream(b, undefined);
    expect(missing.status).toBe(401);
    expect(await missing.json()).toMatchObject({ code: 'not_authenticated' });

    const expired = await new SignJWT({ typ: 'access' })
      .setProtectedHeader({ alg: 'HS256' })
      .setSubject(String(learner.user.id))
      .setIssuer('memoria')
      .setIssuedAt(Math.floor(Date.now() / 1000) - 120)
      .setExpirationTime(Math.floor(Date.now() / 1000) - 60)
      .sign(b.backend.deps.jwtSecret);
    const refused = await openStream(b, expired);
    expect(refused.status).toBe(401);
    expect(await refused.json()).toMatchObject({ code: 'token_invalid' });

    const bad = await fetch(`${b.origin}/be/api/events/`, {
      headers: { authorization: `Bearer ${learner.access}`, 'last-event-id': 'abc' },
    });
    expect(bad.status).toBe(400);
    expect((await bad.json()).fields).toHaveProperty(['Last-Event-ID']);
  });

  it('ends the stream when the access token expires', async () => {
    const shortLived = await new SignJWT({ typ: 'access' })
      .setProtectedHeader({ alg: 'HS256' })
      .setSubject(String(learner.user.id))
      .setIssuer('memoria')
      .setIssuedAt()
      .setExpirationTime(Math.floor(Date.now() / 1000) + 2)
      .sign(b.backend.deps.jwtSecret);
    const { sse } = await connect(b, shortLived);
    await sse.ended;
    expect(b.backend.deps.events.size).toBe(0);
  });

  it('keeps at most 10 streams a user: the 11th ends the oldest with a closed event', async () => {
    const opened = [];
    for (let i = 0; i < 10; i++) opened.push(await connect(b, owner.access));
    expect(b.backend.deps.events.size).toBe(10);
    const eleventh = await connect(b, owner.access);
    // The oldest is told why (its client waits before taking a stream again), then ended.
    const closed = await opened[0]?.sse.nextEvent();
    expect(closed?.event).toBe('closed');
    expect(JSON.parse(closed?.data ?? '{}')).toEqual({ reason: 'stream_limit' });
    await opened[0]?.sse.ended;
    expect(b.backend.deps.events.size).toBe(10);
    // The others and the newest are still live: a notification reaches each of them.
    const share = await a.backend.request('POST', '/be/api/space-repetition/desks/', {
      token: learner.access,
      body: { name: 'Shared back' },
    });
    expect(share.status).toBe(201);
    const shared = await a.backend.request(
      'POST',
      `/be/api/space-repetition/desks/${share.body.id}/share_multiple/`,
      { token: learner.access, body: { emails: [owner.user.email] } },
    );
    expect(shared.status).toBe(200);
    for (const { sse } of [...opened.slice(1), eleventh]) {
      expect((await nextNotification(sse)).payload.desk_name).toBe('Shared back');
    }
    for (const { sse } of [...opened.slice(1), eleventh]) await sse.cancel();
    await expect.poll(() => b.backend.deps.events.size).toBe(0);
  });

  it('closes open streams when the instance shuts down', async () => {
    const d = await startInstance(a.backend.url);
    const { sse } = await connect(d, learner.access);
    expect(d.backend.deps.events.size).toBe(1);
    await d.backend.deps.events.close();
    await sse.ended;
    expect(d.backend.deps.events.size).toBe(0);
    await stopInstance(d);
  });
});
