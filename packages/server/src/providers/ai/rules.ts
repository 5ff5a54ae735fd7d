import { generateCardsFromText } from '../../domain/card-generation.ts';
import type { AiProvider } from './types.ts';

/** The offline default: the deterministic rules engine of `domain/card-generation.ts`. */
export function createRulesProvider(): AiProvider {
  return {
    name: 'rules',
    async generateCards(text, { locale, maxCards }) {
      return generateCardsFromText(text, { locale, maxCards });
    },
  };
}
