/**
 * Schools, courses and subjects (`tags: [schools]`, `[courses]`, `[subjects]`): query keys,
 * `queryOptions` factories and hooks, in the pattern of `space-repetition.ts`. Every change
 * invalidates the whole domain: a course's counts show in its school's statistics and lists.
 */
import { queryOptions } from '@tanstack/react-query';
import { api } from './client.ts';
import { type ApiRequestError, unwrap } from './errors.ts';
import type { UserSummary } from './invitations.ts';
import {
  type MutationHookOptions,
  type QueryHookOptions,
  useInvalidating,
  useSignedInQuery,
} from './query.ts';
import type { components } from './schema.d.ts';

type Schemas = components['schemas'];
export type School = Schemas['School'];
export type SchoolInput = Schemas['SchoolInput'];
export type SchoolDefaultDataResult = Schemas['SchoolDefaultDataResult'];
export type Course = Schemas['Course'];
export type Subject = Schemas['Subject'];
export type Enrollment = Schemas['CourseEnrollment'] | Schemas['SubjectEnrollment'];
export type GroupInput = Schemas['CourseCreate'];
export type SchoolLocale = Schemas['Locale'];
/** A school's courses or subjects (the two have the same shape). */
export type GroupKind = 'courses' | 'subjects';
export type MemberRole = 'teachers' | 'students';

/** The contract's bounds of the school and course forms. */
export const SCHOOL_LIMITS = {
  name: 200,
  address: 300,
  phone: 50,
  email: 254,
  website: 300,
  groupName: 200,
  groupDescription: 2000,
} as const;

/**
 * Enterprise and Enterprise+ accounts manage schools, courses and subjects (the server's rule,
 * product-spec §1 and §6): the schools page and its sidebar link are theirs.
 */
export function managesSchools(accountType: string | undefined): boolean {
  return accountType === 'enterprise' || accountType === 'enterprise_plus';
}

// ── keys ─────────────────────────────────────────────────────────────────────────────────────

export const schoolKeys = {
  all: ['schools'] as const,
  list: () => ['schools', 'list'] as const,
  school: (id: number) => ['schools', 'school', id] as const,
  groups: (id: number, kind: GroupKind) => ['schools', 'school', id, kind] as const,
  members: (id: number, role: MemberRole) => ['schools', 'school', id, role] as const,
  mine: (kind: GroupKind) => ['schools', 'mine', kind] as const,
};

// ── query factories ──────────────────────────────────────────────────────────────────────────

export const schoolQueries = {
  /** `GET auth/schools/`: the schools the caller owns or belongs to, with statistics. */
  list: () =>
    queryOptions<School[], ApiRequestError>({
      queryKey: schoolKeys.list(),
      queryFn: async ({ signal }) => unwrap(await api.GET('/auth/schools/', { signal })),
    }),
  /** `GET auth/schools/{id}/`. */
  school: (id: number) =>
    queryOptions<School, ApiRequestError>({
      queryKey: schoolKeys.school(id),
      queryFn: async ({ signal }) =>
        unwrap(await api.GET('/auth/schools/{id}/', { params: { path: { id } }, signal })),
    }),
  /** `GET auth/schools/{id}/courses/` or `subjects/`. */
  groups: (id: number, kind: GroupKind) =>
    queryOptions<Course[], ApiRequestError>({
      queryKey: schoolKeys.groups(id, kind),
      queryFn: async ({ signal }) => {
        const params = { path: { id } };
        return kind === 'courses'
          ? unwrap(await api.GET('/auth/schools/{id}/courses/', { params, signal }))
          : unwrap(await api.GET('/auth/schools/{id}/subjects/', { params, signal }));
      },
    }),
  /** `GET auth/schools/{id}/teachers/` or `students/`. */
  members: (id: number, role: MemberRole) =>
    queryOptions<UserSummary[], ApiRequestError>({
      queryKey: schoolKeys.members(id, role),
      queryFn: async ({ signal }) => {
        const params = { path: { id } };
        return role === 'teachers'
          ? unwrap(await api.GET('/auth/schools/{id}/teachers/', { params, signal }))
          : unwrap(await api.GET('/auth/schools/{id}/students/', { params, signal }));
      },
    }),
  /** `GET auth/courses/` or `auth/subjects/`: the ones the caller owns, teaches or is in. */
  mine: (kind: GroupKind) =>
    queryOptions<Course[], ApiRequestError>({
      queryKey: schoolKeys.mine(kind),
      queryFn: async ({ signal }) =>
        kind === 'courses'
          ? unwrap(await api.GET('/auth/courses/', { signal }))
          : unwrap(await api.GET('/auth/subjects/', { signal })),
    }),
};

