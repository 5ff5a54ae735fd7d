/**
 * Decks assigned to courses and subjects (`auth/courses/{id}/assignments/`, the same under
 * `auth/subjects/`): query keys, a `queryOptions` factory and hooks. A change invalidates the
 * group's assignments and the deck lists (a teacher who is also a student of the group sees it).
 */
import { queryOptions } from '@tanstack/react-query';
import { api } from './client.ts';
import { type ApiRequestError, unwrap } from './errors.ts';
import {
  type MutationHookOptions,
  type QueryHookOptions,
  useInvalidating,
  useSignedInQuery,
} from './query.ts';
import type { components } from './schema.d.ts';
import type { GroupKind } from './schools.ts';
import { spaceRepetitionKeys } from './space-repetition.ts';

type Schemas = components['schemas'];
export type Assignment = Schemas['Assignment'];
export type AssignmentCreate = Schemas['AssignmentCreate'];
/** A course or subject through which the caller, as a student, has a deck. */
export type DeckAssignment = Schemas['DeskAssignment'];

export const assignmentKeys = {
  all: ['assignments'] as const,
  group: (kind: GroupKind, id: number) => ['assignments', kind, id] as const,
};

export const assignmentQueries = {
  /** `GET auth/courses/{id}/assignments/` or `auth/subjects/{id}/assignments/`. */
  group: (kind: GroupKind, id: number) =>
    queryOptions<Assignment[], ApiRequestError>({
      queryKey: assignmentKeys.group(kind, id),
      queryFn: async ({ signal }) => {
        const params = { path: { id } };
        return kind === 'courses'
          ? unwrap(await api.GET('/auth/courses/{id}/assignments/', { params, signal }))
          : unwrap(await api.GET('/auth/subjects/{id}/assignments/', { params, signal }));
      },
    }),
};

export function useAssignments(
  kind: GroupKind,
  id: number,
  options: QueryHookOptions<Assignment[]> = {},
) {
  return useSignedInQuery(assignmentQueries.group(kind, id), options);
}

const invalidated = (v: { kind: GroupKind; groupId: number }) => [
  assignmentKeys.group(v.kind, v.groupId),
  spaceRepetitionKeys.decks(),
];

/**
 * `POST …/assignments/` (no `id`: `desk_id` and an optional `due_date`) or `PUT
 * …/assignments/{assignment_id}/` (the due date only).
 */
export function useSaveAssignment(
  options: MutationHookOptions<
    Assignment,
    { kind: GroupKind; groupId: number; id?: number; deskId: number; dueDate: string | null }
  > = {},
) {
  return useInvalidating(
    options,
    async ({ kind, groupId, id, deskId, dueDate }) => {
      if (id === undefined) {
        const params = { path: { id: groupId } };
        const body = { desk_id: deskId, due_date: dueDate };
        return kind === 'courses'
          ? unwrap(await api.POST('/auth/courses/{id}/assignments/', { params, body }))
          : unwrap(await api.POST('/auth/subjects/{id}/assignments/', { params, body }));
      }
      const params = { path: { id: groupId, assignment_id: id } };
      const body = { due_date: dueDate };
      return kind === 'courses'
        ? unwrap(await api.PUT('/auth/courses/{id}/assignments/{assignment_id}/', { params, body }))
        : unwrap(
            await api.PUT('/auth/subjects/{id}/assignments/{assignment_id}/', { params, body }),
          );
    },
    invalidated,
  );
}

/** `DELETE …/assignments/{assignment_id}/`: the students keep their review history. */
export function useDeleteAssignment(
  options: MutationHookOptions<void, { kind: GroupKind; groupId: number; id: number }> = {},
) {
  return useInvalidating(
    options,
    async ({ kind, groupId, id }) => {
      const params = { path: { id: groupId, assignment_id: id } };
      if (kind === 'courses') {
        unwrap(await api.DELETE('/auth/courses/{id}/assignments/{assignment_id}/', { params }));
      } else {
        unwrap(await api.DELETE('/auth/subjects/{id}/assignments/{assignment_id}/', { params }));
      }
    },
    invalidated,
  );
}
