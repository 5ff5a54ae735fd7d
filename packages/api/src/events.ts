/**
 * The page's one events stream (`GET /be/api/events/`, server-sent events). EventSource cannot
 * send the `Authorization` header, so this reads the stream with fetch. Every island on a page
 * shares one connection (a singleton kept on globalThis, like the QueryClient); each event type
 * invalidates the TanStack Query keys it names. After a drop it reconnects with `Last-Event-ID`
 * (the server replays the notifications missed; the keys of the event types it cannot replay,
 * `UNREPLAYED_EVENTS`, are invalidated instead) and, on a 401, with a token from the client's own
 * refresh.
 * While it is not live, `$eventsConnection` says so and polled queries keep polling.
 */
import { useStore } from '@nanostores/react';
import { type QueryClient, useQueryClient } from '@tanstack/react-query';
import type { WritableAtom } from 'nanostores';
import { useEffect } from 'react';
import { type ApiClient, api } from './client.ts';
import { API_BASE_PATH } from './constants.ts';
import { duelKeys } from './duels.ts';
import { friendKeys } from './friends.ts';
import { invitationKeys } from './invitations.ts';
import { liveQuizKeys } from './live-quizzes.ts';
import { matchKeys } from './matches.ts';
import { notificationKeys } from './notifications.ts';
import { SUBSCRIPTION_CHANGE_KEYS } from './payments.ts';
import { getQueryClient, invalidateAndRefetch, queryKeys, useSignedIn } from './query.ts';
import type { components } from './schema.d.ts';
import { getAccessToken } from './session.ts';
import { $eventsConnection, $session, type EventsConnection } from './stores.ts';

export type StreamEventType = components['schemas']['StreamEvent']['event'];

type Keys = readonly (readonly unknown[])[];

/**
 * The query keys each event type makes stale. Every friend change (request, answer, cancel,
 * removal) reaches the other person as a `notification`, so it also refreshes the friends lists
 * and the friends ranking.
 */
export const EVENT_INVALIDATIONS: Record<StreamEventType, Keys> = {
  ready: [],
  notification: [
    notificationKeys.all,
    friendKeys.all,
    queryKeys.progress.rankings,
    duelKeys.all,
    queryKeys.duelRequests.all,
    // Someone used the caller's invitation: its status and the students or teachers changed.
    invitationKeys.all,
  ],
  // A review, duel response… recorded on any device: streak, charts and history are stale.
  activity: [queryKeys.progress.all],
  subscription_changed: [notificationKeys.all, ...SUBSCRIPTION_CHANGE_KEYS],
  // The opponent answered, joined or finished: the duel on screen and the duel lists are stale.
  duel_progress: [duelKeys.all, queryKeys.duelRequests.all],
  // A veto, pick, recall or result of a match the caller plays: the match and the lists are stale.
  match_progress: [matchKeys.all],
  // A live quiz moved (a step, or for its teachers a join or an answer): read it again.
  live_quiz: [liveQuizKeys.all],
  // The stream's last frame (the server ended it): nothing is stale by it.
  closed: [],
};

/**
 * Event types the server keeps no row of: it sends them only to the streams open at that moment,
 * and a reconnect with `Last-Event-ID` replays notifications only. So when a stream comes back,
 * what these would have refreshed is refreshed (a duel the opponent finished meanwhile, a
 * streak changed on another device).
 */
export const UNREPLAYED_EVENTS: readonly StreamEventType[] = [
  'activity',
  'duel_progress',
  'match_progress',
  'live_quiz',
];

/** First and largest delay between reconnect attempts after a failure (doubling in between). */
export const EVENTS_RETRY_MS = 1_000;
export const EVENTS_MAX_RETRY_MS = 30_000;

export type SseFrame = { id?: string; event?: string; data?: string };

type ClosedReason = components['schemas']['ClosedEvent']['data']['reason'];

/**
 * Resolves when the page is shown again (it becomes visible, or its window takes the focus): a
 * user's action, never a timer. Outside a browser, after `fallbackMs`.
 */
export function whenShown(signal: AbortSignal, fallbackMs: number): Promise<void> {
  return new Promise<void>((resolve) => {
    if (typeof document === 'undefined' || typeof window === 'undefined') {
      const timer = setTimeout(resolve, fallbackMs);
      const stop = () => {
        clearTimeout(timer);
        resolve();
      };
      signal.addEventListener('abort', stop, { once: true });
      return;
    }
    const done = () => {
      document.removeEventListener('visibilitychange', onVisibility);
      window.removeEventListener('focus', done);
      signal.removeEventListener('abort', done);
      resolve();
    };
    const onVisibility = () => {
      if (document.visibilityState === 'visible') done();
    };
    document.addEventListener('visibilitychange', onVisibility);
    window.addEventListener('focus', done);
    signal.addEventListener('abort', done, { once: true });
  });
}

