/**
 * The one API client: openapi-fetch typed by the generated schema, with the middleware of
 * product-spec §7 and §8 (JSON, credentials, CSRF header, bearer token, 30 s time-out, one refresh
 * and one retry on 401, connection loss → 'Connection lost' then /login after 2 s), and an
 * `Idempotency-Key` on every create, kept for its retries (issue 39).
 */
import createClient, { type Client, type Middleware } from 'openapi-fetch';
import {
  API_BASE_PATH,
  CONNECTION_LOST_REDIRECT_MS,
  CSRF_COOKIE,
  CSRF_HEADER,
  LOGIN_PATH,
  REQUEST_TIMEOUT_MS,
} from './constants.ts';
import { getCookie } from './cookies.ts';
import { ApiRequestError } from './errors.ts';
import { newIdempotencyKey } from './idempotency-key.ts';
import type { paths } from './schema.d.ts';
import { clearSession, getAccessToken, getRefreshToken, saveTokens } from './session.ts';
import { $connectionLost, $locale, staysOffline } from './stores.ts';

export type ApiClient = Client<paths> & {
  /**
   * The middleware's one refresh (shared with concurrent 401s): the new access token, or null when
   * the session ended. For callers outside openapi-fetch, such as the events stream.
   */
  refreshToken(): Promise<string | null>;
};
export type Navigate = (path: string) => void;

export type ApiClientOptions = {
  /** Base URL of the API; defaults to `/be/api` on the page's own origin. */
  baseUrl?: string;
  /** The fetch to send with; defaults to `globalThis.fetch`, looked up at call time. */
  fetch?: (input: Request) => Promise<Response>;
  /** The Request class matching `fetch`; defaults to `globalThis.Request`. */
  Request?: typeof Request;
  /** Where an ended session goes; defaults to the navigator set by `setNavigate`. */
  navigate?: Navigate;
  /** Called when a request gets no response (the `$connectionLost` store is set as well). */
  onConnectionLost?: (error: unknown) => void;
  /** How long a request waits for its answer (status and headers), in ms (default 30000). */
  timeoutMs?: number;
  /** Delay between the connection-lost signal and the redirect to /login (default 2000). */
  redirectDelayMs?: number;
};

export const IDEMPOTENCY_HEADER = 'Idempotency-Key';

/** The paths whose POST declares `Idempotency-Key` in the contract (the signed-in creates). */
type IdempotentPost = {
  [P in keyof paths]: paths[P] extends { post: { parameters: { header?: infer H } } }
    ? [NonNullable<H>] extends [never]
      ? never
      : typeof IDEMPOTENCY_HEADER extends keyof NonNullable<H>
        ? P
        : never
    : never;
}[keyof paths];

/**
 * Every create that takes a key. The type makes the list exactly the contract's: a path missing
 * or one too many fails the typecheck after `npm run generate`.
 */
const IDEMPOTENT_POSTS: ReadonlySet<string> = new Set(
  Object.keys({
    '/auth/enterprise-invitations/': true,
    '/auth/teacher-invitations/': true,
    '/auth/courses/': true,
    '/auth/subjects/': true,
    '/space-repetition/csv-import/': true,
    '/space-repetition/desks/{id}/media/': true,
    '/auth/schools/': true,
    '/auth/schools/{id}/create_default_data/': true,
    '/auth/subscriptions/create_subscription/': true,
    '/space-repetition/desks/': true,
    '/space-repetition/cards/': true,
    '/friends/friendships/': true,
    '/duels/create/': true,
    '/duels/image-duels/': true,
    '/duels/table-duels/': true,
    '/duels/duel-requests/': true,
    '/macroimages/chats/': true,
    '/macroimages/chats/{id}/send_message/': true,
  } satisfies Record<IdempotentPost, true>),
);

