/** The media resolver against a real HTTP server (src/test/http-server.ts), as client.test.ts. */
import { afterAll, beforeAll, beforeEach, describe, expect, test, vi } from 'vitest';
import { createApiClient } from './client.ts';
import { createMediaResolver, MEDIA_LOADS, type MediaLoads, mediaHash } from './media.ts';
import { startTestServer, type TestServer } from './test/http-server.ts';

let server: TestServer;

beforeAll(async () => {
  server = await startTestServer();
  (globalThis as unknown as { happyDOM: { setURL(url: string): void } }).happyDOM.setURL(
    `${server.origin}/space-repetition/7`,
  );
});
afterAll(() => server.close());
beforeEach(() => {
  server.reset();
  localStorage.clear();
  localStorage.setItem('access_token', 'acc-1');
  vi.spyOn(console, 'error').mockImplementation(() => {});
});

const hash = (digit: number) => String(digit).repeat(64);
const src = (digit: number) => `/be/api/space-repetition/media/${hash(digit)}/`;

/** The browser's object URLs, recorded: which were made and which revoked. */
function recordedUrls() {
  const made: string[] = [];
  const blobs: Blob[] = [];
  const revoked: string[] = [];
  return {
    made,
    blobs,
    revoked,
    urls: {
      createObjectURL(blob: Blob) {
        const url = URL.createObjectURL(blob);
        made.push(url);
        blobs.push(blob);
        return url;
      },
      revokeObjectURL(url: string) {
        revoked.push(url);
        URL.revokeObjectURL(url);
      },
    },
  };
}

function resolverWith(capacity = 10) {
  const recorded = recordedUrls();
  const client = createApiClient({ baseUrl: `${server.origin}/be/api`, navigate: () => {} });
  server.handle(() => ({ status: 200, body: 'ID3', headers: { 'Content-Type': 'audio/mpeg' } }));
  return { ...recorded, resolver: createMediaResolver({ client, capacity, urls: recorded.urls }) };
}

describe('media resolver', () => {
  test('fetches a media with the bearer token once per hash and answers its object URL', async () => {
    const { resolver, made, blobs } = resolverWith();
    const first = await resolver.resolve(src(1));
    const again = await resolver.resolve(src(1));

    expect(first).toMatch(/^blob:/);
    expect(again).toBe(first);
    expect(made).toEqual([first]);
    const hits = server.hits(src(1));
    expect(hits).toHaveLength(1);
    expect(hits[0]?.headers.authorization).toBe('Bearer acc-1');
    expect(blobs[0]?.type).toBe('audio/mpeg');
    expect(await blobs[0]?.text()).toBe('"ID3"');
  });

  test('leaves other addresses as they are, without a request', () => {
    const { resolver } = resolverWith();
    expect(resolver.resolve('https://example.com/a.png')).toBe('https://example.com/a.png');
    expect(resolver.resolve('/be/api/space-repetition/media/abc/')).toBe(
      '/be/api/space-repetition/media/abc/',
    );
    expect(server.requests).toHaveLength(0);
  });

  test('revokes the least recently used URL beyond its capacity, and all of them on dispose', async () => {
    const { resolver, made, revoked } = resolverWith(2);
    const one = await resolver.resolve(src(1));
    const two = await resolver.resolve(src(2));
    await resolver.resolve(src(1)); // 1 is now the most recent: 2 goes first
    const three = await resolver.resolve(src(3));
    await expect.poll(() => revoked).toEqual([two]);

    resolver.dispose();
    await expect.poll(() => revoked.toSorted()).toEqual([one, two, three].toSorted());
    expect(made).toHaveLength(3);
  });

  test('a failed media is asked again the next time, and its error reaches the caller', async () => {
    const { resolver } = resolverWith();
    server.handle(() => ({ status: 404, body: { detail: 'Not found.', code: 'not_found' } }));
    await expect(resolver.resolve(src(4))).rejects.toMatchObject({ status: 404 });
    server.handle(() => ({ status: 200, body: 'png', headers: { 'Content-Type': 'image/png' } }));
    await expect(resolver.resolve(src(4))).resolves.toMatch(/^blob:/);
    expect(server.hits(src(4))).toHaveLength(2);
  });

  test('mediaHash reads only Memoria media addresses', () => {
    expect(mediaHash(src(5))).toBe(hash(5));
    expect(mediaHash(`${src(5)}x`)).toBeNull();
  });

  test('serves a media kept in this browser (offline review) without a request', async () => {
    const recorded = recordedUrls();
    const client = createApiClient({ baseUrl: `${server.origin}/be/api`, navigate: () => {} });
    server.handle(() => ({ status: 503, body: 'down' }));
    const kept = new Blob(['PNG'], { type: 'image/png' });
    const resolver = createMediaResolver({
      client,
      urls: recorded.urls,
      kept: async (h) => (h === hash(3) ? kept : null),
    });
    const url = await resolver.resolve(src(3));
    expect(url).toBe(recorded.made[0]);
    expect(recorded.blobs).toEqual([kept]);
    expect(server.requests).toHaveLength(0);
    // A media not kept is still fetched.
    await expect(resolver.resolve(src(4))).rejects.toThrow();
    expect(server.requests).toHaveLength(1);
  });

  test('publishes its loads under way until each settles, as the story tests wait for them', async () => {
    let release = (_blob: Blob | null) => {};
    const held = new Promise<Blob | null>((resolve) => {
      release = resolve;
    });
    const resolver = createMediaResolver({ urls: recordedUrls().urls, kept: () => held });
    const url = resolver.resolve(src(6));
    const loads = (globalThis as unknown as Record<symbol, MediaLoads | undefined>)[MEDIA_LOADS];
    expect(loads).toBeDefined();
    const idle = vi.fn();
    loads?.onIdle.add(idle);
    // The kept copy is still being read (IndexedDB, a real wait): not a request, not a query.
    expect(loads?.pending).toBe(1);
    resolver.resolve(src(6)); // the same hash: the same load
    expect(loads?.pending).toBe(1);
    release(new Blob(['PNG'], { type: 'image/png' }));
    await url;
    expect(loads?.pending).toBe(0);
    expect(idle).toHaveBeenCalledTimes(1);
    // A failed load settles too.
    const failing = createMediaResolver({ kept: () => Promise.reject(new Error('gone')) });
    server.handle(() => ({ status: 404, body: 'none' }));
    await expect(failing.resolve(src(7))).rejects.toThrow();
    expect(loads?.pending).toBe(0);
    loads?.onIdle.delete(idle);
  });
});
