/**
 * The offline macro-image story engine: what the learner must remember becomes items (numbers
 * through the Major System), and the items are linked in order into one vivid, absurd, sensory
 * story from templates in English and Spanish. Deterministic: the same input and turn give the
 * same story; a later turn on the same items ("again", "otra") picks other templates.
 */
import { createRequire } from 'node:module';
import { fewestWords } from '../major-system/convert.ts';
import { lexicon, type MajorLocale } from '../major-system/lexicon.ts';
import { type OwnWords, withOwnWords } from '../major-system/own-table.ts';
import { bareWord, isInstructionWord } from './story-request.ts';

export interface StoryItem {
  /** What the learner wrote: a word or phrase, or a number. */
  item: string;
  /** For a number, the digits `word` stands for. */
  digits: string | null;
  /** What is pictured. */
  word: string;
  emoji: string | null;
}

/** At most this many items make one story (a longer list reads as several). */
export const MAX_STORY_ITEMS = 24;

const require = createRequire(import.meta.url);
let stop: Record<MajorLocale, Set<string>> | undefined;
/** Function words, dropped when a sentence is turned into items (the `stopword` lists). */
function stopwords(locale: MajorLocale): Set<string> {
  stop ??= (() => {
    const lists = require('stopword') as Record<string, string[]>;
    return { en: new Set(lists.eng), es: new Set(lists.spa) };
  })();
  return stop[locale];
}

/**
 * A list piece without the request around it: "Tell me a story about: perro" is "perro". Only a
 * piece holding an instruction word is trimmed, so "the Eiffel Tower" stays as written.
 */
function withoutRequest(piece: string, isStop: (word: string) => boolean): string {
  const words = piece.split(/\s+/);
  if (!words.some(isInstructionWord)) return piece;
  const drop = (w: string) => !bareWord(w) || isInstructionWord(w) || isStop(w);
  while (words.length > 0 && drop(words[0] as string)) words.shift();
  while (words.length > 0 && drop(words.at(-1) as string)) words.pop();
  return words.join(' ').replace(/[.!?:]+$/, '');
}

/**
 * The items of a message: one per line or comma-separated piece; a single sentence becomes its
 * content words; a number becomes its Major-System words (the learner's table first), one item
 * per word. The request's own words ("tell me a story for the number", "cuéntame una historia
 * para el número") are not items.
 */
export function storyItems(
  text: string,
  locale: MajorLocale,
  own: OwnWords = new Map(),
): StoryItem[] {
  const lex = withOwnWords(lexicon(locale), own);
  const isStop = (word: string) => stopwords(locale).has(bareWord(word).toLowerCase());
  let pieces = text
    .split(/[\n,;]+/)
    .map((p) => p.replace(/^\s*(?:[-*•]|\d+[.)])\s+/, '').trim())
    .filter(Boolean);
  if (pieces.length === 1) {
    const words = (pieces[0] as string).split(/\s+/);
    const asked = words.some(isInstructionWord);
    const content = words
      .filter((w) => !isStop(w) && !isInstructionWord(w))
      .map(bareWord)
      .filter(Boolean);
    // A request keeps only its content, even one word; a plain phrase ("the moon") stays whole.
    if (content.length > 1 || asked) pieces = content;
  } else {
    // The request around a list may be in either language ("Tell me a story about: perro, …").
    const isAnyStop = (w: string) =>
      stopwords('en').has(bareWord(w).toLowerCase()) ||
      stopwords('es').has(bareWord(w).toLowerCase());
    pieces = pieces.map((p) => withoutRequest(p, isAnyStop)).filter(Boolean);
  }
  const items: StoryItem[] = [];
  for (const piece of pieces) {
    const digits = piece.replace(/[\s.-]/g, '');
    if (/^\d+$/.test(digits)) {
      for (const word of fewestWords(lex, digits) ?? []) {
        items.push({
          item: piece,
          digits: word.digits,
          word: word.word,
          emoji: word.emoji ?? null,
        });
      }
    } else {
      const head = piece.split(/\s+/).at(locale === 'en' ? -1 : 0) ?? piece;
      const emoji = lex.emojiFor(piece) ?? lex.emojiFor(head) ?? null;
      items.push({ item: piece, digits: null, word: piece, emoji });
    }
    if (items.length >= MAX_STORY_ITEMS) break;
  }
  return items.slice(0, MAX_STORY_ITEMS);
}

const TEMPLATES: Record<
  MajorLocale,
  {
    open: string[];
    link: string[];
    close: string[];
    none: string;
    encoded: string;
    numbers: string;
  }
