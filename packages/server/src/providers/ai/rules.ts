import { setTimeout as wait } from 'node:timers/promises';
import { generateCardsFromText } from '../../domain/decks/card-generation.ts';
import { storyPieces, tellStory } from '../../domain/mnemonics/macro-story.ts';
import type { AiProvider } from './types.ts';

/** Milliseconds between the words of a streamed offline story (`STORY_STREAM_DELAY_MS`). */
export const STORY_STREAM_DELAY_MS = 20;

export interface RulesProviderOptions {
  /**
   * The pause between the words of a streamed story (one with a `signal`), so the learner sees
   * it being written and Stop has a moment to land; 0 writes each word on the next event-loop
   * turn. A reply answered whole (no `signal`) is never paced.
   */
  streamDelayMs?: number;
}

/**
 * The offline default: the deterministic rules engines of `domain/decks/card-generation.ts` (cards)
 * and `domain/mnemonics/macro-story.ts` (macro-image stories).
 */
export function createRulesProvider({
  streamDelayMs = STORY_STREAM_DELAY_MS,
}: RulesProviderOptions = {}): AiProvider {
  return {
    name: 'rules',
    async generateCards(text, { locale, maxCards, output }) {
      return generateCardsFromText(text, { locale, maxCards, output });
    },
    async *macroStory({ items, locale, turn }, signal) {
      const pieces = storyPieces(tellStory(items, locale, turn));
      for (const [i, piece] of pieces.entries()) {
        if (signal?.aborted) return;
        yield piece;
        if (!signal || i === pieces.length - 1) continue;
        // Each piece leaves before the next is written; a Stop ends the pause at once.
        try {
          if (streamDelayMs > 0) await wait(streamDelayMs, undefined, { signal });
          else await new Promise((resolve) => setImmediate(resolve));
        } catch {
          return; // aborted during the pause
        }
      }
    },
  };
}
