/**
 * Middleware tests against a real HTTP server (src/test/http-server.ts).
 *
 * Which fetch: Vitest's happy-dom environment replaces the globals `fetch`, `Request`, `Headers`
 * and `AbortSignal` with happy-dom's, and Node's own fetch is no longer reachable (nor mixable: a
 * happy-dom Request cannot be sent by Node's fetch). We therefore use happy-dom's fetch, which does
 * real HTTP through node:http with browser rules: the page URL is set to the test server's origin
 * (`happyDOM.setURL`), so calls are same-origin as in production and cookies set through
 * `document.cookie` travel with them. Only the credentials check wraps fetch, to read the Request
 * the client built before passing it on to the same real server.
 */
import { locks as nodeLocks } from 'node:worker_threads';
import { afterAll, afterEach, beforeAll, beforeEach, describe, expect, test, vi } from 'vitest';
import {
  type ApiClientOptions,
  createApiClient,
  isNetworkFailure,
  retryConnection,
} from './client.ts';
import { AUTH_CHANGE_EVENT } from './constants.ts';
import { deleteCookie, setCookie } from './cookies.ts';
import { ApiRequestError, unwrap } from './errors.ts';
import { getAccessToken, getRefreshToken, saveTokens } from './session.ts';
import { $connectionLost, $offline, markOfflineCapable } from './stores.ts';
import { closedOrigin, startTestServer, type TestServer } from './test/http-server.ts';

let server: TestServer;
let navigate: ReturnType<typeof vi.fn<(path: string) => void>>;
let authChanges: number;
const countAuthChange = () => {
  authChanges += 1;
};

const ME = '/be/api/auth/users/me/';
const REFRESH = '/be/api/auth/token/refresh/';
const user = {
  id: 1,
  email: 'ana@example.com',
  username: 'ana',
  first_name: '',
  last_name: '',
  account_type: 'free',
  role: null,
  timezone: 'UTC',
  date_joined: '2025-01-01T00:00:00Z',
};
const unauthorized = {
  status: 401,
  body: { detail: 'Token is invalid or expired', code: 'token_invalid' },
};

function client(options: ApiClientOptions = {}) {
  return createApiClient({
    baseUrl: `${server.origin}/be/api`,
    navigate,
    timeoutMs: 2_000,
    redirectDelayMs: 50,
    ...options,
  });
}

function setURL(url: string): void {
  (globalThis as unknown as { happyDOM: { setURL(url: string): void } }).happyDOM.setURL(url);
}

beforeAll(async () => {
  server = await startTestServer();
  setURL(`${server.origin}/app`);
});

afterAll(async () => {
  await server.close();
});

beforeEach(() => {
  server.reset();
  localStorage.clear();
  deleteCookie('csrftoken');
  navigate = vi.fn<(path: string) => void>();
  authChanges = 0;
  window.addEventListener(AUTH_CHANGE_EVENT, countAuthChange);
  vi.spyOn(console, 'error').mockImplementation(() => {});
});

afterEach(() => {
  window.removeEventListener(AUTH_CHANGE_EVENT, countAuthChange);
  retryConnection();
  vi.restoreAllMocks();
});

/** An unsigned JWT-shaped token whose `exp` is `seconds` from now (the client reads only `exp`). */
function jwtExpiringIn(seconds: number): string {
  const part = (value: object) => btoa(JSON.stringify(value)).replace(/=+$/, '');
  const exp = Math.floor(Date.now() / 1000) + seconds;
  return `${part({ alg: 'HS256', typ: 'JWT' })}.${part({ sub: '1', exp })}.signature`;
}

