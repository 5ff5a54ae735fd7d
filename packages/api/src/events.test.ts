/**
 * The events stream client against a real HTTP server (src/test/http-server.ts) that answers
 * `GET /be/api/events/` with server-sent events it writes itself.
 */

import type { ServerResponse } from 'node:http';
import { QueryClient, QueryObserver } from '@tanstack/react-query';
import { atom, type WritableAtom } from 'nanostores';
import { afterAll, beforeAll, beforeEach, describe, expect, test, vi } from 'vitest';
import { createApiClient } from './client.ts';
import {
  createEventStream,
  type EventStream,
  type EventStreamOptions,
  getEventStream,
} from './events.ts';
import { notificationKeys } from './notifications.ts';
import { duelRequestQueries } from './query.ts';
import { getAccessToken, saveTokens } from './session.ts';
import { $eventsConnection, type EventsConnection, pollUnlessStreamed } from './stores.ts';
import { startTestServer, type TestServer } from './test/http-server.ts';

const EVENTS = '/be/api/events/';
let server: TestServer;
let streams: EventStream[] = [];

function setURL(url: string): void {
  (globalThis as unknown as { happyDOM: { setURL(url: string): void } }).happyDOM.setURL(url);
}

beforeAll(async () => {
  server = await startTestServer();
  setURL(`${server.origin}/app`);
});

afterAll(async () => {
  for (const s of streams) s.stop();
  await server.close();
});

beforeEach(() => {
  for (const s of streams) s.stop();
  streams = [];
  server.reset();
  localStorage.clear();
});

/** A stream with its own state store and QueryClient, on the test server. */
function setup(
  invalidations?: Record<string, readonly (readonly unknown[])[]>,
  shared?: WritableAtom<EventsConnection>,
  more: Pick<EventStreamOptions, 'whenShown'> = {},
) {
  const store =
    shared ??
    atom<EventsConnection>({
      status: 'off',
      polling: true,
      lastEventId: null,
      streamedKeys: [],
    });
  const queryClient = new QueryClient();
  const client = createApiClient({ baseUrl: `${server.origin}/be/api`, navigate: vi.fn() });
  const stream = createEventStream({
    baseUrl: `${server.origin}/be/api`,
    client,
    queryClient,
    store,
    invalidations,
    retryMs: 20,
    maxRetryMs: 40,
    ...more,
  });
  streams.push(stream);
  return { store, queryClient, stream };
}

const open = (res: ServerResponse, lastEventId = 0) => {
  res.writeHead(200, { 'Content-Type': 'text/event-stream', 'Cache-Control': 'no-store' });
  res.write(
    `retry: 3000\nevent: ready\ndata: ${JSON.stringify({ last_event_id: lastEventId, heartbeat_seconds: 25, expires_at: '2030-01-01T00:00:00Z' })}\n\n`,
  );
};
const notification = (res: ServerResponse, id: number) =>
  res.write(`id: ${id}\nevent: notification\ndata: ${JSON.stringify({ id })}\n\n`);

const until = (check: () => boolean) => expect.poll(check).toBe(true);

/** The events stream answers 503 until `up` is set, then streams: an outage and its end. */
function streamAfterOutage(): { up: boolean } {
  const service = { up: false };
  server.handle((req) => {
    if (!req.path.startsWith(EVENTS)) return { status: 404 };
    if (!service.up) return { status: 503, body: { detail: 'down', code: 'unavailable' } };
    return { stream: (res) => open(res) };
  });
  return service;
}

/** The events stream goes live at each connection; `live()` is the newest, to write events to. */
function liveStream(): () => ServerResponse {
  let live: ServerResponse | undefined;
  server.handle((req) => {
    if (!req.path.startsWith(EVENTS)) return { status: 404 };
    return {
      stream: (res) => {
        live = res;
        open(res);
      },
    };
  });
  return () => live as ServerResponse;
}

