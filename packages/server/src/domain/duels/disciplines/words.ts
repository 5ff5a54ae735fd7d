/**
 * Words: concrete words in the learner's language (English or Spanish), typed back in order. A
 * point per word in its place, compared without case or accents; a word of 5 letters or more is
 * still right with one letter added, dropped or changed (a spelling slip, not a memory error, as
 * the World Memory Championships' rule on misspelt words treats it).
 *
 * The words are the one-word names of the image duels' pictures (emoji of animals, food, places,
 * things): concrete by construction, with their CLDR names in both languages.
 */

import { pictures } from '../duel-pictures.ts';
import { normalizeAnswer } from '../duel-scoring.ts';
import { correctCount, markAll, withinOneEdit } from './marks.ts';
import { pick, randomFor } from './seeded.ts';
import type { Discipline, DisciplineLanguage } from './types.ts';

/** Words this long or longer forgive one edit. */
export const FORGIVING_LENGTH = 5;

const lists = new Map<DisciplineLanguage, string[]>();

/** The concrete words of `language`: single lowercase words of letters, without repeats. */
export function concreteWords(language: DisciplineLanguage): string[] {
  let list = lists.get(language);
  if (!list) {
    const words = pictures()
      .map((p) => p[language])
      .filter((w) => /^\p{Ll}{3,12}$/u.test(w));
    list = [...new Set(words)];
    lists.set(language, list);
  }
  return list;
}

/** Whether the typed word counts for `truth` (see the module's comment). */
export function wordMatches(given: string, truth: string): boolean {
  const g = normalizeAnswer(given);
  const t = normalizeAnswer(truth);
  if (g === '') return false;
  if (g === t) return true;
  return [...t].length >= FORGIVING_LENGTH && withinOneEdit(g, t);
}

export const words: Discipline = {
  rules: {
    id: 'words',
    memorizeSeconds: 60,
    recallSeconds: 240,
    defaultCount: 50,
    minCount: 5,
    maxCount: 200,
    countStep: 1,
    unit: 'words',
    languages: true,
    scoring:
      'A point per word typed in its place (case and accents aside); words of 5 letters or more ' +
      'forgive one letter added, dropped or changed.',
  },
  generate(seed, options) {
    const chosen = pick(
      concreteWords(options.language ?? 'en'),
      options.count,
      randomFor(seed, 'words'),
    );
    return { view: { words: chosen }, truth: chosen };
  },
  score(truth, given) {
    const marks = markAll(truth, given, wordMatches);
    return { score: correctCount(marks), maxScore: truth.length, marks };
  },
};
