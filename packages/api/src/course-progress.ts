/**
 * The teacher's view of a course (`GET auth/courses/{id}/progress/`): query key, a `queryOptions`
 * factory and the hook. Read only; assignments' changes make it stale like any other read.
 */
import { queryOptions } from '@tanstack/react-query';
import { api } from './client.ts';
import { type ApiRequestError, unwrap } from './errors.ts';
import { type QueryHookOptions, useSignedInQuery } from './query.ts';
import type { components } from './schema.d.ts';

type Schemas = components['schemas'];
export type CourseProgress = Schemas['CourseProgress'];
export type AssignmentProgress = Schemas['AssignmentProgress'];
export type StudentProgress = Schemas['StudentProgress'];
export type CardProgress = Schemas['CardProgress'];

export const courseProgressKeys = {
  course: (id: number) => ['course-progress', id] as const,
};

export const courseProgressQueries = {
  /** `GET auth/courses/{id}/progress/`. */
  course: (id: number) =>
    queryOptions<CourseProgress, ApiRequestError>({
      queryKey: courseProgressKeys.course(id),
      queryFn: async ({ signal }) =>
        unwrap(await api.GET('/auth/courses/{id}/progress/', { params: { path: { id } }, signal })),
    }),
};

export function useCourseProgress(id: number, options: QueryHookOptions<CourseProgress> = {}) {
  return useSignedInQuery(courseProgressQueries.course(id), options);
}