/** Operations that never trigger a refresh on 401 (a wrong password is a 401, too). */
const TOKEN_PATHS = new Set([
  '/auth/token/',
  '/auth/token/refresh/',
  '/auth/login-link/',
  '/auth/login-link/consume/',
]);
const NETWORK_CODES = new Set([
  'ERR_NETWORK',
  'ERR_CONNECTION_REFUSED',
  'ERR_INTERNET_DISCONNECTED',
  'ECONNREFUSED',
  'ECONNRESET',
  'ENOTFOUND',
  'ETIMEDOUT',
  'UND_ERR_SOCKET',
  'UND_ERR_CONNECT_TIMEOUT',
]);

// ── navigation ───────────────────────────────────────────────────────────────────────────────

/** The page is at `path` already (its path and query): going there would only load it again. */
export function isCurrentPath(path: string): boolean {
  return (
    typeof window !== 'undefined' && `${window.location.pathname}${window.location.search}` === path
  );
}

/** A full page load; none when already there (no reload loop on /login). */
let defaultNavigate: Navigate = (path) => {
  if (typeof window === 'undefined' || isCurrentPath(path)) return;
  window.location.assign(path);
};

/**
 * Lets the host route with its own navigation: the app pages' layout hands in Astro's client
 * router (src/layouts/AppLayout.astro).
 */
export function setNavigate(navigate: Navigate): void {
  defaultNavigate = navigate;
}

/**
 * Navigates with the current navigator: the product's own moves (a search result, an answered
 * duel, the end of a session, a login).
 */
export function navigateTo(path: string): void {
  defaultNavigate(path);
}

// ── connection loss (one page, one signal) ───────────────────────────────────────────────────

let redirectTimer: ReturnType<typeof setTimeout> | undefined;

/**
 * True for "no response": fetch's TypeError, a time-out, a refused or dropped connection, the
 * spec's codes (ERR_NETWORK, ERR_CONNECTION_REFUSED, ERR_INTERNET_DISCONNECTED) or a message
 * containing 'Network Error'. A caller's own abort is not a network failure.
 */
export function isNetworkFailure(error: unknown): boolean {
  if (!error || typeof error !== 'object') return false;
  const { name, message, code, cause } = error as {
    name?: unknown;
    message?: unknown;
    code?: unknown;
    cause?: unknown;
  };
  if (name === 'AbortError') return false;
  if (name === 'TypeError' || name === 'TimeoutError' || name === 'NetworkError') return true;
  if (typeof code === 'string' && NETWORK_CODES.has(code)) return true;
  if (typeof message === 'string' && /network error|failed to fetch|fetch failed/i.test(message)) {
    return true;
  }
  return cause !== undefined && cause !== error && isNetworkFailure(cause);
}

function reportConnectionLost(navigate: Navigate, delayMs: number): void {
  $connectionLost.set(true);
  if (redirectTimer !== undefined) return; // one redirect for any number of failures
  redirectTimer = setTimeout(() => {
    redirectTimer = undefined;
    clearSession();
    $connectionLost.set(false);
    navigate(LOGIN_PATH);
  }, delayMs);
}

/**
 * The Retry of the connection-lost snackbar: cancels the pending redirect and clears the signal.
 * The shell then refetches what failed (e.g. `queryClient.refetchQueries({ type: 'active' })`).
 */
export function retryConnection(): void {
  if (redirectTimer !== undefined) clearTimeout(redirectTimer);
  redirectTimer = undefined;
  $connectionLost.set(false);
}

// ── the client ───────────────────────────────────────────────────────────────────────────────

function defaultBaseUrl(): string {
  // Relative to the page: in a browser `/be/api` resolves against window.location.
  return API_BASE_PATH;
}

type Pending = {
  /** An untouched copy of the request for the one retry after a refresh. */
  retry: Request;
  /** The fetch this request went by (a per-request one, such as an upload's), for the retry. */
  send: (request: Request) => Promise<Response>;
  /** The caller's own signal (aborts from the caller are not connection losses). */
  caller: AbortSignal;
  /** This attempt's time-out; a signal that never aborts when the transport keeps its own. */
  timeout: AbortSignal;
  /** Ends this attempt's time-out: its answer came (its body may take longer). */
  answered: () => void;
  /** The create's `Idempotency-Key`, sent again unchanged by every retry of this request. */
  idempotencyKey?: string;
  /** Whether the one retry after a lost connection was made (creates with a key only). */
  resent?: boolean;
  /** The token was refreshed just before sending (it had expired): a 401 gets no second one. */
  refreshedFirst: boolean;
};

