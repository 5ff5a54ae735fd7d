/**
 * The disciplines a learner is rated in, one Glicko-2 rating each. This list is the one place
 * they are named: the contract's `RatingDiscipline` enum repeats it (a test compares the two),
 * and a new discipline (a match game's, say) is added here and there.
 *
 * The first four are today's duels (`desk` for deck duels, `image` and `number` for the image
 * and table recall duels, `custom`); the other five are Memory League's disciplines (issue 44).
 */
export const DISCIPLINES = [
  'desk',
  'image',
  'number',
  'custom',
  'numbers',
  'images',
  'words',
  'names_faces',
  'cards',
] as const;

export type Discipline = (typeof DISCIPLINES)[number];

export const isDiscipline = (value: string): value is Discipline =>
  (DISCIPLINES as readonly string[]).includes(value);