describe('request headers', () => {
  test('sends the bearer token from local storage, JSON and credentials', async () => {
    localStorage.setItem('access_token', 'acc-1');
    server.handle(() => ({ status: 200, body: user }));
    const sent: Request[] = [];
    const api = client({
      fetch: (request) => {
        sent.push(request);
        return fetch(request);
      },
    });

    const { data } = await api.GET('/auth/users/me/');

    expect(data).toEqual(user);
    expect(server.requests).toHaveLength(1);
    expect(server.requests[0]?.headers.authorization).toBe('Bearer acc-1');
    expect(server.requests[0]?.headers.accept).toBe('application/json');
    expect(server.requests[0]?.headers['x-csrftoken']).toBeUndefined();
    expect(sent[0]?.credentials).toBe('include');
  });

  test('sends no Authorization header when signed out, nor on the token endpoint', async () => {
    server.handle(() => ({ status: 200, body: { access: 'a', refresh: 'r' } }));
    await client().POST('/auth/token/', { body: { email: 'a@b.c', password: 'x' } });
    localStorage.setItem('access_token', 'stale');
    await client().POST('/auth/token/', { body: { email: 'a@b.c', password: 'x' } });

    expect(server.requests.map((r) => r.headers.authorization)).toEqual([undefined, undefined]);
    expect(server.requests[0]?.headers['content-type']).toBe('application/json');
    expect(JSON.parse(server.requests[0]?.body ?? '')).toEqual({ email: 'a@b.c', password: 'x' });
  });

  test('copies the csrftoken cookie into X-CSRFToken', async () => {
    setCookie('csrftoken', 'csrf-123');
    server.handle(() => ({ status: 200, body: user }));

    await client().GET('/auth/users/me/');

    expect(server.requests[0]?.headers['x-csrftoken']).toBe('csrf-123');
    expect(server.requests[0]?.headers.cookie).toContain('csrftoken=csrf-123');
  });
});

