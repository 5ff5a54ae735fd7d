import type { Locale, ProposedCard } from '../../domain/card-generation.ts';

export type { Locale, ProposedCard } from '../../domain/card-generation.ts';

export interface GenerateCardsOptions {
  locale: Locale;
  /** At most this many cards. */
  maxCards?: number;
}

/** Makes flashcards (and later stories, questions) from text. */
export interface AiProvider {
  /** Reported to clients (`GeneratedCards.provider`): `rules` offline, else the adapter's name. */
  readonly name: string;
  generateCards(text: string, options: GenerateCardsOptions): Promise<ProposedCard[]>;
}

/** The provider did not answer usably (network, time-out, status, unparsable answer). */
export class AiProviderError extends Error {
  constructor(message: string, options?: { cause?: unknown }) {
    super(message, options);
    this.name = 'AiProviderError';
  }
}