> = {
  en: {
    open: [
      'Picture {a}, as big as a house and glowing bright red.',
      'It starts with {a}, ice-cold and dripping, right in front of your nose.',
      'A spotlight falls on {a}, humming loudly like a swarm of bees.',
      'You wake up holding {a}; it is warm and smells of fresh bread.',
    ],
    link: [
      '{A} crashes into {b} with a bang that makes your ears ring.',
      'Out of {a} bursts {b}, dancing and singing at the top of its voice.',
      '{A} swallows {b} whole, and you can hear it crunch.',
      '{B} rides on top of {a}, sticky with honey and impossible to shake off.',
      '{A} sneezes, and {b} shoots out in a cloud of glitter.',
      '{B} is tied to {a} with a burning rope that smells of smoke.',
      '{A} melts into a puddle, and {b} rises out of it, dripping green slime.',
      'A thousand copies of {b} rain down on {a}, tapping like hail.',
    ],
    close: [
      'Finally {a} explodes into confetti, and the whole scene freezes: walk through it again from {first}.',
      'At last {a} bows to you; replay the scene from {first} and you have the whole list in order.',
    ],
    none: 'Tell me what to remember: a list of words (one per line or separated by commas), a number, or a definition, and I will link it into one vivid story.',
    encoded: 'Encoded: {items}.',
    numbers: 'Numbers become Major-System words: {pairs}.',
  },
  es: {
    open: [
      'Imagina {a} del tamaño de una casa, brillando en rojo intenso.',
      'Todo empieza con {a}, helado y goteando, justo delante de tu nariz.',
      'Un foco ilumina {a}, que zumba fuerte como un enjambre de abejas.',
      'Te despiertas con {a} en las manos; está tibio y huele a pan recién hecho.',
    ],
    link: [
      '{A} choca contra {b} con un estruendo que te hace zumbar los oídos.',
      'De {a} sale {b} bailando y cantando a todo pulmón.',
      '{A} se traga {b} de un bocado, y oyes el crujido.',
      '{B} va montado sobre {a}, pegajoso de miel e imposible de soltar.',
      '{A} estornuda y {b} sale disparado en una nube de purpurina.',
      '{B} está atado a {a} con una cuerda en llamas que huele a humo.',
      '{A} se derrite en un charco, y de él surge {b}, chorreando baba verde.',
      'Mil copias de {b} llueven sobre {a}, repiqueteando como granizo.',
    ],
    close: [
      'Al final {a} estalla en confeti y la escena se congela: recórrela otra vez desde {first}.',
      'Por último {a} te hace una reverencia; repite la escena desde {first} y tendrás la lista en orden.',
    ],
    none: 'Dime qué quieres recordar: una lista de palabras (una por línea o separadas por comas), un número o una definición, y lo uniré en una sola historia vívida.',
    encoded: 'Codificado: {items}.',
    numbers: 'Los números se convierten en palabras del Sistema Mayor: {pairs}.',
  },
};

/** A small stable hash, so template choice depends only on the input and the turn. */
function hash(text: string): number {
  let h = 2166136261;
  for (let i = 0; i < text.length; i++) h = Math.imul(h ^ text.charCodeAt(i), 16777619);
  return h >>> 0;
}

const fill = (template: string, values: Record<string, string>) =>
  template.replace(/\{(\w+)\}/g, (_, key: string) => values[key] ?? '');
const upper = (s: string) => s.charAt(0).toUpperCase() + s.slice(1);

/**
 * What the story encodes, in order: a number as the digit groups its words stand for
 * ("31 41 59 26 53"), a word as itself; separate pieces are separated by commas.
 */
function encoded(items: StoryItem[]): string {
  const groups: { source: string; parts: string[] }[] = [];
  for (const item of items) {
    const previous = groups.at(-1);
    if (item.digits !== null && previous?.source === item.item) previous.parts.push(item.digits);
    else groups.push({ source: item.item, parts: [item.digits ?? item.word] });
  }
  return groups.map((g) => g.parts.join(' ')).join(', ');
}

/** The story for these items in this language; `turn` varies the templates on a retelling. */
export function tellStory(items: StoryItem[], locale: MajorLocale, turn = 0): string {
  const t = TEMPLATES[locale];
  if (items.length === 0) return t.none;
  const seed = hash(items.map((i) => i.word).join('|')) + turn * 7;
  const pick = (list: string[], k: number) => list[(seed + k) % list.length] as string;
  const name = (i: StoryItem) => (i.digits ? `${i.word} (${i.digits})` : i.word);
  const lines: string[] = [];
  const first = items[0] as StoryItem;
  lines.push(fill(pick(t.open, 0), { a: name(first) }));
  for (let k = 1; k < items.length; k++) {
    const a = (items[k - 1] as StoryItem).word;
    const b = name(items[k] as StoryItem);
    lines.push(fill(pick(t.link, k), { a, b, A: upper(a), B: upper(b) }));
  }
  const last = items[items.length - 1] as StoryItem;
  lines.push(fill(pick(t.close, items.length), { a: last.word, first: first.word }));
  lines.push(fill(t.encoded, { items: encoded(items) }));
  const numbers = items.filter((i) => i.digits);
  if (numbers.length > 0) {
    const pairs = numbers.map((i) => `${i.digits} = ${i.word}`).join(', ');
    lines.push(fill(t.numbers, { pairs }));
  }
  return lines.join(' ');
}

/**
 * A story cut into the pieces it is streamed in: each word with the space after it, so the pieces
 * joined give the story back exactly.
 */
export function storyPieces(story: string): string[] {
  return story.match(/\s*\S+\s*/g) ?? [];
}
