/**
 * The five disciplines of memory training (Memory League's set), one table: each entry's rules,
 * content generation (seeded, deterministic) and scoring (pure). `docs/features/disciplines.md`
 * gives the rules and their sources.
 */
import { cards } from './cards.ts';
import { images } from './images.ts';
import { names } from './names.ts';
import { numbers } from './numbers.ts';
import type {
  Discipline,
  DisciplineId,
  DisciplineLanguage,
  NumbersScoring,
  ResolvedOptions,
} from './types.ts';
import { words } from './words.ts';

export type * from './types.ts';

export const DISCIPLINES: Readonly<Record<DisciplineId, Discipline>> = {
  numbers,
  images,
  words,
  names,
  cards,
};

export const DISCIPLINE_IDS = Object.keys(DISCIPLINES) as DisciplineId[];

export interface OptionsInput {
  count?: number;
  scoring?: NumbersScoring;
  language?: DisciplineLanguage;
}

export type OptionErrors = Record<string, string[]>;

/**
 * The options of an attempt with the discipline's defaults filled in, or the field errors of the
 * ones it does not take (named `options.<field>`).
 */
export function resolveOptions(
  id: DisciplineId,
  input: OptionsInput,
  fallbackLanguage: DisciplineLanguage,
): { options: ResolvedOptions } | { errors: OptionErrors } {
  const { rules } = DISCIPLINES[id];
  const errors: OptionErrors = {};
  const count = input.count ?? rules.defaultCount;
  if (count < rules.minCount || count > rules.maxCount) {
    errors['options.count'] = [`Must be between ${rules.minCount} and ${rules.maxCount}.`];
  } else if (count % rules.countStep !== 0) {
    errors['options.count'] = [`Must be divisible by ${rules.countStep}.`];
  }
  if (input.scoring !== undefined && id !== 'numbers') {
    errors['options.scoring'] = ['Must be left out: only Numbers takes a scoring.'];
  }
  if (input.language !== undefined && !rules.languages) {
    errors['options.language'] = ['Must be left out: this discipline has no language.'];
  }
  if (Object.keys(errors).length > 0) return { errors };
  return {
    options: {
      count,
      scoring: id === 'numbers' ? (input.scoring ?? 'rows') : null,
      language: rules.languages ? (input.language ?? fallbackLanguage) : null,
    },
  };
}

/**
 * Which results personal bests compare: a discipline, and for Numbers its scoring (a per-digit
 * score is not a row score).
 */
export const variantOf = (id: DisciplineId, options: ResolvedOptions): string =>
  id === 'numbers' ? `numbers:${options.scoring}` : id;

export interface Performance {
  score: number;
  maxScore: number;
  memorizeMs: number;
}

/**
 * Whether `a` beats `b`: the higher score, then the shorter memorisation. Cards rank a deck fully
 * right by its time alone (speed cards), above every incomplete one.
 */
export function beats(id: DisciplineId, a: Performance, b: Performance): boolean {
  if (id === 'cards') {
    const aFull = a.score === a.maxScore;
    const bFull = b.score === b.maxScore;
    if (aFull !== bFull) return aFull;
    if (aFull) return a.memorizeMs < b.memorizeMs;
  }
  if (a.score !== b.score) return a.score > b.score;
  return a.memorizeMs < b.memorizeMs;
}
