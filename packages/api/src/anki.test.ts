/**
 * The Anki upload's own time limits (`xhrFetch`) against a real HTTP server, through a client
 * whose request time-out is short, so each limit is seen at work in a fraction of a second.
 *
 * happy-dom's XMLHttpRequest sends the body at once and fires no upload events; where a test needs
 * the bytes to be "moving", it fires the `progress` and `load` events on `xhr.upload` that a
 * browser fires while it sends.
 */
import { afterAll, afterEach, beforeAll, beforeEach, describe, expect, test, vi } from 'vitest';
import { type UploadProgress, xhrFetch } from './anki.ts';
import { createApiClient, retryConnection } from './client.ts';
import { ApiRequestError, unwrap } from './errors.ts';
import { startTestServer, type TestServer } from './test/http-server.ts';

let server: TestServer;
const IMPORT = '/be/api/space-repetition/anki-import/';
const SUMMARY = { desks: [], cards_imported: 0, reviews_imported: 0, skipped: [] };

beforeAll(async () => {
  server = await startTestServer();
  (globalThis as unknown as { happyDOM: { setURL(url: string): void } }).happyDOM.setURL(
    `${server.origin}/app`,
  );
});
afterAll(() => server.close());
beforeEach(() => {
  server.reset();
  vi.spyOn(console, 'error').mockImplementation(() => {});
});
afterEach(() => {
  retryConnection();
  vi.restoreAllMocks();
  vi.unstubAllGlobals();
});

/** A client whose own time-out is 100 ms. */
const client = () =>
  createApiClient({ baseUrl: `${server.origin}/be/api`, navigate: vi.fn(), timeoutMs: 100 });

const after = (ms: number) => new Promise((resolve) => setTimeout(resolve, ms));

function upload(transport?: typeof fetch) {
  const file = new File([new Uint8Array(4096)], 'big.apkg');
  return client().POST('/space-repetition/anki-import/', {
    body: { file: file as unknown as string },
    bodySerializer: () => {
      const form = new FormData();
      form.set('file', file, file.name);
      return form;
    },
    ...(transport ? { fetch: transport } : {}),
  });
}

describe('the Anki upload keeps its own time limits', () => {
  test("an answer slower than the client's time-out still arrives", async () => {
    server.handle(async () => {
      await after(400);
      return { status: 201, body: SUMMARY };
    });
    const result = await upload(xhrFetch(() => {}));
    expect(unwrap(result)).toEqual(SUMMARY);
    expect(server.hits(IMPORT)[0]?.body).toContain('filename="big.apkg"');
    // The same answer through the client's own fetch is cut by its 100 ms time-out.
    await expect(upload().then(unwrap)).rejects.toMatchObject({ status: 0 });
  });

  test('an upload with no progress for its idle limit fails as a lost connection', async () => {
    server.handle(() => 'hang');
    const error = await upload(xhrFetch(() => {}, { idleMs: 150, answerMs: 60_000 })).then(
      unwrap,
      (e: unknown) => e,
    );
    expect(error).toBeInstanceOf(ApiRequestError);
    expect(error).toMatchObject({ status: 0, code: 'network_error' });
  });

  test('bytes moving keep it alive past the idle limit; then the answer has its own wait', async () => {
    const sent: XMLHttpRequest[] = [];
    const Base = globalThis.XMLHttpRequest;
    vi.stubGlobal(
      'XMLHttpRequest',
      class extends Base {
        constructor() {
          super();
          sent.push(this);
        }
      },
    );
    server.handle(async () => {
      await after(900);
      return { status: 201, body: SUMMARY };
    });
    const seen: UploadProgress[] = [];
    const pending = upload(xhrFetch((p) => seen.push(p), { idleMs: 200, answerMs: 1_000 })).then(
      unwrap,
    );
    // 500 ms of progress every 100 ms (more than twice the idle limit), then the last byte.
    for (let loaded = 1024; loaded <= 4096; loaded += 1024) {
      await after(100);
      sent[0]?.upload.dispatchEvent(
        new ProgressEvent('progress', { lengthComputable: true, loaded, total: 4096 }),
      );
    }
    await after(100);
    sent[0]?.upload.dispatchEvent(new ProgressEvent('load'));
    expect(await pending).toEqual(SUMMARY);
    expect(seen.map((p) => p.loaded)).toEqual([1024, 2048, 3072, 4096]);
  });

  test('no answer within its wait after the last byte fails as a lost connection', async () => {
    const sent: XMLHttpRequest[] = [];
    const Base = globalThis.XMLHttpRequest;
    vi.stubGlobal(
      'XMLHttpRequest',
      class extends Base {
        constructor() {
          super();
          sent.push(this);
        }
      },
    );
    server.handle(() => 'hang');
    const pending = upload(xhrFetch(() => {}, { idleMs: 5_000, answerMs: 150 })).then(
      unwrap,
      (e: unknown) => e,
    );
    await after(50);
    sent[0]?.upload.dispatchEvent(new ProgressEvent('load'));
    expect(await pending).toMatchObject({ status: 0, code: 'network_error' });
  });
});
