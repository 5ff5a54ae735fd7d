/**
 * The teacher's view of a course (`GET auth/courses/{id}/progress/`) and of a subject
 * (`GET auth/subjects/{id}/progress/`): query keys, `queryOptions` factories and the hooks. Read
 * only; assignments' changes make them stale like any other read.
 */
import { queryOptions } from '@tanstack/react-query';
import { api } from './client.ts';
import { type ApiRequestError, unwrap } from './errors.ts';
import { type QueryHookOptions, useSignedInQuery } from './query.ts';
import type { components } from './schema.d.ts';
import type { GroupKind } from './schools.ts';

type Schemas = components['schemas'];
export type CourseProgress = Schemas['CourseProgress'];
export type SubjectProgress = Schemas['SubjectProgress'];
/** A course's or a subject's progress: the same figures, only the group's id field differs. */
export type GroupProgress = CourseProgress | SubjectProgress;
export type AssignmentProgress = Schemas['AssignmentProgress'];
export type StudentProgress = Schemas['StudentProgress'];
export type CardProgress = Schemas['CardProgress'];

export const courseProgressKeys = {
  course: (id: number) => ['course-progress', id] as const,
  subject: (id: number) => ['subject-progress', id] as const,
};

export const courseProgressQueries = {
  /** `GET auth/courses/{id}/progress/`. */
  course: (id: number) =>
    queryOptions<CourseProgress, ApiRequestError>({
      queryKey: courseProgressKeys.course(id),
      queryFn: async ({ signal }) =>
        unwrap(await api.GET('/auth/courses/{id}/progress/', { params: { path: { id } }, signal })),
    }),
  /** `GET auth/subjects/{id}/progress/`. */
  subject: (id: number) =>
    queryOptions<SubjectProgress, ApiRequestError>({
      queryKey: courseProgressKeys.subject(id),
      queryFn: async ({ signal }) =>
        unwrap(
          await api.GET('/auth/subjects/{id}/progress/', { params: { path: { id } }, signal }),
        ),
    }),
  /** The progress of a course or a subject, by the group's kind. */
  group: (kind: GroupKind, id: number) =>
    queryOptions<GroupProgress, ApiRequestError>({
      queryKey: kind === 'courses' ? courseProgressKeys.course(id) : courseProgressKeys.subject(id),
      queryFn: async ({ signal }) => {
        const options = { params: { path: { id } }, signal };
        return kind === 'courses'
          ? unwrap(await api.GET('/auth/courses/{id}/progress/', options))
          : unwrap(await api.GET('/auth/subjects/{id}/progress/', options));
      },
    }),
};

export function useCourseProgress(id: number, options: QueryHookOptions<CourseProgress> = {}) {
  return useSignedInQuery(courseProgressQueries.course(id), options);
}

export function useSubjectProgress(id: number, options: QueryHookOptions<SubjectProgress> = {}) {
  return useSignedInQuery(courseProgressQueries.subject(id), options);
}

/** The class progress of a course or a subject (`ClassProgressDialog` serves both). */
export function useGroupProgress(
  kind: GroupKind,
  id: number,
  options: QueryHookOptions<GroupProgress> = {},
) {
  return useSignedInQuery(courseProgressQueries.group(kind, id), options);
}