describe('events stream client', () => {
  test('sends the bearer header (never a token in the URL), goes live, invalidates named keys', async () => {
    saveTokens({ access: 'access-1', refresh: 'refresh-1' });
    const live = liveStream();
    const { store, queryClient, stream } = setup();
    const listKey = notificationKeys.list(20);
    queryClient.setQueryData(listKey, { count: 0, results: [] });
    const other = ['space-repetition', 'desks'];
    queryClient.setQueryData(other, { current_streak: 1 });
    stream.start();
    stream.start(); // idempotent: still one connection
    await until(() => store.get().status === 'live');
    expect(store.get().polling).toBe(false);
    const [request, ...more] = server.hits(EVENTS);
    expect(more).toEqual([]);
    expect(request?.path).toBe(EVENTS);
    expect(request?.headers.authorization).toBe('Bearer access-1');
    expect(request?.headers['last-event-id']).toBeUndefined();

    queryClient.setQueryData(listKey, { count: 0, results: [] }); // fresh again after ready
    notification(live(), 42);
    await until(() => queryClient.getQueryState(listKey)?.isInvalidated === true);
    expect(queryClient.getQueryState(other)?.isInvalidated).toBe(false);
    expect(store.get().lastEventId).toBe(42);
  });

  test('an event during the first load of a query on screen reads it again after that load', async () => {
    // The opponent moves while the match page's first read is on its way: that read may have
    // been answered before the move, so the event must not just wait for it (TanStack Query
    // joins a first fetch in flight instead of starting one).
    saveTokens({ access: 'access-1', refresh: 'refresh-1' });
    const live = liveStream();
    const { store, queryClient, stream } = setup({ match_progress: [['duels', 'matches']] });
    stream.start();
    await until(() => store.get().status === 'live');
    let answerFirst: (phase: string) => void = () => {};
    const reads: string[] = [];
    const key = ['duels', 'matches', 'detail', 7];
    const observer = new QueryObserver(queryClient, {
      queryKey: key,
      queryFn: () => {
        reads.push('read');
        if (reads.length > 1) return Promise.resolve('pick');
        return new Promise<string>((resolve) => {
          answerFirst = resolve;
        });
      },
    });
    const unsubscribe = observer.subscribe(() => {});
    try {
      await until(() => reads.length === 1);
      live().write('event: match_progress\ndata: {"match_id":7}\n\n');
      // The event reached the client while the first read was unanswered; it answers the old state.
      await until(() => queryClient.getQueryState(key)?.isInvalidated === true || reads.length > 1);
      answerFirst('veto');
      await until(() => observer.getCurrentResult().data === 'pick');
      expect(reads).toHaveLength(2);
    } finally {
      unsubscribe();
    }
  });

  test('reconnects with Last-Event-ID after the server ends the stream', async () => {
    saveTokens({ access: 'access-1', refresh: 'refresh-1' });
    let calls = 0;
    server.handle((req) => {
      if (!req.path.startsWith(EVENTS)) return { status: 404 };
      calls += 1;
      const first = calls === 1;
      return {
        stream: (res) => {
          open(res);
          if (first) {
            notification(res, 7);
            res.end(); // e.g. the token expired
          }
        },
      };
    });
    const { store, stream } = setup();
    stream.start();
    await until(() => server.hits(EVENTS).length === 2);
    expect(server.hits(EVENTS)[1]?.headers['last-event-id']).toBe('7');
    await until(() => store.get().status === 'live');
  });

  test('ended for a newer stream of the user (closed, stream_limit), polls until shown again', async () => {
    saveTokens({ access: 'access-1', refresh: 'refresh-1' });
    let calls = 0;
    server.handle((req) => {
      if (!req.path.startsWith(EVENTS)) return { status: 404 };
      calls += 1;
      const first = calls === 1;
      return {
        stream: (res) => {
          open(res);
          if (first) {
            notification(res, 9);
            res.end(`event: closed\ndata: ${JSON.stringify({ reason: 'stream_limit' })}\n\n`);
          }
        },
      };
    });
    let show: () => void = () => {};
    let waiting = false;
    const { store, stream } = setup(undefined, undefined, {
      whenShown: () =>
        new Promise<void>((resolve) => {
          waiting = true;
          show = resolve;
        }),
    });
    stream.start();
    await until(() => waiting);
    // Down (so polled queries poll), and no second stream taken from the user's other tabs.
    expect(store.get()).toMatchObject({ status: 'down', polling: true, lastEventId: 9 });
    expect(server.hits(EVENTS)).toHaveLength(1);
    show();
    await until(() => store.get().status === 'live');
    expect(server.hits(EVENTS).map((r) => r.headers['last-event-id'])).toEqual([undefined, '9']);
  });

  test('by default, a stream ended for a newer one comes back when the window takes the focus', async () => {
    saveTokens({ access: 'access-1', refresh: 'refresh-1' });
    let calls = 0;
    server.handle((req) => {
      if (!req.path.startsWith(EVENTS)) return { status: 404 };
      calls += 1;
      const first = calls === 1;
      return {
        stream: (res) => {
          open(res);
          if (first) {
            res.end(`event: closed\ndata: ${JSON.stringify({ reason: 'stream_limit' })}\n\n`);
          }
        },
      };
    });
    const { store, stream } = setup();
    stream.start();
    await until(() => server.hits(EVENTS).length === 1 && store.get().status === 'down');
    window.dispatchEvent(new Event('focus'));
    await until(() => store.get().status === 'live');
    expect(server.hits(EVENTS)).toHaveLength(2);
  });

  test('after a reconnect, refreshes what the replay cannot bring back (duel progress, activity)', async () => {
    saveTokens({ access: 'access-1', refresh: 'refresh-1' });
    let calls = 0;
    let release: () => void = () => {};
    const reconnected = new Promise<void>((resolve) => {
      release = resolve;
    });
    server.handle((req) => {
      if (!req.path.startsWith(EVENTS)) return { status: 404 };
      calls += 1;
      const first = calls === 1;
      return {
        stream: (res) => {
          if (!first) {
            void reconnected.then(() => open(res));
            return;
          }
          open(res);
          notification(res, 7);
          res.end(); // the connection dropped
        },
      };
    });
    const { store, queryClient, stream } = setup({
      notification: [['notifications']],
      duel_progress: [['duels']],
      activity: [['progress']],
    });
    stream.start();
    await until(() => server.hits(EVENTS).length === 2);
    // Fresh while the stream is down; the opponent's duel_progress is sent meanwhile and lost.
    const duel = ['duels', 'duel', 41];
    const progress = ['progress', 'summary'];
    const notifications = ['notifications', 'list', 20];
    for (const key of [duel, progress, notifications]) queryClient.setQueryData(key, {});
    release();
    await until(() => store.get().status === 'live');
    expect(server.hits(EVENTS)[1]?.headers['last-event-id']).toBe('7');
    await until(() => queryClient.getQueryState(duel)?.isInvalidated === true);
    expect(queryClient.getQueryState(progress)?.isInvalidated).toBe(true);
    // Notifications after id 7 are replayed by the server: the bell is not read again for them.
    expect(queryClient.getQueryState(notifications)?.isInvalidated).toBe(false);
  });

  test('on 401 reconnects with a token from the client’s refresh', async () => {
    saveTokens({ access: 'expired', refresh: 'refresh-1' });
    server.handle((req) => {
      if (req.path.startsWith('/be/api/auth/token/refresh/')) {
        return { status: 200, body: { access: 'fresh', refresh: 'refresh-2' } };
      }
      if (req.headers.authorization !== 'Bearer fresh') {
        return { status: 401, body: { detail: 'expired', code: 'token_invalid' } };
      }
      return { stream: (res) => open(res) };
    });
    const { store, stream } = setup();
    stream.start();
    await until(() => store.get().status === 'live');
    expect(getAccessToken()).toBe('fresh');
    expect(server.hits('/be/api/auth/token/refresh/')).toHaveLength(1);
    expect(server.hits(EVENTS).map((r) => r.headers.authorization)).toEqual([
      'Bearer expired',
      'Bearer fresh',
    ]);
  });

  test('while the stream is down, says so and polled queries keep their 10 s polling', async () => {
    saveTokens({ access: 'access-1', refresh: 'refresh-1' });
    const service = streamAfterOutage();
    const pending = ['friends', 'pending'] as const;
    // The page's store, which the polled queries read; an event type here names friends.
    const { store, stream } = setup({ notification: [['friends']] }, $eventsConnection);
    const interval = pollUnlessStreamed(pending, 10_000);
    const unrelated = pollUnlessStreamed(['duelRequests', 'pending'], 10_000);
    stream.start();
    await until(() => store.get().status === 'down');
    expect(store.get().polling).toBe(true);
    expect(interval()).toBe(10_000);
    service.up = true;
    await until(() => store.get().status === 'live');
    expect(store.get()).toMatchObject({ polling: false, streamedKeys: [['friends']] });
    // Live and carried by the stream: no polling; a key no event names keeps polling.
    expect(interval()).toBe(false);
    expect(unrelated()).toBe(10_000);
  });

  test('while the stream is down, duel requests (hub list and bell) poll every 10 s; live, they do not', async () => {
    saveTokens({ access: 'access-1', refresh: 'refresh-1' });
    const service = streamAfterOutage();
    // The product's own event types and the page's store, which the polled queries read.
    const { store, stream } = setup(undefined, $eventsConnection);
    const intervals = [duelRequestQueries.list(), duelRequestQueries.pending()].map(
      (options) => options.refetchInterval as () => number | false,
    );
    stream.start();
    await until(() => store.get().status === 'down');
    expect(intervals.map((interval) => interval())).toEqual([10_000, 10_000]);
    service.up = true;
    await until(() => store.get().status === 'live');
    expect(intervals.map((interval) => interval())).toEqual([false, false]);
  });

  test('stays off without an access token', async () => {
    const { store, stream } = setup();
    stream.start();
    await until(() => store.get().status === 'off');
    expect(server.hits(EVENTS)).toEqual([]);
  });

  test('one stream per page, shared by every caller', () => {
    expect(getEventStream()).toBe(getEventStream());
  });
});
