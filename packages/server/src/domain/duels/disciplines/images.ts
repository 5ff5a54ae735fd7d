/**
 * Images: pictures shown in sequences of 5 (Memory League's layout); the recall shows each
 * sequence's pictures shuffled and the learner puts them back in order. A point per picture in its
 * place, as Memory League scores it. The pictures are the image duels' catalog
 * (`domain/duels/duel-pictures.ts`), identified by their emoji.
 */
import { pictures } from '../duel-pictures.ts';
import { correctCount, markAll } from './marks.ts';
import { pick, randomFor, shuffle } from './seeded.ts';
import type { Discipline } from './types.ts';

export const SEQUENCE_LENGTH = 5;

const chunk = <T>(items: readonly T[], size: number): T[][] =>
  Array.from({ length: Math.ceil(items.length / size) }, (_, i) =>
    items.slice(i * size, i * size + size),
  );

export const images: Discipline = {
  rules: {
    id: 'images',
    memorizeSeconds: 60,
    recallSeconds: 240,
    defaultCount: 30,
    minCount: 5,
    maxCount: 100,
    countStep: SEQUENCE_LENGTH,
    unit: 'pictures',
    languages: false,
    scoring:
      'Sequences of 5 pictures; the recall shows each sequence shuffled. A point per picture put ' +
      'back in its place.',
  },
  generate(seed, options) {
    const catalog = pictures().map((p) => p.emoji);
    const chosen = pick(catalog, options.count, randomFor(seed, 'images'));
    const sequences = chunk(chosen, SEQUENCE_LENGTH);
    const order = randomFor(seed, 'images-recall');
    return {
      view: { sequences, shuffled_sequences: sequences.map((s) => shuffle(s, order)) },
      truth: chosen,
    };
  },
  score(truth, given) {
    const marks = markAll(truth, given, (a, b) => a === b);
    return { score: correctCount(marks), maxScore: truth.length, marks };
  },
};
