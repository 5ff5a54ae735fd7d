/**
 * Invitation rules (product-spec §6, issue 17): who may invite whom to which plan, how long a code
 * lasts, and what applying it does to the invitee's plan. Pure: the handlers and their tests call
 * these same functions.
 */
import { randomBytes } from 'node:crypto';
import type { AccountType } from '../subscriptions/entitlements.ts';
import { effectiveAccountType } from '../subscriptions/subscriptions.ts';

export type InvitationKind = 'enterprise' | 'teacher';
export type InvitationStatus = 'pending' | 'used' | 'expired';

/** 24 random bytes: 192 bits, above the 128 the issue asks, as 32 base64url characters. */
export const INVITATION_CODE_BYTES = 24;
export const DEFAULT_EXPIRY_DAYS = 7;

/** Enterprise+ owners invite teachers to Enterprise; teachers (Enterprise) invite students to Standard. */
export const INVITATION_PLAN: Record<InvitationKind, AccountType> = {
  enterprise: 'enterprise',
  teacher: 'standard',
};

const CREATORS: Record<InvitationKind, readonly AccountType[]> = {
  enterprise: ['enterprise_plus'],
  teacher: ['enterprise', 'enterprise_plus'],
};

export const INVITATION_MESSAGES = {
  invalid: 'Invalid or expired invitation link',
  used: 'This invitation has already been used.',
  expired: 'This invitation has expired.',
  ownInvitation: 'You cannot use your own invitation.',
  otherEmail: 'This invitation is for another email address.',
  applied: 'Invitation applied successfully! Your account has been upgraded.',
  alreadyOnPlan: 'Invitation applied. Your account already had this plan or a higher one.',
} as const;

export function newInvitationCode(): string {
  return randomBytes(INVITATION_CODE_BYTES).toString('base64url');
}

export function mayCreateInvitation(plan: AccountType, kind: InvitationKind): boolean {
  return CREATORS[kind].includes(plan);
}

/** Teachers are seen by Enterprise+ owners; students by teachers (Enterprise and above). */
export function maySeeTeachers(plan: AccountType): boolean {
  return mayCreateInvitation(plan, 'enterprise');
}
export function maySeeStudents(plan: AccountType): boolean {
  return mayCreateInvitation(plan, 'teacher');
}

export function expiryFrom(now: Date, days = DEFAULT_EXPIRY_DAYS): Date {
  return new Date(now.getTime() + days * 24 * 60 * 60 * 1000);
}

export function invitationStatus(
  inv: { usedAt: Date | null; expiresAt: Date },
  now: Date,
): InvitationStatus {
  if (inv.usedAt) return 'used';
  return inv.expiresAt.getTime() <= now.getTime() ? 'expired' : 'pending';
}

/**
 * Why `user` may not use this invitation now (a 409's message), or null when they may. `user` is
 * null for someone registering: only the invited address is checked.
 */
export function refusal(
  inv: { usedAt: Date | null; expiresAt: Date; email: string | null; createdBy: number },
  user: { id: number | null; email: string },
  now: Date,
): string | null {
  const status = invitationStatus(inv, now);
  if (status === 'used') return INVITATION_MESSAGES.used;
  if (status === 'expired') return INVITATION_MESSAGES.expired;
  if (user.id === inv.createdBy) return INVITATION_MESSAGES.ownInvitation;
  if (inv.email && inv.email.toLowerCase() !== user.email.trim().toLowerCase()) {
    return INVITATION_MESSAGES.otherEmail;
  }
  return null;
}

/** The plan after applying: the invitation's, unless the account already has that or higher. */
export function planAfterInvitation(current: AccountType, invited: AccountType): AccountType {
  return effectiveAccountType(current, invited);
}
