/**
 * Pending invitations: `/login/{code}` and `/register/{code}` keep the code in local storage;
 * after the next login or registration it is applied to the account, the enterprise invitation
 * first and the teacher invitation on failure (§4). A failure is only logged (§8).
 */
import { api, isApiRequestError, type Schemas, unwrap } from '@memoria/api';

export const PENDING_INVITATION_KEY = 'pending_invitation';

function storage(): Storage | null {
  try {
    return typeof localStorage === 'undefined' ? null : localStorage;
  } catch {
    return null;
  }
}

export function storePendingInvitation(code: string): void {
  if (code) storage()?.setItem(PENDING_INVITATION_KEY, code);
}

export function readPendingInvitation(): string | null {
  return storage()?.getItem(PENDING_INVITATION_KEY) ?? null;
}

export function clearPendingInvitation(): void {
  storage()?.removeItem(PENDING_INVITATION_KEY);
}

/**
 * Applies a code to the signed-in account: enterprise invitation first, then teacher. When the
 * teacher path does not know the code either, the enterprise answer is the one thrown: an
 * enterprise code already used fails there with its reason (409 `invitation_used`), which the
 * teacher path's 404 would hide.
 */
export async function applyInvitationCode(code: string): Promise<Schemas['InvitationApplyResult']> {
  const params = { path: { code } };
  try {
    return unwrap(await api.POST('/auth/enterprise-invitation/{code}/apply/', { params }));
  } catch (enterpriseFailure) {
    try {
      return unwrap(await api.POST('/auth/invitation/{code}/apply/', { params }));
    } catch (teacherFailure) {
      const unknownToTeacher = isApiRequestError(teacherFailure) && teacherFailure.status === 404;
      throw unknownToTeacher && isApiRequestError(enterpriseFailure)
        ? enterpriseFailure
        : teacherFailure;
    }
  }
}

/**
 * Applies the pending invitation, if any, and forgets it. Never throws: a failure is logged and
 * the sign-in goes on (the invitation link can be opened again).
 */
export async function applyPendingInvitation(): Promise<'applied' | 'failed' | 'none'> {
  const code = readPendingInvitation();
  if (!code) return 'none';
  try {
    await applyInvitationCode(code);
    return 'applied';
  } catch (error) {
    console.error('[auth] applying the pending invitation failed:', error);
    return 'failed';
  } finally {
    clearPendingInvitation();
  }
}
