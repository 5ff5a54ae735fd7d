import { readFileSync } from 'node:fs';
import { createServer, type IncomingMessage, type Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createProviders } from '../index.ts';
import { createOpenAiProvider, parseCardsJson } from './openai.ts';
import { AiProviderError } from './types.ts';

/** A local server speaking the OpenAI chat-completions format; each test sets its answer. */
let server: Server;
let baseUrl: string;
let answer: (
  req: IncomingMessage,
  body: unknown,
) => { status: number; body: unknown } | { stream: string[] } | 'never';
const seen: { path?: string; auth?: string; body?: Record<string, unknown> }[] = [];

const completion = (content: string) => ({
  id: 'chatcmpl-1',
  object: 'chat.completion',
  model: 'test-model',
  choices: [{ index: 0, finish_reason: 'stop', message: { role: 'assistant', content } }],
});

beforeAll(async () => {
  server = createServer(async (req, res) => {
    let raw = '';
    for await (const chunk of req) raw += chunk;
    const body = raw ? JSON.parse(raw) : undefined;
    seen.push({ path: req.url, auth: req.headers.authorization, body });
    const out = answer(req, body);
    if (out === 'never') return; // the client's time-out is the only way this request ends
    if ('stream' in out) {
      res.writeHead(200, { 'content-type': 'text/event-stream' });
      for (const frame of out.stream) res.write(frame);
      res.end();
      return;
    }
    res.writeHead(out.status, { 'content-type': 'application/json' });
    res.end(typeof out.body === 'string' ? out.body : JSON.stringify(out.body));
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  baseUrl = `http://127.0.0.1:${(server.address() as AddressInfo).port}/v1`;
});

afterAll(async () => {
  server.closeAllConnections();
  await new Promise((resolve) => server.close(resolve));
});

/** One streamed chunk in the chat-completions stream format. */
const delta = (content: string) =>
  `data: ${JSON.stringify({ choices: [{ index: 0, delta: { content } }] })}\n\n`;

const STORY_REQUEST = {
  locale: 'es' as const,
  items: [{ item: '2882', digits: '28', word: 'knife', emoji: null }],
  history: [{ role: 'user' as const, content: '2882' }],
  turn: 0,
};

/** Every piece of a streamed story, into `into` as they come (so a failure keeps the earlier). */
async function collect(pieces: AsyncIterable<string>, into: string[] = []): Promise<string[]> {
  for await (const piece of pieces) into.push(piece);
  return into;
}

describe('OpenAI-compatible adapter', () => {
  it('posts a chat completion and reads the cards from the JSON answer', async () => {
    answer = () => ({
      status: 200,
      body: completion(
        JSON.stringify({
          cards: [
            { front: 'Capital of Peru?', back: 'Lima', kind: 'qa' },
            { front: 'Mitochondria', back: 'powerhouse of the cell' },
            { front: '', back: 'dropped' },
          ],
        }),
      ),
    });
    const ai = createOpenAiProvider({
      baseUrl: `${baseUrl}/`,
      apiKey: 'sk-test',
      model: 'test-model',
    });
    const cards = await ai.generateCards('Peru: Lima', { locale: 'es', maxCards: 10 });
    expect(cards).toEqual([
      { front: 'Capital of Peru?', back: 'Lima', kind: 'qa' },
      { front: 'Mitochondria', back: 'powerhouse of the cell', kind: 'basic' },
    ]);
    const request = seen.at(-1);
    expect(request?.path).toBe('/v1/chat/completions');
    expect(request?.auth).toBe('Bearer sk-test');
    expect(request?.body).toMatchObject({
      model: 'test-model',
      response_format: { type: 'json_object' },
      messages: [{ role: 'system' }, { role: 'user', content: 'Peru: Lima' }],
    });
    expect(JSON.stringify(request?.body)).toContain('Spanish');
    expect(ai.name).toBe('openai');
  });

  it('streams a macro-image story from the items and the chat history, piece by piece', async () => {
    answer = () => ({
      stream: [
        ...['  A knife', ' slices', ' a phone.'].map((content) => delta(content)),
        'data: [DONE]\n\n',
      ],
    });
    seen.length = 0;
    const ai = createOpenAiProvider({ baseUrl, apiKey: 'k', model: 'm' });
    const pieces = await collect(ai.macroStory(STORY_REQUEST));
    expect(pieces).toEqual(['A knife', ' slices', ' a phone.']);
    const sent = seen[0]?.body as {
      stream: boolean;
      messages: { role: string; content: string }[];
    };
    expect(sent.stream).toBe(true);
    expect(sent.messages[0]?.content).toContain('Spanish');
    expect(sent.messages[0]?.content).toContain('knife (stands for the digits 28)');
    expect(sent.messages.at(-1)).toEqual({ role: 'user', content: '2882' });
  });

  it('fails with AiProviderError when the stream breaks off, errs or is empty', async () => {
    const ai = createOpenAiProvider({ baseUrl, model: 'm', timeoutMs: 60_000 });
    const got: string[] = [];
    answer = () => ({ stream: [delta('A knife')] }); // no [DONE]: the connection just ended
    await expect(collect(ai.macroStory(STORY_REQUEST), got)).rejects.toThrow(
      new AiProviderError('The AI provider ended the stream before [DONE].'),
    );
    expect(got).toEqual(['A knife']);
    answer = () => ({ stream: ['data: {"error":{"message":"overloaded"}}\n\n'] });
    await expect(collect(ai.macroStory(STORY_REQUEST))).rejects.toThrow(/overloaded/);
    answer = () => ({ stream: [delta('  '), 'data: [DONE]\n\n'] });
    await expect(collect(ai.macroStory(STORY_REQUEST))).rejects.toThrow(/empty story/);
    answer = () => ({ status: 500, body: { error: { message: 'boom' } } });
    await expect(collect(ai.macroStory(STORY_REQUEST))).rejects.toThrow(
      new AiProviderError('The AI provider answered 500: boom'),
    );
  });

  it('asks for cloze notes and reads them from a recorded answer, dropping ones without a deletion', async () => {
    const recorded = JSON.parse(
      readFileSync(`${import.meta.dirname}/fixtures/cloze-notes-completion.json`, 'utf8'),
    );
    answer = () => ({ status: 200, body: recorded });
    seen.length = 0;
    const ai = createOpenAiProvider({ baseUrl, model: 'test-model' });
    const cards = await ai.generateCards('Newton. La fotosíntesis.', {
      locale: 'en',
      maxCards: 10,
      output: 'cloze',
    });
    expect(cards).toEqual([
      {
        front: '_____ published the <i>Principia</i> in _____.',
        back: 'Isaac Newton, 1687',
        kind: 'cloze',
        note: {
          note_type: 'cloze',
          fields: {
            // The model's text is plain text: markup in it is escaped, never passed through.
            text: '{{c1::Isaac Newton}} published the &lt;i&gt;Principia&lt;/i&gt; in {{c2::1687}}.',
            extra: 'Philosophiæ Naturalis Principia Mathematica',
          },
        },
      },
      {
        front: 'La _____ ocurre en los _____.',
        back: 'fotosíntesis, cloroplastos',
        kind: 'cloze',
        note: {
          note_type: 'cloze',
          fields: {
            text: 'La {{c1::fotosíntesis}} ocurre en los {{c2::cloroplastos::orgánulos}}.',
            extra: '',
          },
        },
      },
    ]);
    const sent = seen[0]?.body as { messages: { content: string }[] } | undefined;
    const system = sent?.messages[0]?.content;
    expect(system).toContain('{"notes":[{"text":"…","extra":"…"}]}');
    expect(system).toContain('{{c1::');
  });

  it('tolerates code fences around the JSON', () => {
    expect(parseCardsJson('Here:\n```json\n{"cards":[{"front":"a","back":"b"}]}\n```')).toEqual([
      { front: 'a', back: 'b', kind: 'basic' },
    ]);
  });

  it('fails with a clear AiProviderError on an error status, bad JSON or a time-out', async () => {
    // Answers that arrive are judged on their content: a time-out far beyond any test machine's
    // load keeps these cases from ever ending as time-outs.
    const ai = createOpenAiProvider({ baseUrl, model: 'm', timeoutMs: 60_000 });
    answer = () => ({ status: 401, body: { error: { message: 'Incorrect API key provided' } } });
    await expect(ai.generateCards('x', { locale: 'en' })).rejects.toThrow(
      new AiProviderError('The AI provider answered 401: Incorrect API key provided'),
    );
    answer = () => ({ status: 200, body: completion('no json here') });
    await expect(ai.generateCards('x', { locale: 'en' })).rejects.toThrow(/without JSON/);
    answer = () => ({ status: 200, body: completion('{"cards": 3}') });
    await expect(ai.generateCards('x', { locale: 'en' })).rejects.toThrow(/"cards" list/);
    // A server that never answers: only the time-out can end the request, whatever the load.
    const slow = createOpenAiProvider({ baseUrl, model: 'm', timeoutMs: 200 });
    answer = () => 'never';
    await expect(slow.generateCards('x', { locale: 'en' })).rejects.toThrow(
      new AiProviderError('The AI provider did not answer within 200 ms.'),
    );
    const down = createOpenAiProvider({ baseUrl: 'http://127.0.0.1:9/v1', model: 'm' });
    await expect(down.generateCards('x', { locale: 'en' })).rejects.toBeInstanceOf(AiProviderError);
  });

  it('is chosen when AI_BASE_URL is set; the rules engine otherwise', async () => {
    const configured = createProviders({ AI_BASE_URL: baseUrl, AI_MODEL: 'm' });
    const offline = createProviders({});
    expect(configured.ai.name).toBe('openai');
    expect(offline.ai.name).toBe('rules');
    await Promise.all([configured.close(), offline.close()]);
  });
});
