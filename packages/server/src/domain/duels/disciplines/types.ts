/**
 * What every discipline of memory training shares: its rules (limits and item counts), the options
 * a learner may set, the content it generates from a seed, and how a recall is marked.
 */

export type DisciplineId = 'numbers' | 'images' | 'words' | 'names' | 'cards';

export type DisciplineLanguage = 'en' | 'es';

/** How Numbers is scored: World Memory Championships rows, or one point per digit. */
export type NumbersScoring = 'rows' | 'digits';

/** The options of a training attempt, resolved (defaults filled in). */
export interface ResolvedOptions {
  count: number;
  scoring: NumbersScoring | null;
  language: DisciplineLanguage | null;
}

export interface DisciplineRules {
  id: DisciplineId;
  memorizeSeconds: number;
  recallSeconds: number;
  defaultCount: number;
  minCount: number;
  maxCount: number;
  /** Counts must be a multiple of this (Images: whole sequences of 5). */
  countStep: number;
  /** What `count` counts: digits, pictures, words, faces, cards. */
  unit: 'digits' | 'pictures' | 'words' | 'faces' | 'cards';
  /** Whether the words or names come in the learner's language. */
  languages: boolean;
  /** One plain sentence per rule a result follows, in English, for people reading the API. */
  scoring: string;
}

/**
 * What the learner sees: the memorise view and the recall prompts. Only what a discipline uses is
 * set. The truth (the answer key, in recall order) is kept apart and sent only with the result.
 */
export interface TrainingView {
  digits?: string;
  row_length?: number;
  sequences?: string[][];
  shuffled_sequences?: string[][];
  words?: string[];
  faces?: { svg: string; first_name: string; last_name: string }[];
  recall_faces?: string[];
  cards?: string[];
}

export interface GeneratedContent {
  view: TrainingView;
  /** The answer expected at each recall position. */
  truth: string[];
}

/** One recall position as marked: what was given beside the truth. */
export interface Mark {
  given: string;
  truth: string;
  correct: boolean;
}

export interface Scored {
  score: number;
  maxScore: number;
  marks: Mark[];
  /** Numbers scored by rows: the points of each row. */
  rowPoints?: number[];
}

export interface Discipline {
  rules: DisciplineRules;
  generate(seed: number, options: ResolvedOptions): GeneratedContent;
  score(truth: readonly string[], given: readonly string[], options: ResolvedOptions): Scored;
}