// ── hooks ────────────────────────────────────────────────────────────────────────────────────

export function useSchools(options: QueryHookOptions<School[]> = {}) {
  return useSignedInQuery(schoolQueries.list(), options);
}

export function useSchool(id: number, options: QueryHookOptions<School> = {}) {
  return useSignedInQuery(schoolQueries.school(id), options);
}

export function useSchoolGroups(
  id: number,
  kind: GroupKind,
  options: QueryHookOptions<Course[]> = {},
) {
  return useSignedInQuery(schoolQueries.groups(id, kind), options);
}

export function useSchoolMembers(
  id: number,
  role: MemberRole,
  options: QueryHookOptions<UserSummary[]> = {},
) {
  return useSignedInQuery(schoolQueries.members(id, role), options);
}

/** The courses or subjects assigned to the caller (or owned by them). */
export function useMyGroups(kind: GroupKind, options: QueryHookOptions<Course[]> = {}) {
  return useSignedInQuery(schoolQueries.mine(kind), options);
}

function useSchoolsMutation<TData, TVariables>(
  options: MutationHookOptions<TData, TVariables>,
  mutationFn: (variables: TVariables) => Promise<TData>,
) {
  return useInvalidating(options, mutationFn, () => [schoolKeys.all]);
}

/** `POST auth/schools/` (no id) or `PUT auth/schools/{id}/`. */
export function useSaveSchool(
  options: MutationHookOptions<School, { id?: number; body: SchoolInput }> = {},
) {
  return useSchoolsMutation(options, async ({ id, body }) =>
    id === undefined
      ? unwrap(await api.POST('/auth/schools/', { body }))
      : unwrap(await api.PUT('/auth/schools/{id}/', { params: { path: { id } }, body })),
  );
}

/** `POST auth/schools/{id}/create_default_data/` in the given language. */
export function useCreateSchoolDefaultData(
  options: MutationHookOptions<SchoolDefaultDataResult, { id: number; locale: SchoolLocale }> = {},
) {
  return useSchoolsMutation(options, async ({ id, locale }) =>
    unwrap(
      await api.POST('/auth/schools/{id}/create_default_data/', {
        params: { path: { id } },
        body: { locale },
      }),
    ),
  );
}

/** `POST auth/courses/` or `auth/subjects/` (no id), or `PATCH …/{id}/`. */
export function useSaveGroup(
  options: MutationHookOptions<Course, { kind: GroupKind; id?: number; body: GroupInput }> = {},
) {
  return useSchoolsMutation(options, async ({ kind, id, body }) => {
    if (id === undefined) {
      return kind === 'courses'
        ? unwrap(await api.POST('/auth/courses/', { body }))
        : unwrap(await api.POST('/auth/subjects/', { body }));
    }
    const params = { path: { id } };
    return kind === 'courses'
      ? unwrap(await api.PATCH('/auth/courses/{id}/', { params, body }))
      : unwrap(await api.PATCH('/auth/subjects/{id}/', { params, body }));
  });
}

/** `DELETE auth/courses/{id}/` or `auth/subjects/{id}/` (the people in it stay). */
export function useDeleteGroup(
  options: MutationHookOptions<void, { kind: GroupKind; id: number }> = {},
) {
  return useSchoolsMutation(options, async ({ kind, id }) => {
    const params = { path: { id } };
    if (kind === 'courses') unwrap(await api.DELETE('/auth/courses/{id}/', { params }));
    else unwrap(await api.DELETE('/auth/subjects/{id}/', { params }));
  });
}

/**
 * `POST auth/courses/{id}/enroll/` or `auth/subjects/{id}/enroll/`: the user joins with the role
 * the server gives them (teacher or student); enrolling twice changes nothing.
 */
export function useEnroll(
  options: MutationHookOptions<Enrollment, { kind: GroupKind; id: number; userId: number }> = {},
) {
  return useSchoolsMutation(options, async ({ kind, id, userId }) => {
    const params = { path: { id } };
    const body = { user_id: userId };
    return kind === 'courses'
      ? unwrap(await api.POST('/auth/courses/{id}/enroll/', { params, body }))
      : unwrap(await api.POST('/auth/subjects/{id}/enroll/', { params, body }));
  });
}
