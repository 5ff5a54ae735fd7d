import { generateCardsFromText } from '../../domain/card-generation.ts';
import { storyPieces, tellStory } from '../../domain/macro-story.ts';
import type { AiProvider } from './types.ts';

/**
 * The offline default: the deterministic rules engines of `domain/card-generation.ts` (cards)
 * and `domain/macro-story.ts` (macro-image stories).
 */
export function createRulesProvider(): AiProvider {
  return {
    name: 'rules',
    async generateCards(text, { locale, maxCards }) {
      return generateCardsFromText(text, { locale, maxCards });
    },
    async *macroStory({ items, locale, turn }, signal) {
      for (const piece of storyPieces(tellStory(items, locale, turn))) {
        if (signal?.aborted) return;
        yield piece;
        // One event-loop turn per word, so each piece leaves before the next is written.
        await new Promise((resolve) => setImmediate(resolve));
      }
    },
  };
}