/** Per-request fetches that keep their own time limits (`keepsOwnTimeLimits`). */
const selfTimed = new WeakSet<object>();

/**
 * Marks a per-request `fetch` as keeping its own time limits: the client's 30 s time-out is not
 * put on requests sent through it (an upload of hundreds of megabytes takes longer, and
 * `xhrFetch` in `anki.ts` times it by its progress instead).
 */
export function keepsOwnTimeLimits<F extends object>(transport: F): F {
  selfTimed.add(transport);
  return transport;
}

/** Creates a client with the middleware; the app uses the default `api` below. */
export function createApiClient(options: ApiClientOptions = {}): ApiClient {
  const baseUrl = (options.baseUrl ?? defaultBaseUrl()).replace(/\/+$/, '');
  const timeoutMs = options.timeoutMs ?? REQUEST_TIMEOUT_MS;
  const redirectDelayMs = options.redirectDelayMs ?? CONNECTION_LOST_REDIRECT_MS;
  const RequestClass = options.Request ?? globalThis.Request;
  const send = (request: Request): Promise<Response> =>
    (options.fetch ?? globalThis.fetch)(request);
  const navigate: Navigate = (path) => (options.navigate ?? defaultNavigate)(path);

  const pending = new Map<string, Pending>();
  let refreshing: Promise<string | null> | null = null;

  function connectionLost(error: unknown): void {
    console.error('[api] connection lost:', error);
    options.onConnectionLost?.(error);
    // Offline on a page that works offline: the header's Offline chip is the whole signal
    // (docs/features/offline.md: the difference from the spec's rule, and why).
    if (staysOffline()) return;
    reportConnectionLost(navigate, redirectDelayMs);
  }

  function endSession(): void {
    clearSession();
    navigate(LOGIN_PATH);
  }

  /** Sets the headers every call carries; `token` overrides the stored access token. */
  function withHeaders(headers: Headers, token: string | null): Headers {
    if (!headers.has('Accept')) headers.set('Accept', 'application/json');
    // The app's language, not the browser's: labels the server writes (activity kinds) follow it.
    if (!headers.has('Accept-Language')) headers.set('Accept-Language', $locale.get());
    const csrf = getCookie(CSRF_COOKIE);
    if (csrf) headers.set(CSRF_HEADER, csrf);
    if (token) headers.set('Authorization', `Bearer ${token}`);
    return headers;
  }

  /**
   * A copy of `request` with a fresh time-out combined with the caller's signal; with none when
   * `ownLimits` (the transport times the request itself). The time-out covers the wait for the
   * answer, and `answered()` ends it: a body written for longer is read whole (a streamed story
   * answers at once and writes for as long as the story takes; under load that passed 30 s, the
   * read was cut, and the learner saw an error for a reply the server stored).
   */
  function timed(
    request: Request,
    headers: Headers,
    ownLimits = false,
  ): { request: Request; timeout: AbortSignal; answered: () => void } {
    const limit = new AbortController();
    const timer = ownLimits
      ? undefined
      : setTimeout(
          () => limit.abort(new DOMException('No answer in time.', 'TimeoutError')),
          timeoutMs,
        );
    const signal = AbortSignal.any([request.signal, limit.signal]);
    return {
      request: new RequestClass(request, { headers, signal }),
      timeout: limit.signal,
      answered: () => clearTimeout(timer),
    };
  }

  /** POST auth/token/refresh/ once; null when the session ended (or the connection is lost). */
  /**
   * One refresh at a time across the learner's tabs (they share the tokens in local storage): a
   * tab that waited for another's refresh uses the tokens it stored instead of showing the same
   * refresh token again.
   */
  async function refreshAccessToken(): Promise<string | null> {
    const seen = getRefreshToken();
    return withRefreshLock(async () => {
      const access = getAccessToken();
      if (seen && getRefreshToken() !== seen && access && !hasExpired(access)) return access;
      return refreshWithStoredToken();
    });
  }

  async function refreshWithStoredToken(): Promise<string | null> {
    const refresh = getRefreshToken();
    if (!refresh) {
      endSession();
      return null;
    }
    const request = new RequestClass(`${baseUrl}/auth/token/refresh/`, {
      method: 'POST',
      credentials: 'include',
      headers: withHeaders(new Headers({ 'Content-Type': 'application/json' }), null),
      body: JSON.stringify({ refresh }),
      signal: AbortSignal.timeout(timeoutMs),
    });
    let response: Response;
    try {
      response = await send(request);
    } catch (error) {
      if (isNetworkFailure(error)) connectionLost(error);
      else endSession();
      return null;
    }
    const body = (await response.json().catch(() => null)) as {
      access?: unknown;
      refresh?: unknown;
    } | null;
    if (!response.ok || typeof body?.access !== 'string') {
      endSession();
      return null;
    }
    saveTokens({
      access: body.access,
      refresh: typeof body.refresh === 'string' ? body.refresh : undefined,
    });
    return body.access;
  }

  /** Concurrent 401s share one in-flight refresh. */
  function refreshOnce(): Promise<string | null> {
    refreshing ??= refreshAccessToken().finally(() => {
      refreshing = null;
    });
    return refreshing;
  }

  async function retryAfterRefresh(
    sent: Request,
    response: Response,
    entry: Pending,
  ): Promise<Response | undefined> {
    const sentToken = sent.headers.get('Authorization')?.replace(/^Bearer\s+/i, '') ?? null;
    const current = getAccessToken();
    // Another request already refreshed while this one was in flight: reuse its token.
    const token = current && current !== sentToken ? current : await refreshOnce();
    if (!token) return response; // the session ended (or the connection is lost)
    const { request, timeout, answered } = timed(
      entry.retry,
      withKey(withHeaders(new Headers(entry.retry.headers), token), entry),
      selfTimed.has(entry.send),
    );
    let retried: Response;
    try {
      retried = await entry.send(request).finally(answered);
    } catch (error) {
      if ((timeout.aborted && !entry.caller.aborted) || isNetworkFailure(error)) {
        connectionLost(error);
        throw new ApiRequestError(
          0,
          { detail: 'Network Error', code: 'network_error' },
          { cause: error },
        );
      }
      throw error;
    }
    // The server refuses even a fresh token: no second refresh, the session ends.
    if (retried.status === 401) endSession();
    return retried;
  }

  /** The create's key on `headers`, when it has one. */
  function withKey(headers: Headers, entry: Pending): Headers {
    if (entry.idempotencyKey) headers.set(IDEMPOTENCY_HEADER, entry.idempotencyKey);
    return headers;
  }

  /**
   * A create with a key whose connection was lost (an instance stopped before it answered) is
   * sent once more, with the same key: the server answers the first answer if it had created it,
   * or creates it now. Undefined when it cannot be sent again (the caller then sees the loss).
   */
  async function resend(entry: Pending): Promise<Response | undefined> {
    if (!entry.idempotencyKey || entry.resent || entry.caller.aborted) return undefined;
    entry.resent = true;
    const token = getAccessToken();
    const { request, timeout, answered } = timed(
      entry.retry.clone(),
      withKey(withHeaders(new Headers(entry.retry.headers), token), entry),
      selfTimed.has(entry.send),
    );
    entry.timeout = timeout;
    entry.answered = answered;
    try {
      return await entry.send(request).finally(answered);
    } catch {
      return undefined;
    }
  }

  const middleware: Middleware = {
    async onRequest({ request, schemaPath, id, options: merged }) {
      let token = TOKEN_PATHS.has(schemaPath) ? null : getAccessToken();
      // A token known to be expired would only fetch a 401 (a red line in the browser's console)
      // before the refresh: refresh first.
      const refreshedFirst = token !== null && hasExpired(token);
      if (refreshedFirst) token = await refreshOnce();
      const headers = withHeaders(new Headers(request.headers), token);
      // A fresh key per create; the caller may pass its own (kept across its own retries).
      let idempotencyKey: string | undefined;
      if (request.method === 'POST' && IDEMPOTENT_POSTS.has(schemaPath)) {
        idempotencyKey = headers.get(IDEMPOTENCY_HEADER) ?? newIdempotencyKey();
        headers.set(IDEMPOTENCY_HEADER, idempotencyKey);
      }
      const retry = request.clone();
      // openapi-fetch hands over the per-request fetch, else the client's own (`send`).
      const transport: (request: Request) => Promise<Response> = merged.fetch;
      const timedRequest = timed(request, headers, selfTimed.has(transport));
      pending.set(id, {
        retry,
        send: transport,
        caller: request.signal,
        timeout: timedRequest.timeout,
        answered: timedRequest.answered,
        idempotencyKey,
        refreshedFirst,
      });
      return timedRequest.request;
    },

    async onResponse({ request, response, schemaPath, id }) {
      const entry = pending.get(id);
      entry?.answered();
      pending.delete(id);
      if (response.status === 401 && entry && !TOKEN_PATHS.has(schemaPath)) {
        if (!entry.refreshedFirst) return retryAfterRefresh(request, response, entry);
        // Refused just after a refresh: no second one. The session ends, unless the refresh
        // already ended it.
        if (getAccessToken()) endSession();
      }
      // Nothing logged for other failures: the browser's console already has one line for each
      // (method, URL and status); callers show the error to the user.
      return undefined;
    },

    async onError({ error, id }) {
      const entry = pending.get(id);
      entry?.answered();
      if (entry && isNetworkFailure(error) && !entry.timeout.aborted) {
        // Kept pending: a 401 to the resent create still gets its refresh (onResponse).
        const resent = await resend(entry);
        if (resent) return resent;
      }
      pending.delete(id);
      if (entry?.caller.aborted) return undefined; // the caller cancelled: not our business
      if (entry?.timeout.aborted || isNetworkFailure(error)) {
        connectionLost(error);
        return new ApiRequestError(
          0,
          { detail: 'Network Error', code: 'network_error' },
          { cause: error },
        );
      }
      console.error('[api] request failed:', error);
      return undefined;
    },
  };

  const client = createClient<paths>({
    baseUrl,
    credentials: 'include',
    fetch: send,
    Request: RequestClass,
  });
  client.use(middleware);
  return Object.assign(client, { refreshToken: refreshOnce });
}

