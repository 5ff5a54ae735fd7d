/**
 * What card generation proposes, shared by the rules engine (`card-generation.ts`,
 * `cloze-notes.ts`) and the AI adapters: a flat front/back card and, when it is one, the note.
 */

export type CardKind = 'basic' | 'qa' | 'cloze';

/** A note to create as `POST space-repetition/notes/` takes it: HTML fields by key. */
export interface ProposedNote {
  note_type: 'basic' | 'cloze';
  fields: Record<string, string>;
}

export interface ProposedCard {
  front: string;
  back: string;
  kind: CardKind;
  /**
   * The note, when the generator made one (cloze output); otherwise `noteOfCard` derives it from
   * the flat sides.
   */
  note?: ProposedNote;
}

export type Locale = 'en' | 'es';

/** What stands for a deletion on a flat (plain text) cloze card's front. */
export const CLOZE_BLANK = '_____';

export const STOP_WORDS: Record<Locale, Set<string>> = {
  en: new Set(
    'the a an and or but of to in on at by for with from into onto over under about as is are was were be been being it its this that these those there their they them he she his her we our you your i not no yes than then so such which who whom whose what when where why how all any each some more most other can could would should will shall may might must do does did have has had also very just only because while after before between during through'.split(
      ' ',
    ),
  ),
  es: new Set(
    'el la los las un una unos unas y o u pero de del al a en con por para sin sobre entre es son era eran fue fueron ser estar está están este esta estos estas ese esa esos esas que quien quienes cual cuales cuando donde como muy más menos también no sí se su sus lo le les nos me te mi mis tu tus porque mientras después antes durante hasta desde hay ha han había'.split(
      ' ',
    ),
  ),
};

export function words(s: string): string[] {
  return s.split(/\s+/).filter(Boolean);
}

/** Strips punctuation around a word (keeps inner hyphens, apostrophes, decimal points). */
export function bare(word: string): string {
  return word.replace(/^[^\p{L}\p{N}]+|[^\p{L}\p{N}]+$/gu, '');
}
