import { and, eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { activities, users } from '../../db/schema.ts';
import { createRulesProvider } from '../../providers/ai/rules.ts';
import { AiProviderError } from '../../providers/ai/types.ts';
import { createTestBackend, type TestBackend } from '../../test/harness.ts';

let t: TestBackend;
let broken: TestBackend;

beforeAll(async () => {
  t = await createTestBackend();
  broken = await createTestBackend({
    providers: {
      ai: {
        ...createRulesProvider(),
        // Two pieces, then the engine breaks off: a stream that fails midway.
        async *macroStory() {
          yield 'Picture a ';
          yield 'knife ';
          throw new AiProviderError('down');
        },
      },
    },
  });
});

afterAll(async () => {
  await t?.close();
  await broken?.close();
});

const CT = '/be/api/conversiontable';
const MI = '/be/api/macroimages';

/** A signed-in Standard learner (the plan that includes both tools). */
async function standard(backend = t) {
  const who = await backend.signUp();
  await backend.database.db
    .update(users)
    .set({ accountType: 'standard' })
    .where(eq(users.id, who.user.id));
  return who;
}

describe('plan gate', () => {
  it('refuses free users with 403 plan_required on both tools', async () => {
    const free = await t.signUp();
    const convert = await t.request('POST', `${CT}/convert-numbers/`, {
      token: free.access,
      body: { numbers: '12' },
    });
    expect(convert.status).toBe(403);
    expect(convert.body).toMatchObject({ code: 'plan_required', feature: 'conversion_table' });
    const chats = await t.request('GET', `${MI}/chats/`, { token: free.access });
    expect(chats.status).toBe(403);
    expect(chats.body).toMatchObject({ code: 'plan_required', feature: 'macro_images' });
  });
});

describe('convert-numbers', () => {
  it('answers words best first and splits for each number, in the language asked', async () => {
    const ana = await standard();
    const res = await t.request('POST', `${CT}/convert-numbers/`, {
      token: ana.access,
      body: { numbers: ' 28  3141592653 ' },
    });
    expect(res.status).toBe(200);
    expect(res.body.language).toBe('en');
    expect(res.body.results.map((r: { number: string }) => r.number)).toEqual(['28', '3141592653']);
    expect(res.body.results[0].words[0]).toBe('knife');
    const split = res.body.results[1].splits[0] as { digits: string }[];
    expect(split.map((p) => p.digits).join('')).toBe('3141592653');

    const es = await t.request('POST', `${CT}/convert-numbers/`, {
      token: ana.access,
      body: { numbers: '714', language: 'es' },
    });
    expect(es.body.results[0].words).toContain('guitarra');

    const [row] = await t.database.db
      .select()
      .from(activities)
      .where(
        and(eq(activities.userId, ana.user.id), eq(activities.activityType, 'conversion_table')),
      );
    expect(row?.count).toBe(2);
  });

  it.each([
    ['   ', 'Error: No numbers entered', 'no_numbers_entered'],
    ['', 'Error: No numbers entered', 'no_numbers_entered'],
    ['12 a4', 'Error: Only numbers and spaces are allowed', 'only_numbers_and_spaces'],
    ['1,2', 'Error: Only numbers and spaces are allowed', 'only_numbers_and_spaces'],
  ])('refuses %j with the spec message', async (numbers, message, key) => {
    const ana = await standard();
    const res = await t.request('POST', `${CT}/convert-numbers/`, {
      token: ana.access,
      body: { numbers },
    });
    expect(res.status).toBe(400);
    expect(res.body).toMatchObject({
      code: 'validation_error',
      fields: { numbers: [message] },
      field_codes: { numbers: [key] },
    });
  });

  it('refuses input over 1,000 characters', async () => {
    const ana = await standard();
    const res = await t.request('POST', `${CT}/convert-numbers/`, {
      token: ana.access,
      body: { numbers: '1'.repeat(1001) },
    });
    expect(res.status).toBe(400);
    expect(res.body.field_codes).toEqual({ numbers: ['too_long'] });
  });
});

describe('generate-phrase', () => {
  it('answers a phrase whose words encode the number in order', async () => {
    const ana = await standard();
    const res = await t.request('POST', `${CT}/generate-phrase/`, {
      token: ana.access,
      body: { number: '3141 5926', language: 'es' },
    });
    expect(res.status).toBe(200);
    expect(res.body).toMatchObject({ number: '31415926', language: 'es', provider: 'rules' });
    expect(res.body.words.map((w: { digits: string }) => w.digits).join('')).toBe('31415926');
    expect(res.body.phrase).toMatch(/\.$/);
  });

  it.each([
    ['  ', 'Error: Number field is empty', 'number_field_empty'],
    ['12x', 'Error: Only numbers and spaces are allowed', 'only_numbers_and_spaces'],
  ])('refuses %j with the spec message', async (number, message, key) => {
    const ana = await standard();
    const res = await t.request('POST', `${CT}/generate-phrase/`, {
      token: ana.access,
      body: { number },
    });
    expect(res.status).toBe(400);
    expect(res.body).toMatchObject({
      fields: { number: [message] },
      field_codes: { number: [key] },
    });
  });
});

describe('macro-image chats', () => {
  it('creates, titles from the first message, answers with a story, renames and deletes', async () => {
    const ana = await standard();
    const created = await t.request('POST', `${MI}/chats/`, { token: ana.access, body: {} });
    expect(created.status).toBe(201);
    expect(created.body).toMatchObject({ title: '', language: 'en', messages_count: 0 });
    const id = created.body.id;

    const sent = await t.request('POST', `${MI}/chats/${id}/send_message/`, {
      token: ana.access,
      body: { content: 'apple\nguitar\n28' },
    });
    expect(sent.status).toBe(201);
    expect(sent.body.chat).toMatchObject({ title: 'apple', messages_count: 2 });
    expect(sent.body.user_message).toMatchObject({ role: 'user', content: 'apple\nguitar\n28' });
    const story = sent.body.assistant_message;
    expect(story.role).toBe('assistant');
    expect(story.content).toContain('apple');
    expect(story.content).toContain('knife (28)');
    expect(story.storyboard.map((s: { word: string }) => s.word)).toEqual([
      'apple',
      'guitar',
      'knife',
    ]);
    expect(story.storyboard[0].emoji).toBe('🍎');

    const again = await t.request('POST', `${MI}/chats/${id}/send_message/`, {
      token: ana.access,
      body: { content: 'again' },
    });
    expect(again.body.assistant_message.storyboard).toHaveLength(3);
    expect(again.body.assistant_message.content).not.toBe(story.content);

    const messages = await t.request('GET', `${MI}/chats/${id}/messages/`, { token: ana.access });
    expect(messages.body.map((m: { role: string }) => m.role)).toEqual([
      'user',
      'assistant',
      'user',
      'assistant',
    ]);

    const renamed = await t.request('PUT', `${MI}/chats/${id}/`, {
      token: ana.access,
      body: { title: ' Shopping ' },
    });
    expect(renamed.body.title).toBe('Shopping');
    const list = await t.request('GET', `${MI}/chats/`, { token: ana.access });
    expect(list.body).toHaveLength(1);
    expect(list.body[0]).toMatchObject({ id, title: 'Shopping', messages_count: 4 });

    const [activity] = await t.database.db
      .select()
      .from(activities)
      .where(and(eq(activities.userId, ana.user.id), eq(activities.chatId, id)));
    expect(activity).toMatchObject({ activityType: 'macro_images', count: 2, chatTitle: 'apple' });

    expect((await t.request('DELETE', `${MI}/chats/${id}/`, { token: ana.access })).status).toBe(
      204,
    );
    const gone = await t.request('GET', `${MI}/chats/${id}/messages/`, { token: ana.access });
    expect(gone.status).toBe(404);
  });

  it('answers in the chat language', async () => {
    const ana = await standard();
    const chat = await t.request('POST', `${MI}/chats/`, {
      token: ana.access,
      body: { language: 'es' },
    });
    const sent = await t.request('POST', `${MI}/chats/${chat.body.id}/send_message/`, {
      token: ana.access,
      body: { content: 'perro, luna, 714' },
    });
    const board = sent.body.assistant_message.storyboard as { digits: string | null }[];
    expect(board.map((b) => b.digits ?? '').join('')).toBe('714');
    expect(sent.body.assistant_message.content).toMatch(/^(Imagina|Todo|Un foco|Te despiertas)/);
    expect(sent.body.assistant_message.content).toMatch(/Sistema Mayor/);
  });

  it('encodes the number of a request, not its instruction words, and says what it encoded', async () => {
    const ana = await standard();
    for (const [language, content, encoded] of [
      ['en', 'Tell me a story for the number 3141592653', 'Encoded:'],
      ['es', 'Cuéntame una historia para el número 3141592653', 'Codificado:'],
    ] as const) {
      const chat = await t.request('POST', `${MI}/chats/`, {
        token: ana.access,
        body: { language },
      });
      const sent = await t.request('POST', `${MI}/chats/${chat.body.id}/send_message/`, {
        token: ana.access,
        body: { content },
      });
      expect(sent.status).toBe(201);
      const reply = sent.body.assistant_message;
      const board = reply.storyboard as { digits: string | null; word: string }[];
      // Every item pictures digits of the number: none is Tell, story, number, historia…
      expect(board.every((b) => b.digits !== null)).toBe(true);
      expect(board.map((b) => b.digits).join('')).toBe('3141592653');
      const groups = board.map((b) => b.digits).join(' ');
      expect(reply.content).toContain(`${encoded} ${groups}`);
      expect(reply.content).not.toMatch(/\b(Tell|story|number|Cuéntame|historia|número)\b/i);
    }
  });

  it('editing a message replaces the replies after it with one new reply', async () => {
    const ana = await standard();
    const chat = await t.request('POST', `${MI}/chats/`, { token: ana.access, body: {} });
    const first = await t.request('POST', `${MI}/chats/${chat.body.id}/send_message/`, {
      token: ana.access,
      body: { content: 'cat, moon' },
    });
    await t.request('POST', `${MI}/chats/${chat.body.id}/send_message/`, {
      token: ana.access,
      body: { content: 'shoe, tree' },
    });
    const edited = await t.request('PUT', `${MI}/messages/${first.body.user_message.id}/`, {
      token: ana.access,
      body: { content: 'dog, sun, boat' },
    });
    expect(edited.status).toBe(200);
    expect(edited.body.user_message).toMatchObject({ content: 'dog, sun, boat', edited: true });
    expect(edited.body.assistant_message.content).toContain('boat');
    const messages = await t.request('GET', `${MI}/chats/${chat.body.id}/messages/`, {
      token: ana.access,
    });
    expect(messages.body.map((m: { content: string }) => m.content.slice(0, 14))).toEqual([
      'dog, sun, boat',
      edited.body.assistant_message.content.slice(0, 14),
    ]);

    const assistantEdit = await t.request(
      'PUT',
      `${MI}/messages/${edited.body.assistant_message.id}/`,
      { token: ana.access, body: { content: 'mine now' } },
    );
    expect(assistantEdit.status).toBe(403);
  });

  it("answers 404 for another user's chats and messages", async () => {
    const ana = await standard();
    const ben = await standard();
    const chat = await t.request('POST', `${MI}/chats/`, { token: ana.access, body: {} });
    const sent = await t.request('POST', `${MI}/chats/${chat.body.id}/send_message/`, {
      token: ana.access,
      body: { content: 'cat, moon' },
    });
    const id = chat.body.id;
    const tries = [
      t.request('PUT', `${MI}/chats/${id}/`, { token: ben.access, body: { title: 'x' } }),
      t.request('DELETE', `${MI}/chats/${id}/`, { token: ben.access }),
      t.request('GET', `${MI}/chats/${id}/messages/`, { token: ben.access }),
      t.request('POST', `${MI}/chats/${id}/send_message/`, {
        token: ben.access,
        body: { content: 'hi' },
      }),
      t.request('PUT', `${MI}/messages/${sent.body.user_message.id}/`, {
        token: ben.access,
        body: { content: 'hi' },
      }),
      t.request('PUT', `${MI}/messages/2147483647/`, { token: ana.access, body: { content: 'x' } }),
    ];
    for (const res of await Promise.all(tries)) expect(res.status).toBe(404);
    expect((await t.request('GET', `${MI}/chats/`, { token: ben.access })).body).toEqual([]);
  });

  it('refuses an empty or too long message', async () => {
    const ana = await standard();
    const chat = await t.request('POST', `${MI}/chats/`, { token: ana.access, body: {} });
    for (const content of ['', 'x'.repeat(4001)]) {
      const res = await t.request('POST', `${MI}/chats/${chat.body.id}/send_message/`, {
        token: ana.access,
        body: { content },
      });
      expect(res.status).toBe(400);
    }
  });

  it('refuses a message of blanks only, sent or edited, naming the field', async () => {
    const ana = await standard();
    const chat = await t.request('POST', `${MI}/chats/`, { token: ana.access, body: {} });
    const sent = await t.request('POST', `${MI}/chats/${chat.body.id}/send_message/`, {
      token: ana.access,
      body: { content: 'cat, moon' },
    });
    for (const [method, path] of [
      ['POST', `${MI}/chats/${chat.body.id}/send_message/`],
      ['POST', `${MI}/chats/${chat.body.id}/send_message/stream/`],
      ['PUT', `${MI}/messages/${sent.body.user_message.id}/`],
      ['PUT', `${MI}/messages/${sent.body.user_message.id}/stream/`],
    ] as const) {
      const res = await t.request(method, path, { token: ana.access, body: { content: ' \n\t ' } });
      expect(res.status).toBe(400);
      expect(res.body.field_codes).toEqual({ content: ['blank'] });
    }
    const messages = await t.request('GET', `${MI}/chats/${chat.body.id}/messages/`, {
      token: ana.access,
    });
    expect(messages.body.map((m: { content: string }) => m.content)[0]).toBe('cat, moon');
    expect(messages.body).toHaveLength(2);
  });

  it('editing the first message retitles a chat titled from it, not one the learner named', async () => {
    const ana = await standard();
    const titled = async (rename?: string) => {
      const chat = await t.request('POST', `${MI}/chats/`, { token: ana.access, body: {} });
      const first = await t.request('POST', `${MI}/chats/${chat.body.id}/send_message/`, {
        token: ana.access,
        body: { content: 'cat, moon' },
      });
      const second = await t.request('POST', `${MI}/chats/${chat.body.id}/send_message/`, {
        token: ana.access,
        body: { content: 'shoe, tree' },
      });
      if (rename) {
        await t.request('PUT', `${MI}/chats/${chat.body.id}/`, {
          token: ana.access,
          body: { title: rename },
        });
      }
      return { first: first.body.user_message.id, second: second.body.user_message.id };
    };
    const auto = await titled();
    const later = await t.request('PUT', `${MI}/messages/${auto.second}/`, {
      token: ana.access,
      body: { content: 'owl, piano' },
    });
    expect(later.body.chat.title).toBe('cat, moon');
    const edited = await t.request('PUT', `${MI}/messages/${auto.first}/`, {
      token: ana.access,
      body: { content: 'dog, sun' },
    });
    expect(edited.body.chat.title).toBe('dog, sun');

    const named = await titled('Groceries');
    const kept = await t.request('PUT', `${MI}/messages/${named.first}/`, {
      token: ana.access,
      body: { content: 'dog, sun' },
    });
    expect(kept.body.chat.title).toBe('Groceries');
  });

  it('answers 503 and stores nothing when the AI provider fails', async () => {
    const ana = await standard(broken);
    const chat = await broken.request('POST', `${MI}/chats/`, { token: ana.access, body: {} });
    const res = await broken.request('POST', `${MI}/chats/${chat.body.id}/send_message/`, {
      token: ana.access,
      body: { content: 'cat, moon' },
    });
    expect(res.status).toBe(503);
    expect(res.body.code).toBe('unavailable');
    const messages = await broken.request('GET', `${MI}/chats/${chat.body.id}/messages/`, {
      token: ana.access,
    });
    expect(messages.body).toEqual([]);
  });
});
