import { type CardKind, DEFAULT_MAX_CARDS } from '../../domain/card-generation.ts';
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

function instructions(locale: string, max: number): string {
  const language = locale === 'es' ? 'Spanish' : 'English';
  return [
    'You turn study notes into flashcards for spaced repetition.',
    `Write the cards in ${language} unless the notes are in another language.`,
    `Answer with one JSON object only: {"cards":[{"front":"…","back":"…","kind":"basic|qa|cloze"}]}, at most ${max} cards.`,
    'Use "basic" for a term and its definition, "qa" for a question and its answer, "cloze" for a sentence with one key word replaced by _____ on the front and that word on the back.',
    'Keep each side short; do not invent facts that are not in the notes.',
  ].join(' ');
}

/** The JSON object in a model's message, tolerating code fences and text around it. */
export function parseCardsJson(content: string): ProposedCard[] {
  const fenced = /```(?:json)?\s*([\s\S]*?)```/i.exec(content);
  let text = (fenced?.[1] ?? content).trim();
  if (!text.startsWith('{') && !text.startsWith('[')) {
    const start = text.search(/[{[]/);
    if (start < 0) throw new AiProviderError('The AI provider answered without JSON.');
    text = text.slice(start);
  }
  let parsed: unknown;
  try {
    parsed = JSON.parse(text);
  } catch (error) {
    throw new AiProviderError('The AI provider answered with malformed JSON.', { cause: error });
  }
  const list = Array.isArray(parsed) ? parsed : (parsed as { cards?: unknown })?.cards;
  if (!Array.isArray(list)) {
    throw new AiProviderError('The AI provider answered without a "cards" list.');
  }
  const cards: ProposedCard[] = [];
  for (const item of list) {
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

/** An OpenAI-compatible chat-completions adapter (OpenAI, Azure-style proxies, Ollama, vLLM…). */
export function createOpenAiProvider(options: OpenAiOptions): AiProvider {
  const base = options.baseUrl.replace(/\/+$/, '');
  const timeoutMs = options.timeoutMs ?? 30_000;
  const doFetch = options.fetch ?? fetch;

  /** One chat completion; the assistant message's text, or AiProviderError. */
  async function complete(messages: ChatMessage[], json: boolean): Promise<string> {
    const headers: Record<string, string> = { 'content-type': 'application/json' };
    if (options.apiKey) headers.authorization = `Bearer ${options.apiKey}`;
    let res: Response;
    try {
      res = await doFetch(`${base}/chat/completions`, {
        method: 'POST',
        headers,
        signal: AbortSignal.timeout(timeoutMs),
        body: JSON.stringify({
          model: options.model,
          temperature: json ? 0 : 0.7,
          ...(json ? { response_format: { type: 'json_object' } } : {}),
          messages,
        }),
      });
    } catch (error) {
      const name = (error as Error).name;
      if (name === 'TimeoutError' || name === 'AbortError') {
        throw new AiProviderError(`The AI provider did not answer within ${timeoutMs} ms.`, {
          cause: error,
        });
      }
      throw new AiProviderError(
        `The AI provider could not be reached: ${(error as Error).message}`,
        { cause: error },
      );
    }
    const body = await res.text().catch(() => '');
    if (!res.ok) {
      let detail = body.slice(0, 200);
      try {
        detail = JSON.parse(body)?.error?.message ?? detail;
      } catch {}
      throw new AiProviderError(`The AI provider answered ${res.status}: ${detail}`);
    }
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
    async generateCards(text, { locale, maxCards }) {
      const max = maxCards ?? DEFAULT_MAX_CARDS;
      const content = await complete(
        [
          { role: 'system', content: instructions(locale, max) },
          { role: 'user', content: text },
        ],
        true,
      );
      return parseCardsJson(content).slice(0, max);
    },
    async macroStory(request) {
      const content = await complete(
        [{ role: 'system', content: storyInstructions(request) }, ...request.history],
        false,
      );
      if (!content.trim()) throw new AiProviderError('The AI provider answered an empty story.');
      return content.trim();
    },
  };
}
