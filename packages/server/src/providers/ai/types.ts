import type { GenerationOutput, Locale, ProposedCard } from '../../domain/decks/card-generation.ts';
import type { StoryItem } from '../../domain/mnemonics/macro-story.ts';

export type { Locale, ProposedCard } from '../../domain/decks/card-generation.ts';

export interface GenerateCardsOptions {
  locale: Locale;
  /** At most this many cards. */
  maxCards?: number;
  /** Default `cards`; `cloze` proposes cloze notes (each card then carries its `note`). */
  output?: GenerationOutput;
}

/** One macro-image chat turn to answer. */
export interface MacroStoryRequest {
  locale: Locale;
  /** The items to link, in order, numbers already turned into Major-System words. */
  items: StoryItem[];
  /** The chat so far, oldest first, ending with the learner's message being answered. */
  history: { role: 'user' | 'assistant'; content: string }[];
  /** How many replies the chat already has: a retelling of the same items varies with it. */
  turn: number;
}

/** Makes flashcards from text and macro-image stories from what a learner must remember. */
export interface AiProvider {
  /** Reported to clients (`GeneratedCards.provider`): `rules` offline, else the adapter's name. */
  readonly name: string;
  generateCards(text: string, options: GenerateCardsOptions): Promise<ProposedCard[]>;
  /**
   * The assistant's reply, one vivid story linking the items in order, piece by piece as it is
   * written (joined, the pieces are the reply). `signal` is given when the reply streams to a
   * client, who may stop it: the story stops when it aborts. A failure throws `AiProviderError`
   * from the iteration, possibly after some pieces.
   */
  macroStory(request: MacroStoryRequest, signal?: AbortSignal): AsyncIterable<string>;
}

/** The provider did not answer usably (network, time-out, status, unparsable answer). */
export class AiProviderError extends Error {
  constructor(message: string, options?: { cause?: unknown }) {
    super(message, options);
    this.name = 'AiProviderError';
  }
}
