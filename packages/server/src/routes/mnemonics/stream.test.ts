import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { insertMessage } from '../../db/queries/macro-chats.ts';
import { users } from '../../db/schema.ts';
import { createRulesProvider } from '../../providers/ai/rules.ts';
import { AiProviderError } from '../../providers/ai/types.ts';
import { createTestBackend, type TestBackend } from '../../test/harness.ts';
import { readSse, type SseFrame } from '../../test/sse.ts';

let t: TestBackend;
let broken: TestBackend;
let stoppable: TestBackend;
let paced: TestBackend;
/** Resolves when the paced offline engine ended because its signal aborted. */
let sawPacedStop: () => void = () => {};
const pacedStopped = new Promise<void>((resolve) => {
  sawPacedStop = resolve;
});
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

  // The real offline engine, a second between words: a Stop always lands mid-story.
  const rules = createRulesProvider({ streamDelayMs: 1000 });
  paced = await createTestBackend({
    providers: {
      ai: {
        ...rules,
        async *macroStory(request, signal) {
          try {
            yield* rules.macroStory(request, signal);
          } finally {
            if (signal?.aborted) sawPacedStop();
          }
        },
      },
    },
  });
});

afterAll(async () => {
  await Promise.all([t?.close(), broken?.close(), stoppable?.close(), paced?.close()]);
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

/** Opens a stream (a sent message, or with `edit` an edited one); the response and a reader. */
async function stream(
  backend: TestBackend,
  token: string,
  id: number,
  content: string,
  { edit = false } = {},
) {
  const path = edit ? `${MI}/messages/${id}/stream/` : `${MI}/chats/${id}/send_message/stream/`;
  const res = await backend.app.request(path, {
    method: edit ? 'PUT' : 'POST',
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

/** A chat with two turns ("cat, moon" then "dog, sun"); the ids of the two learner messages. */
async function twoTurns(backend: TestBackend, token: string) {
  const id = await newChat(backend, token);
  const ids: number[] = [];
  for (const content of ['cat, moon', 'dog, sun']) {
    const sent = await backend.request('POST', `${MI}/chats/${id}/send_message/`, {
      token,
      body: { content },
    });
    expect(sent.status).toBe(201);
    ids.push(sent.body.user_message.id);
  }
  return { chatId: id, first: ids[0] as number, second: ids[1] as number };
}

async function contents(backend: TestBackend, token: string, chatId: number) {
  const messages = await backend.request('GET', `${MI}/chats/${chatId}/messages/`, { token });
  return messages.body.map((m: { role: string; content: string }) => `${m.role}: ${m.content}`);
}

describe('streamed edits', () => {
  it('streams the new reply, then stores the edit in place of the replies after it', async () => {
    const ana = await standard(t);
    const { chatId, first } = await twoTurns(t, ana.access);
    const { res, frames } = await stream(t, ana.access, first, 'apple\nguitar\n28', {
      edit: true,
    });
    expect(res.status).toBe(200);
    expect(res.headers.get('content-type')).toMatch(/^text\/event-stream/);
    const events = await allEvents(frames as ReturnType<typeof readSse>);
    const deltas = events.filter((e) => e.event === 'delta');
    expect(deltas.length).toBeGreaterThan(10);
    expect(events.at(-1)?.event).toBe('done');
    const exchange = JSON.parse(events.at(-1)?.data ?? '{}');
    const streamed = deltas.map((d) => JSON.parse(d.data ?? '{}').text).join('');
    expect(streamed.trim()).toBe(exchange.assistant_message.content);
    expect(exchange.user_message).toMatchObject({
      id: first,
      content: 'apple\nguitar\n28',
      edited: true,
    });
    expect(exchange.assistant_message.content).toContain('knife (28)');
    // The chat was titled from the message edited: it follows the new text.
    expect(exchange.chat).toMatchObject({ title: 'apple', messages_count: 2 });
    expect(await contents(t, ana.access, chatId)).toEqual([
      'user: apple\nguitar\n28',
      `assistant: ${exchange.assistant_message.content}`,
    ]);

    // The same reply as the JSON edit of the same turn.
    const other = await twoTurns(t, ana.access);
    const whole = await t.request('PUT', `${MI}/messages/${other.first}/`, {
      token: ana.access,
      body: { content: 'apple\nguitar\n28' },
    });
    expect(whole.status).toBe(200);
    expect(whole.body.assistant_message.content).toBe(exchange.assistant_message.content);
  });

  it('answers JSON errors before the stream opens: 404, 403, 400, plan_required', async () => {
    const ana = await standard(t);
    const ben = await standard(t);
    const { chatId, second } = await twoTurns(t, ana.access);
    const before = await contents(t, ana.access, chatId);

    const others = await stream(t, ben.access, second, 'fox', { edit: true });
    expect(others.res.status).toBe(404);
    expect(await others.res.json()).toMatchObject({ code: 'not_found' });
    const missing = await stream(t, ana.access, 2_000_000_000, 'fox', { edit: true });
    expect(missing.res.status).toBe(404);

    const messages = await t.request('GET', `${MI}/chats/${chatId}/messages/`, {
      token: ana.access,
    });
    const reply = messages.body.find((m: { role: string }) => m.role === 'assistant');
    const ofReply = await stream(t, ana.access, reply.id, 'fox', { edit: true });
    expect(ofReply.res.status).toBe(403);
    expect(await ofReply.res.json()).toMatchObject({ code: 'forbidden' });

    for (const [body, field] of [
      [{ content: '' }, 'content'],
      [{ content: 'x'.repeat(4001) }, 'content'],
      [{ content: 'fox', extra: 1 }, 'extra'],
      [{}, 'content'],
    ] as const) {
      const bad = await t.request('PUT', `${MI}/messages/${second}/stream/`, {
        token: ana.access,
        body,
      });
      expect(bad.status).toBe(400);
      expect(bad.body.code).toBe('validation_error');
      expect(Object.keys(bad.body.fields ?? {})).toContain(field);
    }

    const free = await t.signUp();
    const gated = await t.request('PUT', `${MI}/messages/${second}/stream/`, {
      token: free.access,
      body: { content: 'fox' },
    });
    expect(gated.status).toBe(403);
    expect(gated.body).toMatchObject({ code: 'plan_required', feature: 'macro_images' });
    expect(await contents(t, ana.access, chatId)).toEqual(before);
  });

  it('ends with an error frame and leaves the message and its replies as they were', async () => {
    const ana = await standard(broken);
    const chatId = await newChat(broken, ana.access);
    // The broken engine fails every story: the turn to edit is written straight to the table.
    const at = new Date();
    const asked = await insertMessage(broken.database.sql, {
      chatId,
      role: 'user',
      content: 'cat, moon',
      at,
    });
    await insertMessage(broken.database.sql, {
      chatId,
      role: 'assistant',
      content: 'A cat on the moon.',
      at,
    });
    const { res, frames } = await stream(broken, ana.access, asked.id, 'dog, sun', { edit: true });
    expect(res.status).toBe(200);
    const events = await allEvents(frames as ReturnType<typeof readSse>);
    expect(events.map((e) => e.event)).toEqual(['delta', 'delta', 'error']);
    expect(JSON.parse(events[2]?.data ?? '{}')).toMatchObject({ code: 'unavailable' });
    expect(await contents(broken, ana.access, chatId)).toEqual([
      'user: cat, moon',
      'assistant: A cat on the moon.',
    ]);
  });

  it('a Stop mid-story leaves the message and its replies as they were (offline engine)', async () => {
    const ana = await standard(paced);
    const { chatId, first } = await twoTurns(paced, ana.access);
    const before = await contents(paced, ana.access, chatId);
    const { frames } = await stream(paced, ana.access, first, 'apple\nguitar\n28', { edit: true });
    const reader = frames as ReturnType<typeof readSse>;
    const delta = await reader.nextEvent(60_000);
    expect(delta.event).toBe('delta');
    expect(JSON.parse(delta.data ?? '{}').text.length).toBeGreaterThan(0);
    await reader.cancel();
    await pacedStopped;
    expect(await contents(paced, ana.access, chatId)).toEqual(before);
    // The edit sent again after the Stop is stored whole.
    const again = await paced.request('PUT', `${MI}/messages/${first}/`, {
      token: ana.access,
      body: { content: 'apple\nguitar\n28' },
    });
    expect(again.status).toBe(200);
    expect((await contents(paced, ana.access, chatId)).slice(0, 1)).toEqual([
      'user: apple\nguitar\n28',
    ]);
    expect((await contents(paced, ana.access, chatId)).length).toBe(2);
  });
});
