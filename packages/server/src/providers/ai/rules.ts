import { generateCardsFromText } from '../../domain/card-generation.ts';
import { tellStory } from '../../domain/macro-story.ts';
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
    async macroStory({ items, locale, turn }) {
      return tellStory(items, locale, turn);
    },
  };
}