/** Splits a `text/event-stream` body into frames (comments and `retry:` are dropped). */
export async function* readSseFrames(body: ReadableStream<Uint8Array>): AsyncGenerator<SseFrame> {
  const reader = body.getReader();
  const decoder = new TextDecoder();
  let buffer = '';
  try {
    for (;;) {
      const { done, value } = await reader.read();
      if (done) return;
      buffer += decoder.decode(value, { stream: true }).replace(/\r\n?/g, '\n');
      let cut = buffer.indexOf('\n\n');
      while (cut >= 0) {
        const frame: SseFrame = {};
        for (const line of buffer.slice(0, cut).split('\n')) {
          if (line === '' || line.startsWith(':')) continue;
          const at = line.indexOf(':');
          const field = at < 0 ? line : line.slice(0, at);
          const text = at < 0 ? '' : line.slice(at + 1).replace(/^ /, '');
          if (field === 'id') frame.id = text;
          else if (field === 'event') frame.event = text;
          else if (field === 'data')
            frame.data = frame.data === undefined ? text : `${frame.data}\n${text}`;
        }
        buffer = buffer.slice(cut + 2);
        if (frame.event !== undefined || frame.data !== undefined) yield frame;
        cut = buffer.indexOf('\n\n');
      }
    }
  } finally {
    await reader.cancel().catch(() => {});
  }
}

export type EventStreamOptions = {
  /** The client whose refresh renews the token (default `api`). */
  client?: Pick<ApiClient, 'refreshToken'>;
  /** Base URL of the API (default `/be/api`). */
  baseUrl?: string;
  fetch?: typeof globalThis.fetch;
  queryClient?: QueryClient;
  invalidations?: Record<string, Keys>;
  /** Where the connection state goes (default the page's `$eventsConnection`). */
  store?: WritableAtom<EventsConnection>;
  retryMs?: number;
  maxRetryMs?: number;
  /**
   * After the server ended the stream for a newer one of the same user (`closed`,
   * `stream_limit`), resolves when the client may take a stream again (default `whenShown`).
   */
  whenShown?: (signal: AbortSignal) => Promise<void>;
};

export type EventStream = {
  /** Opens the stream unless it is already open (idempotent). */
  start(): void;
  /** Closes it; the state becomes `off`. */
  stop(): void;
};

