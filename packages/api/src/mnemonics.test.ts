/** The streamed macro-chat reply client against a real HTTP server writing server-sent events. */
import type { ServerResponse } from 'node:http';
import { afterAll, beforeAll, beforeEach, describe, expect, test } from 'vitest';
import { ApiRequestError } from './errors.ts';
import { streamMacroMessage, streamMacroMessageEdit } from './mnemonics.ts';
import { startTestServer, type TestServer } from './test/http-server.ts';

let server: TestServer;

beforeAll(async () => {
  server = await startTestServer();
  (globalThis as unknown as { happyDOM: { setURL(url: string): void } }).happyDOM.setURL(
    `${server.origin}/macro-images/1`,
  );
});
afterAll(async () => {
  await server.close();
});
beforeEach(() => server.reset());

const frame = (event: string, data: unknown) =>
  `event: ${event}\ndata: ${JSON.stringify(data)}\n\n`;
const exchange = { user_message: { id: 1 }, assistant_message: { id: 2 }, chat: { id: 1 } };

/** Writes `frames` one by one, then ends the response (or leaves it open with `open`). */
function sse(frames: string[], open = false) {
  return {
    stream(res: ServerResponse) {
      res.writeHead(200, { 'content-type': 'text/event-stream' });
      for (const f of frames) res.write(f);
      if (!open) res.end();
    },
  };
}

describe('streamMacroMessage', () => {
  test('hands each piece over in order and resolves with the stored exchange', async () => {
    server.handle(() =>
      sse([
        frame('delta', { text: 'Picture ' }),
        frame('delta', { text: 'a knife.' }),
        frame('done', exchange),
      ]),
    );
    const pieces: string[] = [];
    const result = await streamMacroMessage({
      chatId: 1,
      content: 'knife',
      onDelta: (t) => pieces.push(t),
    });
    expect(pieces).toEqual(['Picture ', 'a knife.']);
    expect(result).toEqual(exchange);
    const [request] = server.hits('/be/api/macroimages/chats/1/send_message/stream/');
    expect(request?.method).toBe('POST');
    expect(JSON.parse(request?.body ?? '{}')).toEqual({ content: 'knife' });
  });

  test('rejects with the error frame after the pieces that came', async () => {
    server.handle(() =>
      sse([
        frame('delta', { text: 'Picture ' }),
        frame('error', { detail: 'down', code: 'unavailable' }),
      ]),
    );
    const pieces: string[] = [];
    const error = await streamMacroMessage({
      chatId: 1,
      content: 'knife',
      onDelta: (t) => pieces.push(t),
    }).catch((e: unknown) => e);
    expect(error).toBeInstanceOf(ApiRequestError);
    expect((error as ApiRequestError).code).toBe('unavailable');
    expect(pieces).toEqual(['Picture ']);
  });

  test('rejects when the stream ends without done, and on an error before it opens', async () => {
    server.handle(() => sse([frame('delta', { text: 'Picture ' })]));
    const cut = await streamMacroMessage({ chatId: 1, content: 'x', onDelta: () => {} }).catch(
      (e: unknown) => e,
    );
    expect((cut as ApiRequestError).code).toBe('network_error');
    server.handle(() => ({
      status: 404,
      body: { detail: 'No chat with this id.', code: 'not_found' },
    }));
    const missing = await streamMacroMessage({ chatId: 1, content: 'x', onDelta: () => {} }).catch(
      (e: unknown) => e,
    );
    expect((missing as ApiRequestError).status).toBe(404);
  });

  test('stops when its signal aborts', async () => {
    server.handle(() => sse([frame('delta', { text: 'Picture ' })], true));
    const stop = new AbortController();
    const pending = streamMacroMessage({
      chatId: 1,
      content: 'x',
      signal: stop.signal,
      onDelta: () => stop.abort(),
    });
    await expect(pending).rejects.toThrow();
    expect(stop.signal.aborted).toBe(true);
  });
});

describe('streamMacroMessageEdit', () => {
  test('puts the new text to the stream of the edit and reads its reply the same way', async () => {
    server.handle(() =>
      sse([
        frame('delta', { text: 'Picture ' }),
        frame('delta', { text: 'a dog.' }),
        frame('done', exchange),
      ]),
    );
    const pieces: string[] = [];
    const result = await streamMacroMessageEdit({
      messageId: 5,
      content: 'dog',
      onDelta: (t) => pieces.push(t),
    });
    expect(pieces).toEqual(['Picture ', 'a dog.']);
    expect(result).toEqual(exchange);
    const [request] = server.hits('/be/api/macroimages/messages/5/stream/');
    expect(request?.method).toBe('PUT');
    expect(JSON.parse(request?.body ?? '{}')).toEqual({ content: 'dog' });
  });

  test('rejects with the error frame, and with the JSON error answered before the stream', async () => {
    server.handle(() => sse([frame('error', { detail: 'down', code: 'unavailable' })]));
    const failed = await streamMacroMessageEdit({
      messageId: 5,
      content: 'dog',
      onDelta: () => {},
    }).catch((e: unknown) => e);
    expect((failed as ApiRequestError).code).toBe('unavailable');
    server.handle(() => ({
      status: 403,
      body: { detail: 'Only your own messages can be edited.', code: 'forbidden' },
    }));
    const refused = await streamMacroMessageEdit({
      messageId: 6,
      content: 'dog',
      onDelta: () => {},
    }).catch((e: unknown) => e);
    expect((refused as ApiRequestError).status).toBe(403);
  });
});
