import {
  type CardKind,
  DEFAULT_MAX_CARDS,
  type GenerationOutput,
} from '../../domain/decks/card-generation.ts';
import { clozeProposalOfMarkedText } from '../../domain/decks/cloze-notes.ts';
import {
  type AiProvider,
  AiProviderError,
  type MacroStoryRequest,
  type ProposedCard,
} from './types.ts';

export interface OpenAiOptions {
  /** e.g. `https://api.openai.com/v1` (the adapter posts to `${baseUrl}/chat/completions`). */
  baseUrl: string;
  apiKey?: string;
  model: string;
  /** Default 30 s. */
  timeoutMs?: number;
  fetch?: typeof fetch;
}

const KINDS = new Set<CardKind>(['basic', 'qa', 'cloze']);

function instructions(locale: string, max: number, output: GenerationOutput): string {
  const language = locale === 'es' ? 'Spanish' : 'English';
  if (output === 'cloze') {
    return [
      'You turn study notes into cloze notes for spaced repetition, as Anki writes them.',
      `Write the notes in ${language} unless the notes are in another language.`,
      `Answer with one JSON object only: {"notes":[{"text":"…","extra":"…"}]}, at most ${max} notes.`,
      'Each "text" is one sentence from the notes, in plain text, with one to three key facts (numbers, dates, names, key terms) marked as deletions {{c1::fact}}, {{c2::fact}}, numbered in order; a deletion may carry a short hint: {{c1::fact::hint}}.',
      '"extra" is a short piece of context shown after the answer, or "".',
      'Do not invent facts that are not in the notes.',
    ].join(' ');
  }
  return [
    'You turn study notes into flashcards for spaced repetition.',
    `Write the cards in ${language} unless the notes are in another language.`,
    `Answer with one JSON object only: {"cards":[{"front":"…","back":"…","kind":"basic|qa|cloze"}]}, at most ${max} cards.`,
    'Use "basic" for a term and its definition, "qa" for a question and its answer, "cloze" for a sentence with one key word replaced by _____ on the front and that word on the back.',
    'Keep each side short; do not invent facts that are not in the notes.',
  ].join(' ');
}

