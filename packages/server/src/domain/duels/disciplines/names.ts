/**
 * Names & Faces: faces with a first and a last name to memorise; the recall shows the faces
 * shuffled and the learner types each one's names. A point per first name and a point per last
 * name, apart (World Memory Sports Council rules of 2013: either alone still scores; accents and
 * capitals are not required). No first or last name repeats within an attempt (same rules).
 *
 * Faces are drawn by DiceBear's "Avataaars" style (`@dicebear/core`, `@dicebear/avataaars`, MIT
 * code, artwork by Pablo Stanley, free for personal and commercial use), as SVG on the server
 * from a seed, with no network. Names come from `name-frequencies.ts`.
 *
 * Recall answers come in pairs: first then last name of each face, in the recall's face order.
 */
import * as avataaars from '@dicebear/avataaars';
import { createAvatar } from '@dicebear/core';
import { correctCount, markAll, sameText } from './marks.ts';
import { NAMES } from './name-frequencies.ts';
import { pick, randomFor, shuffle } from './seeded.ts';
import type { Discipline } from './types.ts';

/** The face drawn for `key`: the same key always draws the same face. */
export function faceSvg(key: string): string {
  return createAvatar(avataaars, { seed: key }).toString();
}

const MAX_FACES = Math.min(NAMES.en.first.length, NAMES.en.last.length, NAMES.es.last.length);

export const names: Discipline = {
  rules: {
    id: 'names',
    memorizeSeconds: 60,
    recallSeconds: 240,
    defaultCount: 20,
    minCount: 5,
    maxCount: MAX_FACES,
    countStep: 1,
    unit: 'faces',
    languages: true,
    scoring:
      'A point per first name and a point per last name typed for its face (case and accents ' +
      'aside); either alone still scores.',
  },
  generate(seed, options) {
    const lists = NAMES[options.language ?? 'en'];
    const first = pick(lists.first, options.count, randomFor(seed, 'names-first'));
    const last = pick(lists.last, options.count, randomFor(seed, 'names-last'));
    const faces = first.map((firstName, i) => ({
      svg: faceSvg(`${seed}:${i}`),
      first_name: firstName,
      last_name: last[i] as string,
    }));
    const order = shuffle(
      faces.map((_, i) => i),
      randomFor(seed, 'names-recall'),
    );
    return {
      view: { faces, recall_faces: order.map((i) => (faces[i] as (typeof faces)[number]).svg) },
      truth: order.flatMap((i) => [
        (faces[i] as (typeof faces)[number]).first_name,
        (faces[i] as (typeof faces)[number]).last_name,
      ]),
    };
  },
  score(truth, given) {
    const marks = markAll(truth, given, sameText);
    return { score: correctCount(marks), maxScore: truth.length, marks };
  },
};