describe('401: one refresh, one retry', () => {
  test('refreshes once, saves the new token and retries with it', async () => {
    saveTokens({ access: 'old', refresh: 'ref-1' });
    authChanges = 0;
    server.handle((request) => {
      if (request.path === REFRESH) return { status: 200, body: { access: 'new' } };
      return request.headers.authorization === 'Bearer new'
        ? { status: 200, body: user }
        : unauthorized;
    });

    const result = await client().GET('/auth/users/me/');

    expect(result.data).toEqual(user);
    expect(server.requests.map((r) => [r.path, r.headers.authorization])).toEqual([
      [ME, 'Bearer old'],
      [REFRESH, undefined],
      [ME, 'Bearer new'],
    ]);
    expect(JSON.parse(server.hits(REFRESH)[0]?.body ?? '')).toEqual({ refresh: 'ref-1' });
    expect(getAccessToken()).toBe('new');
    expect(getRefreshToken()).toBe('ref-1');
    expect(authChanges).toBe(1);
    expect(navigate).not.toHaveBeenCalled();
  });

  test('an access token past its expiry is refreshed before the call: no 401, nothing logged', async () => {
    saveTokens({ access: jwtExpiringIn(-60), refresh: 'ref-1' });
    const fresh = jwtExpiringIn(900);
    server.handle((request) => {
      if (request.path === REFRESH) return { status: 200, body: { access: fresh } };
      return request.headers.authorization === `Bearer ${fresh}`
        ? { status: 200, body: user }
        : unauthorized;
    });

    const result = await client().GET('/auth/users/me/');

    expect(result.data).toEqual(user);
    expect(server.requests.map((r) => [r.path, r.headers.authorization])).toEqual([
      [REFRESH, undefined],
      [ME, `Bearer ${fresh}`],
    ]);
    expect(console.error).not.toHaveBeenCalled();
  });

  test('two tabs with an expired token refresh once between them (Web Locks)', async () => {
    // happy-dom has no Web Locks; Node's are the same API.
    vi.spyOn(navigator, 'locks', 'get').mockReturnValue(nodeLocks as unknown as LockManager);
    saveTokens({ access: jwtExpiringIn(-60), refresh: 'ref-1' });
    const fresh = jwtExpiringIn(900);
    server.handle(async (request) => {
      if (request.path !== REFRESH) {
        return request.headers.authorization === `Bearer ${fresh}`
          ? { status: 200, body: user }
          : unauthorized;
      }
      await new Promise((resolve) => setTimeout(resolve, 50));
      return { status: 200, body: { access: fresh, refresh: 'ref-2' } };
    });

    // Two clients, as two tabs: each has its own in-flight refresh, the storage is shared.
    const [first, second] = await Promise.all([
      client().GET('/auth/users/me/'),
      client().GET('/auth/users/me/'),
    ]);

    expect([first.data, second.data]).toEqual([user, user]);
    expect(server.hits(REFRESH)).toHaveLength(1);
    expect(getRefreshToken()).toBe('ref-2');
    expect(navigate).not.toHaveBeenCalled();
  });

  test('an expired token whose refresh fails: the session ends once, no second refresh', async () => {
    saveTokens({ access: jwtExpiringIn(-60), refresh: 'ref-1' });
    authChanges = 0;
    server.handle(() => unauthorized);

    const result = await client().GET('/auth/users/me/');

    expect(result.response.status).toBe(401);
    expect(server.requests.map((r) => [r.path, r.headers.authorization])).toEqual([
      [REFRESH, undefined],
      [ME, undefined],
    ]);
    expect(getAccessToken()).toBeNull();
    expect(authChanges).toBe(1);
    expect(navigate).toHaveBeenCalledTimes(1);
    expect(navigate).toHaveBeenCalledWith('/login');
  });

  test('a token still valid, or not a JWT, is sent as it is', async () => {
    const valid = jwtExpiringIn(600);
    server.handle(() => ({ status: 200, body: user }));
    saveTokens({ access: valid, refresh: 'ref-1' });
    await client().GET('/auth/users/me/');
    saveTokens({ access: 'opaque', refresh: 'ref-1' });
    await client().GET('/auth/users/me/');

    expect(server.requests.map((r) => [r.path, r.headers.authorization])).toEqual([
      [ME, `Bearer ${valid}`],
      [ME, 'Bearer opaque'],
    ]);
  });

  test('a refreshed 401 logs nothing of ours', async () => {
    saveTokens({ access: 'old', refresh: 'ref-1' });
    server.handle((request) => {
      if (request.path === REFRESH) return { status: 200, body: { access: 'new' } };
      return request.headers.authorization === 'Bearer new'
        ? { status: 200, body: user }
        : unauthorized;
    });

    await client().GET('/auth/users/me/');

    expect(console.error).not.toHaveBeenCalled();
  });

  test('retries a request with a body with the same body', async () => {
    saveTokens({ access: 'old', refresh: 'ref-1' });
    server.handle((request) => {
      if (request.path === REFRESH) return { status: 200, body: { access: 'new' } };
      return request.headers.authorization === 'Bearer new'
        ? { status: 200, body: { ...user, first_name: 'Ana' } }
        : unauthorized;
    });

    const result = await client().PATCH('/auth/users/{id}/', {
      params: { path: { id: 1 } },
      body: { first_name: 'Ana' },
    });

    expect(result.data?.first_name).toBe('Ana');
    const patches = server.hits('/be/api/auth/users/1/');
    expect(patches.map((r) => r.body)).toEqual(['{"first_name":"Ana"}', '{"first_name":"Ana"}']);
    expect(patches[1]?.headers['content-type']).toBe('application/json');
  });

  test('a failed refresh clears the session, fires auth-change and goes to /login', async () => {
    saveTokens({ access: 'old', refresh: 'revoked' });
    authChanges = 0;
    setCookie('user_email', 'ana@example.com', { days: 365 });
    server.handle(() => unauthorized);

    const result = await client().GET('/auth/users/me/');

    expect(result.response.status).toBe(401);
    expect(result.error).toEqual(unauthorized.body);
    expect(server.hits(REFRESH)).toHaveLength(1);
    expect(server.hits(ME)).toHaveLength(1);
    expect(getAccessToken()).toBeNull();
    expect(getRefreshToken()).toBeNull();
    expect(document.cookie).not.toContain('user_email');
    expect(authChanges).toBe(1);
    expect(navigate).toHaveBeenCalledExactlyOnceWith('/login');
  });

  test('with no refresh token: no refresh call, session cleared, /login', async () => {
    localStorage.setItem('access_token', 'old');
    server.handle(() => unauthorized);

    const result = await client().GET('/auth/users/me/');

    expect(result.response.status).toBe(401);
    expect(server.hits(REFRESH)).toHaveLength(0);
    expect(getAccessToken()).toBeNull();
    expect(authChanges).toBe(1);
    expect(navigate).toHaveBeenCalledExactlyOnceWith('/login');
  });

  test('concurrent 401s share exactly one refresh', async () => {
    saveTokens({ access: 'old', refresh: 'ref-1' });
    let releaseRefresh: () => void = () => {};
    const refreshGate = new Promise<void>((resolve) => {
      releaseRefresh = resolve;
    });
    server.handle(async (request) => {
      if (request.path === REFRESH) {
        await refreshGate; // hold the refresh so every 401 arrives while it is in flight
        return { status: 200, body: { access: 'new' } };
      }
      return request.headers.authorization === 'Bearer new'
        ? { status: 200, body: user }
        : unauthorized;
    });
    const api = client();

    const calls = Promise.all([
      api.GET('/auth/users/me/'),
      api.GET('/auth/users/account_info/'),
      api.GET('/auth/users/{id}/', { params: { path: { id: 1 } } }),
    ]);
    await expect.poll(() => server.hits(REFRESH)).toHaveLength(1);
    await new Promise((resolve) => setTimeout(resolve, 50));
    releaseRefresh();
    const results = await calls;

    expect(results.map((r) => r.response.status)).toEqual([200, 200, 200]);
    expect(server.hits(REFRESH)).toHaveLength(1);
    expect(server.requests).toHaveLength(7);
    expect(getAccessToken()).toBe('new');
  });

  test('a second 401 after the retry does not loop', async () => {
    saveTokens({ access: 'old', refresh: 'ref-1' });
    server.handle((request) =>
      request.path === REFRESH ? { status: 200, body: { access: 'new' } } : unauthorized,
    );

    const result = await client().GET('/auth/users/me/');

    expect(result.response.status).toBe(401);
    expect(server.hits(REFRESH)).toHaveLength(1);
    expect(server.hits(ME)).toHaveLength(2);
    expect(getAccessToken()).toBeNull();
    expect(navigate).toHaveBeenCalledExactlyOnceWith('/login');
  });

  test('a 401 from the token endpoint (wrong password) is passed to the caller', async () => {
    server.handle(() => ({
      status: 401,
      body: { detail: 'Invalid email or password', code: 'invalid_credentials' },
    }));

    const result = await client().POST('/auth/token/', {
      body: { email: 'a@b.c', password: 'wrong' },
    });

    expect(result.error?.code).toBe('invalid_credentials');
    expect(server.requests).toHaveLength(1);
    expect(navigate).not.toHaveBeenCalled();
  });
});