/** The Web Locks name every tab's refresh takes. */
export const REFRESH_LOCK = 'memoria-token-refresh';

/** Runs `work` holding the refresh lock, where the browser has Web Locks (else as it is). */
function withRefreshLock<T>(work: () => Promise<T>): Promise<T> {
  const locks = (globalThis.navigator as Navigator | undefined)?.locks;
  return locks ? (locks.request(REFRESH_LOCK, work) as Promise<T>) : work();
}

/** Seconds before its `exp` at which an access token counts as expired (clock skew, travel). */
const EXPIRY_MARGIN_SECONDS = 10;

/**
 * Whether a JWT's `exp` claim is past (less than the margin away). Not a JWT, or no readable
 * `exp`: false, and the server decides (a 401 then refreshes as before).
 */
export function hasExpired(token: string, nowMs = Date.now()): boolean {
  const payload = token.split('.')[1];
  if (!payload) return false;
  try {
    const base64 = payload.replace(/-/g, '+').replace(/_/g, '/');
    const claims = JSON.parse(atob(base64.padEnd(Math.ceil(base64.length / 4) * 4, '='))) as {
      exp?: unknown;
    };
    return typeof claims.exp === 'number' && claims.exp - EXPIRY_MARGIN_SECONDS <= nowMs / 1000;
  } catch {
    return false;
  }
}

/** The one client of the app (base `/be/api` on the page's origin). */
export const api: ApiClient = createApiClient();
