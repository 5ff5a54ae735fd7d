/**
 * Schools, courses and subjects (`tags: [schools]`, `[courses]`, `[subjects]`): an Enterprise
 * account's organisation. Who may read and change each object is in `access.ts` and
 * docs/features/schools.md.
 */
import type { Handlers } from '../../contract/types.ts';
import { handlers as assignments } from './assignments.ts';
import { handlers as groups } from './groups.ts';
import { handlers as liveQuizzes } from './live-quizzes.ts';
import { handlers as progress } from './progress.ts';
import { handlers as schools } from './schools.ts';

export const handlers: Handlers = {
  ...schools,
  ...groups,
  ...assignments,
  ...liveQuizzes,
  ...progress,
};
