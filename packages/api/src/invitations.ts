/**
 * Invitations and relationships (`tags: [invitations, relationships]`): the inviter's lists,
 * create and revoke, and the people linked by applied invitations. Someone using an invitation
 * notifies its inviter (`invitation_accepted`), so the events stream's `notification` events
 * invalidate `invitationKeys.all` (see `EVENT_INVALIDATIONS`). Verifying a code is in `query.ts`
 * (`useInvitationVerification`), which works signed out.
 */
import { queryOptions, useMutation } from '@tanstack/react-query';
import { api } from './client.ts';
import { type ApiRequestError, unwrap } from './errors.ts';
import {
  type MutationHookOptions,
  type QueryHookOptions,
  useInvalidating,
  useSignedInQuery,
} from './query.ts';
import type { components } from './schema.d.ts';

type Schemas = components['schemas'];
export type Invitation = Schemas['Invitation'];
export type InvitationCreate = Schemas['InvitationCreate'];
export type InvitationKind = Schemas['InvitationType'];
export type UserSummary = Schemas['UserSummary'];

export const invitationKeys = {
  /** Everything an applied invitation changes: the lists and the relationships. */
  all: ['invitations-managed'] as const,
  list: (kind: InvitationKind) => ['invitations-managed', 'list', kind] as const,
  students: () => ['invitations-managed', 'students'] as const,
  enterpriseTeachers: () => ['invitations-managed', 'enterprise-teachers'] as const,
};

export const invitationManagementQueries = {
  /** `GET auth/enterprise-invitations/` or `auth/teacher-invitations/`, newest first. */
  list: (kind: InvitationKind) =>
    queryOptions<Invitation[], ApiRequestError>({
      queryKey: invitationKeys.list(kind),
      queryFn: async ({ signal }) =>
        kind === 'enterprise'
          ? unwrap(await api.GET('/auth/enterprise-invitations/', { signal }))
          : unwrap(await api.GET('/auth/teacher-invitations/', { signal })),
    }),
  /** `GET auth/teacher-student-relationships/my_students/`. */
  students: () =>
    queryOptions<UserSummary[], ApiRequestError>({
      queryKey: invitationKeys.students(),
      queryFn: async ({ signal }) =>
        unwrap(await api.GET('/auth/teacher-student-relationships/my_students/', { signal })),
    }),
  /** `GET auth/enterprise-teacher-relationships/my_enterprise_teachers/`. */
  enterpriseTeachers: () =>
    queryOptions<UserSummary[], ApiRequestError>({
      queryKey: invitationKeys.enterpriseTeachers(),
      queryFn: async ({ signal }) =>
        unwrap(
          await api.GET('/auth/enterprise-teacher-relationships/my_enterprise_teachers/', {
            signal,
          }),
        ),
    }),
};

export function useInvitations(kind: InvitationKind, options: QueryHookOptions<Invitation[]> = {}) {
  return useSignedInQuery(invitationManagementQueries.list(kind), options);
}

export function useMyStudents(options: QueryHookOptions<UserSummary[]> = {}) {
  return useSignedInQuery(invitationManagementQueries.students(), options);
}

export function useMyEnterpriseTeachers(options: QueryHookOptions<UserSummary[]> = {}) {
  return useSignedInQuery(invitationManagementQueries.enterpriseTeachers(), options);
}

/** `POST auth/enterprise-invitations/` or `auth/teacher-invitations/`. */
export function useCreateInvitation(
  options: MutationHookOptions<Invitation, { kind: InvitationKind; body: InvitationCreate }> = {},
) {
  return useInvalidating(
    options,
    async ({ kind, body }) =>
      kind === 'enterprise'
        ? unwrap(await api.POST('/auth/enterprise-invitations/', { body }))
        : unwrap(await api.POST('/auth/teacher-invitations/', { body })),
    ({ kind }) => [invitationKeys.list(kind)],
  );
}

/** `DELETE auth/enterprise-invitations/{id}/` or `auth/teacher-invitations/{id}/` (revoke). */
export function useRevokeInvitation(
  options: MutationHookOptions<void, { kind: InvitationKind; id: number }> = {},
) {
  return useInvalidating(
    options,
    async ({ kind, id }) => {
      const params = { path: { id } };
      if (kind === 'enterprise') {
        unwrap(await api.DELETE('/auth/enterprise-invitations/{id}/', { params }));
      } else unwrap(await api.DELETE('/auth/teacher-invitations/{id}/', { params }));
    },
    ({ kind }) => [invitationKeys.list(kind)],
  );
}

/**
 * `POST auth/enterprise-invitation/{code}/` or `auth/invitation/{code}/`: creates the account
 * with the invitation's plan, linked to the inviter (the caller then logs in, §4).
 */
export function useRegisterWithInvitation(
  options: MutationHookOptions<
    Schemas['User'],
    { kind: InvitationKind; code: string; body: Schemas['RegisterRequest'] }
  > = {},
) {
  return useMutation({
    ...options,
    mutationFn: async ({ kind, code, body }) => {
      const params = { path: { code } };
      return kind === 'enterprise'
        ? unwrap(await api.POST('/auth/enterprise-invitation/{code}/', { params, body }))
        : unwrap(await api.POST('/auth/invitation/{code}/', { params, body }));
    },
  });
}