/** The JSON value in a model's message, tolerating code fences and text around it. */
function parseJson(content: string): unknown {
  const fenced = /```(?:json)?\s*([\s\S]*?)```/i.exec(content);
  let text = (fenced?.[1] ?? content).trim();
  if (!text.startsWith('{') && !text.startsWith('[')) {
    const start = text.search(/[{[]/);
    if (start < 0) throw new AiProviderError('The AI provider answered without JSON.');
    text = text.slice(start);
  }
  try {
    return JSON.parse(text);
  } catch (error) {
    throw new AiProviderError('The AI provider answered with malformed JSON.', { cause: error });
  }
}

/** The list under `key` in a model's JSON answer (or the answer itself, when it is a list). */
function listIn(content: string, key: 'cards' | 'notes'): unknown[] {
  const parsed = parseJson(content);
  const list = Array.isArray(parsed) ? parsed : (parsed as Record<string, unknown> | null)?.[key];
  if (!Array.isArray(list)) {
    throw new AiProviderError(`The AI provider answered without a "${key}" list.`);
  }
  return list;
}

/** The cards in a model's JSON answer (`{"cards":[{front, back, kind}]}`). */
export function parseCardsJson(content: string): ProposedCard[] {
  const cards: ProposedCard[] = [];
  for (const item of listIn(content, 'cards')) {
    if (!item || typeof item !== 'object') continue;
    const { front, back, kind } = item as Record<string, unknown>;
    if (typeof front !== 'string' || typeof back !== 'string') continue;
    if (!front.trim() || !back.trim()) continue;
    const k =
      typeof kind === 'string' && KINDS.has(kind as CardKind) ? (kind as CardKind) : 'basic';
    cards.push({ front: front.trim(), back: back.trim(), kind: k });
  }
  return cards;
}

/**
 * The cloze notes in a model's JSON answer (`{"notes":[{text, extra}]}`); a note whose text marks
 * no deletion is dropped, as the server could not make a card of it.
 */
export function parseClozeNotesJson(content: string): ProposedCard[] {
  const cards: ProposedCard[] = [];
  for (const item of listIn(content, 'notes')) {
    if (!item || typeof item !== 'object') continue;
    const { text, extra } = item as Record<string, unknown>;
    if (typeof text !== 'string') continue;
    const card = clozeProposalOfMarkedText(text, typeof extra === 'string' ? extra : '');
    if (card) cards.push(card);
  }
  return cards;
}

function storyInstructions(request: MacroStoryRequest): string {
  const language = request.locale === 'es' ? 'Spanish' : 'English';
  const items = request.items
    .map((i) => (i.digits ? `${i.word} (stands for the digits ${i.digits})` : i.word))
    .join('; ');
  return [
    'You help a learner memorise with the macro-image technique: link the items they must remember, in order, into one short, vivid, absurd, sensory story (sounds, smells, colours, movement).',
    `Answer in ${language}, in plain text, at most 120 words.`,
    'Numbers are already turned into Major-System words; use those words, and keep their order.',
    items
      ? `The items, in order: ${items}.`
      : 'The learner gave no items yet: ask what to remember.',
    'If the learner asks for a change, refine the story accordingly.',
  ].join(' ');
}

type ChatMessage = { role: 'system' | 'user' | 'assistant'; content: string };

/**
 * The text deltas of a streamed chat completion (`stream: true`): server-sent `data:` lines of
 * `{"choices":[{"delta":{"content":"…"}}]}`, ended by `data: [DONE]`. A stream that breaks off
 * before `[DONE]`, or an error object in it, throws AiProviderError.
 */
export async function* completionDeltas(res: Response): AsyncGenerator<string> {
  if (!res.body) throw new AiProviderError('The AI provider answered without a body.');
  const decoder = new TextDecoder();
  let buffer = '';
  let done = false;
  const reader = res.body.getReader();
  try {
    for (let chunk = await reader.read(); !chunk.done; chunk = await reader.read()) {
      buffer += decoder.decode(chunk.value, { stream: true });
      let cut = buffer.indexOf('\n');
      while (cut >= 0) {
        const line = buffer.slice(0, cut).trim();
        buffer = buffer.slice(cut + 1);
        cut = buffer.indexOf('\n');
        if (!line.startsWith('data:')) continue;
        const data = line.slice(5).trim();
        if (data === '[DONE]') {
          done = true;
          return;
        }
        let event: { choices?: { delta?: { content?: unknown } }[]; error?: { message?: string } };
        try {
          event = JSON.parse(data);
        } catch (error) {
          throw new AiProviderError('The AI provider streamed malformed JSON.', { cause: error });
        }
        if (event.error) {
          throw new AiProviderError(`The AI provider failed: ${event.error.message ?? 'error'}`);
        }
        const content = event.choices?.[0]?.delta?.content;
        if (typeof content === 'string' && content) yield content;
      }
    }
  } catch (error) {
    if (error instanceof AiProviderError) throw error;
    throw new AiProviderError(`The AI provider's stream broke: ${(error as Error).message}`, {
      cause: error,
    });
  } finally {
    // Stopped early (the learner's Stop, [DONE], an error): close the connection.
    reader.cancel().catch(() => {});
  }
  if (!done) throw new AiProviderError('The AI provider ended the stream before [DONE].');
}

/** An OpenAI-compatible chat-completions adapter (OpenAI, Azure-style proxies, Ollama, vLLM…). */
export function createOpenAiProvider(options: OpenAiOptions): AiProvider {
  const base = options.baseUrl.replace(/\/+$/, '');
  const timeoutMs = options.timeoutMs ?? 30_000;
  const doFetch = options.fetch ?? fetch;

  /** Posts a chat completion; the response once its status is OK, else AiProviderError. */
  async function post(
    messages: ChatMessage[],
    mode: 'json' | 'text' | 'stream',
    signal?: AbortSignal,
  ): Promise<Response> {
    const headers: Record<string, string> = { 'content-type': 'application/json' };
    if (options.apiKey) headers.authorization = `Bearer ${options.apiKey}`;
    const timeout = AbortSignal.timeout(timeoutMs);
    let res: Response;
    try {
      res = await doFetch(`${base}/chat/completions`, {
        method: 'POST',
        headers,
        signal: signal ? AbortSignal.any([timeout, signal]) : timeout,
        body: JSON.stringify({
          model: options.model,
          temperature: mode === 'json' ? 0 : 0.7,
          ...(mode === 'json' ? { response_format: { type: 'json_object' } } : {}),
          ...(mode === 'stream' ? { stream: true } : {}),
          messages,
        }),
      });
    } catch (error) {
      throw providerError(error, timeout);
    }
    if (!res.ok) {
      const body = await res.text().catch(() => '');
      let detail = body.slice(0, 200);
      try {
        detail = JSON.parse(body)?.error?.message ?? detail;
      } catch {}
      throw new AiProviderError(`The AI provider answered ${res.status}: ${detail}`);
    }
    return res;
  }

  /** A failed fetch or read as AiProviderError (a time-out says so). */
  function providerError(error: unknown, timeout: AbortSignal): AiProviderError {
    if (error instanceof AiProviderError) return error;
    if (timeout.aborted) {
      return new AiProviderError(`The AI provider did not answer within ${timeoutMs} ms.`, {
        cause: error,
      });
    }
    return new AiProviderError(
      `The AI provider could not be reached: ${(error as Error).message}`,
      { cause: error },
    );
  }

  /** One chat completion; the assistant message's text, or AiProviderError. */
  async function complete(messages: ChatMessage[], json: boolean): Promise<string> {
    const res = await post(messages, json ? 'json' : 'text');
    const body = await res.text().catch(() => '');
    let content: unknown;
    try {
      content = JSON.parse(body)?.choices?.[0]?.message?.content;
    } catch (error) {
      throw new AiProviderError('The AI provider answered with malformed JSON.', {
        cause: error,
      });
    }
    if (typeof content !== 'string') {
      throw new AiProviderError('The AI provider answered without a message.');
    }
    return content;
  }

  return {
    name: 'openai',
    async generateCards(text, { locale, maxCards, output = 'cards' }) {
      const max = maxCards ?? DEFAULT_MAX_CARDS;
      const content = await complete(
        [
          { role: 'system', content: instructions(locale, max, output) },
          { role: 'user', content: text },
        ],
        true,
      );
      const parse = output === 'cloze' ? parseClozeNotesJson : parseCardsJson;
      return parse(content).slice(0, max);
    },
    async *macroStory(request, signal) {
      const res = await post(
        [{ role: 'system', content: storyInstructions(request) }, ...request.history],
        'stream',
        signal,
      );
      let written = false;
      for await (const delta of completionDeltas(res)) {
        // Leading blank pieces are dropped, as the whole reply used to be trimmed.
        const piece = written ? delta : delta.trimStart();
        if (!piece) continue;
        written = true;
        yield piece;
      }
      if (!written) throw new AiProviderError('The AI provider answered an empty story.');
    },
  };
}