export function createEventStream(options: EventStreamOptions = {}): EventStream {
  const client = options.client ?? api;
  const url = `${(options.baseUrl ?? API_BASE_PATH).replace(/\/+$/, '')}/events/`;
  const invalidations: Record<string, Keys> = options.invalidations ?? EVENT_INVALIDATIONS;
  const store = options.store ?? $eventsConnection;
  const retryMs = options.retryMs ?? EVENTS_RETRY_MS;
  const maxRetryMs = options.maxRetryMs ?? EVENTS_MAX_RETRY_MS;
  const shown = options.whenShown ?? ((signal: AbortSignal) => whenShown(signal, maxRetryMs));
  const send = (input: string, init: RequestInit) =>
    (options.fetch ?? globalThis.fetch)(input, init);
  const queryClient = () => options.queryClient ?? getQueryClient();
  const streamedKeys = Object.values(invalidations).flat();
  const unreplayedKeys = UNREPLAYED_EVENTS.flatMap((type) => invalidations[type] ?? []);
  let running: AbortController | null = null;

  const set = (patch: Partial<EventsConnection>) => {
    const next = { ...store.get(), streamedKeys, ...patch };
    next.polling = next.status !== 'live';
    store.set(next);
  };

  const invalidate = (keys: Keys) =>
    Promise.all(keys.map((queryKey) => invalidateAndRefetch(queryClient(), queryKey)));

  const sleep = (ms: number, signal: AbortSignal) =>
    new Promise<void>((resolve) => {
      const timer = setTimeout(resolve, ms);
      signal.addEventListener('abort', () => {
        clearTimeout(timer);
        resolve();
      });
    });

  async function run(signal: AbortSignal): Promise<void> {
    let delay = retryMs;
    let everLive = false;
    const fail = async () => {
      set({ status: 'down' });
      await sleep(delay, signal);
      delay = Math.min(delay * 2, maxRetryMs);
    };
    while (!signal.aborted) {
      const token = getAccessToken();
      if (!token) {
        set({ status: 'off' });
        return;
      }
      if (store.get().status !== 'down') set({ status: 'connecting' });
      const headers: Record<string, string> = {
        Accept: 'text/event-stream',
        Authorization: `Bearer ${token}`,
      };
      const lastEventId = store.get().lastEventId;
      if (lastEventId !== null) headers['Last-Event-ID'] = String(lastEventId);
      let response: Response;
      try {
        response = await send(url, { headers, signal, cache: 'no-store' });
      } catch {
        if (signal.aborted) return;
        await fail();
        continue;
      }
      if (response.status === 401) {
        await response.body?.cancel().catch(() => {});
        // Another call may have refreshed meanwhile; otherwise refresh once (null: session over).
        const current = getAccessToken();
        if (current && current !== token) continue;
        if ((await client.refreshToken()) === null) {
          set({ status: 'off' });
          return;
        }
        continue;
      }
      if (!response.ok || !response.body) {
        await response.body?.cancel().catch(() => {});
        await fail();
        continue;
      }
      let wasLive = false;
      let closedFor: ClosedReason | undefined;
      try {
        for await (const frame of readSseFrames(response.body)) {
          if (frame.event === 'closed') {
            closedFor = parseClosed(frame.data);
            continue;
          }
          if (frame.id !== undefined && /^\d+$/.test(frame.id)) {
            store.set({ ...store.get(), lastEventId: Number(frame.id) });
          }
          if (frame.event === 'ready') {
            wasLive = true;
            delay = retryMs;
            set({ status: 'live' });
            // Whatever changed before the first stream opened (or while no id was known); after
            // a reconnect with an id, what the replay cannot bring back.
            if (!everLive || lastEventId === null) await invalidate(streamedKeys);
            else await invalidate(unreplayedKeys);
            everLive = true;
            continue;
          }
          const keys = frame.event ? invalidations[frame.event] : undefined;
          if (keys) await invalidate(keys);
        }
      } catch {
        if (signal.aborted) return;
      }
      if (signal.aborted) return;
      if (closedFor === 'stream_limit') {
        // The user's other tabs hold the streams the server allows, and this was the oldest.
        // Reconnecting now would end the next oldest, which would reconnect and end another, in
        // a loop: this page polls instead until it is shown again (the user came back to it).
        set({ status: 'down' });
        await shown(signal);
        continue;
      }
      // The server ended a live stream (token expiry, shutdown): reconnect at once; a stream
      // that never became live counts as a failure.
      if (wasLive) set({ status: 'connecting' });
      else await fail();
    }
  }

  return {
    start() {
      if (running) return;
      const controller = new AbortController();
      running = controller;
      void run(controller.signal).finally(() => {
        if (running === controller) running = null;
      });
    },
    stop() {
      running?.abort();
      running = null;
      set({ status: 'off' });
    },
  };
}

/** The reason of a `closed` frame (undefined when unreadable: treated as a plain end). */
function parseClosed(data: string | undefined): ClosedReason | undefined {
  try {
    const reason = (JSON.parse(data ?? '') as { reason?: unknown }).reason;
    return reason === 'stream_limit' ? reason : undefined;
  } catch {
    return undefined;
  }
}

const SHARED_KEY = Symbol.for('memoria.eventStream');
type WithSharedStream = typeof globalThis & { [SHARED_KEY]?: EventStream };

/**
 * The page's one stream (kept on globalThis so separately bundled islands share it). Its events
 * invalidate `queryClient` (the first caller's; on a page every island shares one anyway).
 */
export function getEventStream(queryClient?: QueryClient): EventStream {
  const scope = globalThis as WithSharedStream;
  if (!scope[SHARED_KEY]) {
    const stream = createEventStream({ queryClient });
    scope[SHARED_KEY] = stream;
    $session.listen(({ signedIn }) => (signedIn ? stream.start() : stream.stop()));
  }
  return scope[SHARED_KEY];
}

/**
 * Opens the page's events stream while signed in (any number of islands may call this; they
 * share one connection) and returns its connection state.
 */
export function useEventStream(): EventsConnection {
  const signedIn = useSignedIn();
  const queryClient = useQueryClient();
  useEffect(() => {
    if (signedIn) getEventStream(queryClient).start();
  }, [signedIn, queryClient]);
  return useStore($eventsConnection);
}