describe('network failure', () => {
  test('a time-out signals connection lost, then clears the session and goes to /login', async () => {
    saveTokens({ access: 'acc', refresh: 'ref' });
    server.handle(() => 'hang');
    const onConnectionLost = vi.fn();

    const call = client({ timeoutMs: 100, redirectDelayMs: 150, onConnectionLost }).GET(
      '/auth/users/me/',
    );

    const error = await call.then(
      () => null,
      (e: unknown) => e,
    );
    expect(error).toBeInstanceOf(ApiRequestError);
    expect((error as ApiRequestError).status).toBe(0);
    expect((error as ApiRequestError).code).toBe('network_error');
    expect($connectionLost.get()).toBe(true);
    expect(onConnectionLost).toHaveBeenCalledOnce();
    expect(getAccessToken()).toBe('acc'); // not before the delay
    expect(navigate).not.toHaveBeenCalled();

    await expect.poll(() => navigate).toHaveBeenCalledExactlyOnceWith('/login');
    expect(getAccessToken()).toBeNull();
    expect(getRefreshToken()).toBeNull();
    expect($connectionLost.get()).toBe(false);
  });

  test('the time limit is on the wait for an answer: a body written after it is read whole', async () => {
    // A streamed story (macro-image chats) answers at once and writes for as long as the story
    // takes; the limit cut it, and the learner saw "Something went wrong" while it was stored.
    saveTokens({ access: 'acc', refresh: 'ref' });
    server.handle(() => ({
      stream(res) {
        res.writeHead(200, { 'content-type': 'text/event-stream' });
        res.write('event: delta\ndata: {"text":"Picture "}\n\n');
        setTimeout(() => res.end('event: done\ndata: {}\n\n'), 400);
      },
    }));
    const onConnectionLost = vi.fn();
    const { data, response } = await client({ timeoutMs: 100, onConnectionLost }).POST(
      '/macroimages/chats/{id}/send_message/stream/',
      { params: { path: { id: 1 } }, body: { content: 'knife' }, parseAs: 'text' },
    );
    expect(response.status).toBe(200);
    expect(data).toContain('event: done');
    expect(onConnectionLost).not.toHaveBeenCalled();
    expect($connectionLost.get()).toBe(false);
  });

  test('a refused connection signals connection lost', async () => {
    saveTokens({ access: 'acc', refresh: 'ref' });
    const origin = await closedOrigin();
    setURL(`${origin}/app`);
    try {
      const api = createApiClient({ baseUrl: `${origin}/be/api`, navigate, redirectDelayMs: 50 });
      await expect(api.GET('/auth/users/me/')).rejects.toMatchObject({ code: 'network_error' });
      expect($connectionLost.get()).toBe(true);
      await expect.poll(() => navigate).toHaveBeenCalledExactlyOnceWith('/login');
      expect(getAccessToken()).toBeNull();
    } finally {
      setURL(`${server.origin}/app`);
    }
  });

  test('several failures lead to one redirect', async () => {
    server.handle(() => 'hang');
    const api = client({ timeoutMs: 50, redirectDelayMs: 100 });
    await Promise.allSettled([api.GET('/auth/users/me/'), api.GET('/auth/users/account_info/')]);
    await new Promise((resolve) => setTimeout(resolve, 250));
    expect(navigate).toHaveBeenCalledTimes(1);
  });

  test('retryConnection cancels the pending redirect', async () => {
    saveTokens({ access: 'acc', refresh: 'ref' });
    server.handle(() => 'hang');

    await client({ timeoutMs: 50, redirectDelayMs: 100 })
      .GET('/auth/users/me/')
      .catch(() => {});
    expect($connectionLost.get()).toBe(true);
    retryConnection();
    expect($connectionLost.get()).toBe(false);
    await new Promise((resolve) => setTimeout(resolve, 250));

    expect(navigate).not.toHaveBeenCalled();
    expect(getAccessToken()).toBe('acc');
  });

  test('offline on an offline-capable page: no connection-lost signal, no redirect', async () => {
    saveTokens({ access: 'acc', refresh: 'ref' });
    const origin = await closedOrigin();
    setURL(`${origin}/app`);
    $offline.set(true);
    const unmark = markOfflineCapable();
    try {
      const api = createApiClient({ baseUrl: `${origin}/be/api`, navigate, redirectDelayMs: 50 });
      await expect(api.GET('/auth/users/me/')).rejects.toMatchObject({ code: 'network_error' });
      expect($connectionLost.get()).toBe(false);
      await new Promise((resolve) => setTimeout(resolve, 150));
      expect(navigate).not.toHaveBeenCalled();
      expect(getAccessToken()).toBe('acc');
    } finally {
      unmark();
      $offline.set(false);
      setURL(`${server.origin}/app`);
    }
  });

  test('offline on a page that cannot work offline: the spec rule (redirect to /login)', async () => {
    saveTokens({ access: 'acc', refresh: 'ref' });
    const origin = await closedOrigin();
    setURL(`${origin}/app`);
    $offline.set(true);
    try {
      const api = createApiClient({ baseUrl: `${origin}/be/api`, navigate, redirectDelayMs: 50 });
      await expect(api.GET('/auth/users/me/')).rejects.toMatchObject({ code: 'network_error' });
      expect($connectionLost.get()).toBe(true);
      await expect.poll(() => navigate).toHaveBeenCalledExactlyOnceWith('/login');
    } finally {
      $offline.set(false);
      setURL(`${server.origin}/app`);
    }
  });

  test("the caller's own abort is not a connection loss", async () => {
    server.handle(() => 'hang');
    const controller = new AbortController();

    const call = client().GET('/auth/users/me/', { signal: controller.signal });
    await expect.poll(() => server.requests).toHaveLength(1);
    controller.abort();

    await expect(call).rejects.toMatchObject({ name: 'AbortError' });
    expect($connectionLost.get()).toBe(false);
    await new Promise((resolve) => setTimeout(resolve, 100));
    expect(navigate).not.toHaveBeenCalled();
  });

  test('isNetworkFailure recognises the spec codes and messages', () => {
    expect(isNetworkFailure(new TypeError('Failed to fetch'))).toBe(true);
    expect(isNetworkFailure(Object.assign(new Error('x'), { code: 'ERR_NETWORK' }))).toBe(true);
    expect(isNetworkFailure({ code: 'ERR_CONNECTION_REFUSED' })).toBe(true);
    expect(isNetworkFailure({ code: 'ERR_INTERNET_DISCONNECTED' })).toBe(true);
    expect(isNetworkFailure(new Error('Network Error'))).toBe(true);
    expect(isNetworkFailure(new Error('boom'))).toBe(false);
    expect(isNetworkFailure(new DOMException('aborted', 'AbortError'))).toBe(false);
  });
});

