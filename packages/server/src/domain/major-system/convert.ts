/**
 * Numbers to words with the Major System: candidate words for a whole number, ways to split a
 * long number into words, and a short phrase that encodes a number in order. The conversion
 * itself is shared with the browser (`@memoria/api/major-system`), so the conversion table works
 * offline with the same answers; this module adds the server's lexicons and the phrases.
 */
import {
  convertNumber as convertWith,
  fewestWords,
  type NumberWords,
  type OwnWords,
  packLexicon,
  splitParts as parts,
  type SplitPart,
} from '@memoria/api/major-system';
import { type Lexicon, lexicon, type MajorLocale } from './lexicon.ts';
import { withOwnWords } from './own-table.ts';
import { englishText, phraseSentences, spanishText } from './phrase.ts';

export type { NumberWords, SplitPart } from '@memoria/api/major-system';
export { fewestWords, WORDS_PER_NUMBER } from '@memoria/api/major-system';
export type { MajorLocale } from './lexicon.ts';

/** Words and splits for one number (digits only), the learner's own words first. */
export function convertNumber(
  locale: MajorLocale,
  number: string,
  own: OwnWords = new Map(),
): NumberWords {
  return convertWith(lexicon(locale), number, own);
}

const packed = new Map<MajorLocale, string>();

/** The language's word index as `GET conversiontable/lexicon/` sends it, packed once. */
export function packedLexicon(locale: MajorLocale): string {
  let text = packed.get(locale);
  if (text === undefined) {
    text = packLexicon(lexicon(locale));
    packed.set(locale, text);
  }
  return text;
}

export interface Phrase {
  phrase: string;
  words: SplitPart[];
}

const capitalise = (s: string) => s.charAt(0).toUpperCase() + s.slice(1);

/**
 * The fewest nouns as a list: Spanish "Cuchillo, queso y llave." (y is silent); English joins
 * with commas only, since "and" would add 21.
 */
function listPhrase(lex: Lexicon, number: string, and: string | null): Phrase | null {
  const words =
    fewestWords(lex, number, (c) => c.noun) ?? fewestWords(lex, number, () => true) ?? null;
  if (!words) return null;
  const names = words.map((w) => w.word);
  const last = names.pop() as string;
  const text = !names.length
    ? last
    : and
      ? `${names.join(', ')} ${and} ${last}`
      : [...names, last].join(', ');
  return { phrase: `${capitalise(text)}.`, words: parts(words) };
}

/**
 * A phrase whose words encode `number` in order (own words first): sentences of the language's
 * grammar (`phrase.ts`), or a list of words where no sentence covers the digits; null when no
 * words cover them.
 */
export function generatePhrase(
  locale: MajorLocale,
  number: string,
  own: OwnWords = new Map(),
): Phrase | null {
  const lex = withOwnWords(lexicon(locale), own);
  const sentences = phraseSentences(lex, number);
  if (sentences) {
    return {
      phrase: locale === 'en' ? englishText(sentences) : spanishText(sentences),
      words: parts(sentences.flat().map((w) => w.word)),
    };
  }
  // Digits no sentence covers (a Spanish noun list is short): the fewest words, as a list.
  return listPhrase(lex, number, locale === 'en' ? null : 'y');
}
