import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { users } from '../../db/schema.ts';
import { createRulesProvider } from '../../providers/ai/rules.ts';
import { AiProviderError } from '../../providers/ai/types.ts';
import { createTestBackend, type TestBackend } from '../../test/harness.ts';
import { readSse, type SseFrame } from '../../test/sse.ts';

let t: TestBackend;
let broken: TestBackend;
let stoppable: TestBackend;
/** Resolves when the stoppable engine saw its signal abort (the client went away). */
let sawStop: () => void = () => {};
const stopped = new Promise<void>((resolve) => {
  sawStop = resolve;
});

beforeAll(async () => {
  t = await createTestBackend();
  broken = await createTestBackend({
    providers: {
      ai: {
        ...createRulesProvider(),
        // Two pieces, then the engine breaks off.
        async *macroStory() {
          yield 'Picture a ';
          yield 'knife ';
          throw new AiProviderError('down');
        },
      },
    },
  });
  stoppable = await createTestBackend({
    providers: {
      ai: {
        ...createRulesProvider(),
        // One piece; streamed, it then waits for the client to leave: only a Stop ends it.
        async *macroStory(_request, signal) {
          yield 'Picture a ';
          if (!signal) return;
          await new Promise<void>((resolve) => {
            if (signal.aborted) resolve();
            signal.addEventListener('abort', () => resolve(), { once: true });
          });
          sawStop();
        },
      },
    },
  });
});

afterAll(async () => {
  await Promise.all([t?.close(), broken?.close(), stoppable?.close()]);
});

const MI = '/be/api/macroimages';

async function standard(backend: TestBackend) {
  const who = await backend.signUp();
  await backend.database.db
    .update(users)
    .set({ accountType: 'standard' })
    .where(eq(users.id, who.user.id));
  return who;
}

/** Opens the stream of one message; the response and a frame reader. */
async function stream(backend: TestBackend, token: string, chatId: number, content: string) {
  const res = await backend.app.request(`${MI}/chats/${chatId}/send_message/stream/`, {
    method: 'POST',
    headers: { authorization: `Bearer ${token}`, 'content-type': 'application/json' },
    body: JSON.stringify({ content }),
  });
  return { res, frames: res.status === 200 && res.body ? readSse(res.body) : undefined };
}

/** Every event frame until the stream ends. */
async function allEvents(reader: ReturnType<typeof readSse>): Promise<SseFrame[]> {
  const out: SseFrame[] = [];
  for (;;) {
    try {
      out.push(await reader.nextEvent(60_000));
    } catch (error) {
      if ((error as Error).message === 'the stream ended') return out;
      throw error;
    }
  }
}

async function newChat(backend: TestBackend, token: string, language = 'en') {
  const chat = await backend.request('POST', `${MI}/chats/`, { token, body: { language } });
  return chat.body.id as number;
}

describe('streamed replies', () => {
  it('streams the story word by word, then stores the turn and sends it as done', async () => {
    const ana = await standard(t);
    const id = await newChat(t, ana.access);
    const { res, frames } = await stream(t, ana.access, id, 'apple\nguitar\n28');
    expect(res.status).toBe(200);
    expect(res.headers.get('content-type')).toMatch(/^text\/event-stream/);
    const events = await allEvents(frames as ReturnType<typeof readSse>);
    const deltas = events.filter((e) => e.event === 'delta');
    expect(deltas.length).toBeGreaterThan(10);
    const done = events.at(-1);
    expect(done?.event).toBe('done');
    const exchange = JSON.parse(done?.data ?? '{}');
    const streamed = deltas.map((d) => JSON.parse(d.data ?? '{}').text).join('');
    expect(streamed.trim()).toBe(exchange.assistant_message.content);
    expect(exchange.assistant_message.content).toContain('knife (28)');
    expect(exchange.chat).toMatchObject({ title: 'apple', messages_count: 2 });
    expect(exchange.user_message).toMatchObject({ role: 'user', content: 'apple\nguitar\n28' });

    // The same turn as the JSON operation: the same story for the same items and turn.
    const other = await newChat(t, ana.access);
    const whole = await t.request('POST', `${MI}/chats/${other}/send_message/`, {
      token: ana.access,
      body: { content: 'apple\nguitar\n28' },
    });
    expect(whole.body.assistant_message.content).toBe(exchange.assistant_message.content);
    const messages = await t.request('GET', `${MI}/chats/${id}/messages/`, { token: ana.access });
    expect(messages.body.map((m: { id: number }) => m.id)).toEqual([
      exchange.user_message.id,
      exchange.assistant_message.id,
    ]);
  });

  it('answers JSON errors before the stream opens: 404, 400, 403', async () => {
    const ana = await standard(t);
    const ben = await standard(t);
    const id = await newChat(t, ana.access);
    const others = await stream(t, ben.access, id, 'cat, moon');
    expect(others.res.status).toBe(404);
    expect(await others.res.json()).toMatchObject({ code: 'not_found' });
    const empty = await t.request('POST', `${MI}/chats/${id}/send_message/stream/`, {
      token: ana.access,
      body: { content: '' },
    });
    expect(empty.status).toBe(400);
    expect(empty.body.field_codes).toEqual({ content: ['blank'] });
    const free = await t.signUp();
    const gated = await t.request('POST', `${MI}/chats/${id}/send_message/stream/`, {
      token: free.access,
      body: { content: 'cat' },
    });
    expect(gated.status).toBe(403);
    expect(gated.body).toMatchObject({ code: 'plan_required', feature: 'macro_images' });
  });

  it('ends with an error frame and stores nothing when the engine breaks off', async () => {
    const ana = await standard(broken);
    const id = await newChat(broken, ana.access);
    const { res, frames } = await stream(broken, ana.access, id, 'cat, moon');
    expect(res.status).toBe(200);
    const events = await allEvents(frames as ReturnType<typeof readSse>);
    expect(events.map((e) => e.event)).toEqual(['delta', 'delta', 'error']);
    expect(JSON.parse(events[2]?.data ?? '{}')).toMatchObject({ code: 'unavailable' });
    const messages = await broken.request('GET', `${MI}/chats/${id}/messages/`, {
      token: ana.access,
    });
    expect(messages.body).toEqual([]);
    const chat = await broken.request('GET', `${MI}/chats/`, { token: ana.access });
    expect(chat.body[0]).toMatchObject({ title: '', messages_count: 0 });
  });

  it('stores nothing when the client stops the stream', async () => {
    const ana = await standard(stoppable);
    const id = await newChat(stoppable, ana.access);
    const { frames } = await stream(stoppable, ana.access, id, 'cat, moon');
    const reader = frames as ReturnType<typeof readSse>;
    expect((await reader.nextEvent(60_000)).event).toBe('delta');
    await reader.cancel();
    await stopped;
    // A turn sent after the stop is the chat's only one.
    const sent = await stoppable.request('POST', `${MI}/chats/${id}/send_message/`, {
      token: ana.access,
      body: { content: 'dog, sun' },
    });
    expect(sent.status).toBe(201);
    const messages = await stoppable.request('GET', `${MI}/chats/${id}/messages/`, {
      token: ana.access,
    });
    expect(messages.body.map((m: { content: string }) => m.content)).toEqual([
      'dog, sun',
      'Picture a',
    ]);
  });
});