describe('other errors', () => {
  test('a 400 reaches the caller with the typed Error body, not logged again', async () => {
    const body = {
      detail: 'Passwords do not match',
      code: 'validation_error',
      fields: { password2: ['Passwords do not match'] },
    };
    server.handle(() => ({ status: 400, body }));

    const result = await client().POST('/auth/users/', {
      body: { email: 'a@b.c', username: 'a', password: '12345678', password2: 'x' },
    });

    expect(result.data).toBeUndefined();
    expect(result.error).toEqual(body);
    expect(result.error?.fields?.password2).toEqual(['Passwords do not match']);
    // The browser logs every failed response itself (method, URL, status): a line of ours was
    // the second one (issue 40, item 13).
    expect(console.error).not.toHaveBeenCalled();
    expect(navigate).not.toHaveBeenCalled();
    expect($connectionLost.get()).toBe(false);

    const thrown = (() => {
      try {
        unwrap(result);
      } catch (error) {
        return error;
      }
    })();
    expect(thrown).toBeInstanceOf(ApiRequestError);
    expect(thrown).toMatchObject({ status: 400, code: 'validation_error' });
    expect((thrown as ApiRequestError).fields).toEqual({ password2: ['Passwords do not match'] });
  });
});

describe('Idempotency-Key on creates', () => {
  const DECKS = '/be/api/space-repetition/desks/';
  const deck = { id: 7, name: 'Capitals' };
  const UUID = /^[0-9a-f]{8}-[0-9a-f]{4}-4[0-9a-f]{3}-[89ab][0-9a-f]{3}-[0-9a-f]{12}$/;
  /** Drops the connection without an answer: an instance killed while it ran the request. */
  const dropConnection = {
    stream: (res: { socket: { destroy(): void } | null }) => res.socket?.destroy(),
  };

  test('sends a fresh key on every create, and none on other requests', async () => {
    localStorage.setItem('access_token', 'acc');
    server.handle((request) =>
      request.path === DECKS ? { status: 201, body: deck } : { status: 200, body: user },
    );
    const api = client();
    await api.POST('/space-repetition/desks/', { body: { name: 'Capitals' } });
    await api.POST('/space-repetition/desks/', { body: { name: 'Capitals' } });
    await api.GET('/auth/users/me/');
    await api.POST('/auth/token/', { body: { email: 'a@b.c', password: 'x' } });

    const keys = server.requests.map((r) => r.headers['idempotency-key']);
    expect(keys[0]).toMatch(UUID);
    expect(keys[1]).toMatch(UUID);
    expect(keys[1]).not.toBe(keys[0]);
    expect(keys.slice(2)).toEqual([undefined, undefined]);
  });

  test('keeps a key the caller passes', async () => {
    localStorage.setItem('access_token', 'acc');
    server.handle(() => ({ status: 201, body: deck }));
    await client().POST('/space-repetition/desks/', {
      params: { header: { 'Idempotency-Key': 'mine-1' } },
      body: { name: 'Capitals' },
    });
    expect(server.requests[0]?.headers['idempotency-key']).toBe('mine-1');
  });

  test('sends the same key again when it retries after a refresh', async () => {
    saveTokens({ access: 'old', refresh: 'ref-1' });
    server.handle((request) => {
      if (request.path === REFRESH) return { status: 200, body: { access: 'new' } };
      return request.headers.authorization === 'Bearer new'
        ? { status: 201, body: deck }
        : unauthorized;
    });

    const result = await client().POST('/space-repetition/desks/', { body: { name: 'Capitals' } });

    expect(result.data).toEqual(deck);
    const sent = server.hits(DECKS);
    expect(sent).toHaveLength(2);
    expect(sent[0]?.headers['idempotency-key']).toMatch(UUID);
    expect(sent[1]?.headers['idempotency-key']).toBe(sent[0]?.headers['idempotency-key']);
    expect(sent[1]?.body).toBe('{"name":"Capitals"}');
  });

  test('sends a create once more, with its key, when the connection drops before the answer', async () => {
    localStorage.setItem('access_token', 'acc');
    let calls = 0;
    server.handle(() => {
      calls += 1;
      return calls === 1 ? dropConnection : { status: 201, body: deck };
    });

    const result = await client().POST('/space-repetition/desks/', { body: { name: 'Capitals' } });

    expect(result.data).toEqual(deck);
    const sent = server.hits(DECKS);
    expect(sent.map((r) => r.body)).toEqual(['{"name":"Capitals"}', '{"name":"Capitals"}']);
    expect(sent[1]?.headers['idempotency-key']).toBe(sent[0]?.headers['idempotency-key']);
    expect(sent[1]?.headers.authorization).toBe('Bearer acc');
    expect($connectionLost.get()).toBe(false);
  });

  test('resends only once, and never a request without a key', async () => {
    localStorage.setItem('access_token', 'acc');
    server.handle(() => dropConnection);
    const api = client();

    await expect(
      api.POST('/space-repetition/desks/', { body: { name: 'Capitals' } }),
    ).rejects.toMatchObject({ code: 'network_error' });
    expect(server.hits(DECKS)).toHaveLength(2);
    retryConnection();

    await expect(
      api.PATCH('/auth/users/{id}/', { params: { path: { id: 1 } }, body: { first_name: 'A' } }),
    ).rejects.toMatchObject({ code: 'network_error' });
    expect(server.hits('/be/api/auth/users/1/')).toHaveLength(1);
  });
});
