/**
 * The invitee's side: verify a code, apply it to one's account, or register with it. Each use
 * marks the code used, links invitee and inviter, sets the plan (never lower) and tells the
 * inviter, in one transaction under the invitation's row lock, so a code works once.
 */
import type { Context } from 'hono';
import { hashPassword } from '../../auth/passwords.ts';
import { assertCodeGuessesLeft, claimRegistration, recordCodeMiss } from '../../auth/throttle.ts';
import { clockOf } from '../../clock.ts';
import type { Handlers, Schemas } from '../../contract/types.ts';
import {
  type InvitationRecord,
  insertInvitedUser,
  invitationByCode,
  linkInvitee,
  markInvitationUsed,
  setInvitedAccount,
  storedPlan,
} from '../../db/queries/invitations.ts';
import type { UserRow } from '../../db/queries/users.ts';
import { inTransaction, type Tx } from '../../db/transaction.ts';
import {
  INVITATION_MESSAGES,
  type InvitationKind,
  invitationStatus,
  planAfterInvitation,
  refusal,
} from '../../domain/schools/invitations.ts';
import { clientIp } from '../../http/client-ip.ts';
import type { AppEnv } from '../../http/context.ts';
import { currentUser } from '../../http/current-user.ts';
import { ApiError } from '../../http/errors.ts';
import { fieldErrorCode } from '../../http/messages.ts';
import { notify } from '../../notifications/index.ts';
import { takenAccount, validRegistration } from '../../services/accounts/registration.ts';
import { toUser } from '../../services/accounts/user-view.ts';

/** The school role an invitation gives an account that has none. */
const ROLE: Record<InvitationKind, 'teacher' | 'student'> = {
  enterprise: 'teacher',
  teacher: 'student',
};

const now = (c: Context<AppEnv>) => clockOf(c.get('deps')).now();

/**
 * The invitation of this code (of this kind, or either), counting a code of neither kind against
 * the caller's guess budget. A code of the other kind is not a guess: clients try the enterprise
 * path first and the teacher path next (§4), so every teacher code visits the wrong path once.
 */
async function findCode(
  c: Context<AppEnv>,
  code: string,
  kind: InvitationKind | null,
): Promise<InvitationRecord | null> {
  const { db, sql } = c.get('deps');
  const ip = clientIp(c);
  await assertCodeGuessesLeft(db, ip);
  const inv = await invitationByCode(sql, code, null);
  if (!inv) await recordCodeMiss(db, ip);
  return inv && (kind === null || inv.kind === kind) ? inv : null;
}

/**
 * Refusals name the path's `code` as their field, so `field_codes` gives clients the reason's key
 * (`invitation_used`…) to translate; `detail` stays the English text.
 */
const codeRefused = (status: 404 | 409, message: string) =>
  new ApiError(status, status === 404 ? 'not_found' : 'conflict', message, {
    fields: { code: [message] },
  });

const unknownCode = () => codeRefused(404, INVITATION_MESSAGES.invalid);

/** Inside the transaction: the locked invitation, still usable by this person, or an error. */
async function lockUsable(
  tx: Tx,
  code: string,
  kind: InvitationKind,
  person: { id: number | null; email: string },
  at: Date,
): Promise<InvitationRecord> {
  const inv = await invitationByCode(tx, code, kind, { lock: true });
  // Revoked between the first look and the lock.
  if (!inv) throw unknownCode();
  const why = refusal(inv, person, at);
  if (why) throw codeRefused(409, why);
  return inv;
}

/** Marks the code used by `user`, links them and tells the inviter. */
async function consume(tx: Tx, inv: InvitationRecord, user: UserRow, at: Date): Promise<void> {
  await markInvitationUsed(tx, inv.id, user.id, at);
  await linkInvitee(tx, inv.kind, inv.createdBy, user.id);
  await notify(
    tx,
    inv.createdBy,
    'invitation_accepted',
    { invitation_id: inv.id, invitation_type: inv.kind, from_username: user.username },
    { actorId: user.id },
  );
}

async function apply(c: Context<AppEnv>, code: string, kind: InvitationKind) {
  const user = currentUser(c);
  if (!(await findCode(c, code, kind))) throw unknownCode();
  const at = now(c);
  const inv = await inTransaction(c.get('deps').sql, async (tx) => {
    const locked = await lockUsable(tx, code, kind, user, at);
    // The stored plan, not the request's (which may come from a subscription): never lowered.
    const stored = await storedPlan(tx, user.id);
    await setInvitedAccount(tx, user.id, planAfterInvitation(stored, locked.planType), ROLE[kind]);
    await consume(tx, locked, user, at);
    return locked;
  });
  const plan = planAfterInvitation(user.accountType, inv.planType);
  const result: Schemas['InvitationApplyResult'] = {
    detail:
      plan === user.accountType ? INVITATION_MESSAGES.alreadyOnPlan : INVITATION_MESSAGES.applied,
    user: toUser({ ...user, accountType: plan, role: user.role ?? ROLE[kind] }),
  };
  return c.json(result, 200);
}

async function register(
  c: Context<AppEnv>,
  code: string,
  kind: InvitationKind,
  body: Schemas['RegisterRequest'],
) {
  const { db, sql } = c.get('deps');
  const found = await findCode(c, code, kind);
  if (!found) throw unknownCode();
  const at = now(c);
  // A code that cannot be used says so before the form's own checks.
  const why = refusal(found, { id: null, email: body.email }, at);
  if (why) throw codeRefused(409, why);
  const input = await validRegistration(db, body);
  await claimRegistration(db, clientIp(c));
  const passwordHash = await hashPassword(input.password);
  try {
    const user = await inTransaction(sql, async (tx) => {
      const inv = await lockUsable(tx, code, kind, { id: null, email: input.email }, at);
      const row = await insertInvitedUser(tx, {
        ...input,
        passwordHash,
        accountType: inv.planType,
        role: ROLE[kind],
      });
      await consume(tx, inv, row, at);
      return row;
    });
    return c.json(toUser(user), 201);
  } catch (error) {
    throw takenAccount(error)?.error ?? error;
  }
}

function verification(inv: InvitationRecord | null, at: Date): Schemas['InvitationVerification'] {
  const status = inv ? invitationStatus(inv, at) : null;
  if (!inv || status !== 'pending') {
    const error =
      status === 'used'
        ? INVITATION_MESSAGES.used
        : status === 'expired'
          ? INVITATION_MESSAGES.expired
          : INVITATION_MESSAGES.invalid;
    return {
      valid: false,
      error,
      error_code: fieldErrorCode(error),
      invitation_type: null,
      plan_type: null,
      expires_at: null,
    };
  }
  return {
    valid: true,
    error: null,
    error_code: null,
    invitation_type: inv.kind,
    plan_type: inv.planType,
    expires_at: inv.expiresAt.toISOString(),
    invited_by: inv.creator.username,
    email: inv.email,
  };
}

export const handlers: Handlers = {
  async verifyInvitation(c, { params }) {
    const inv = await findCode(c, params.code, null);
    return c.json(verification(inv, now(c)), 200);
  },
  applyEnterpriseInvitation: (c, { params }) => apply(c, params.code, 'enterprise'),
  applyInvitation: (c, { params }) => apply(c, params.code, 'teacher'),
  registerWithEnterpriseInvitation: (c, { params, body }) =>
    register(c, params.code, 'enterprise', body),
  registerWithInvitation: (c, { params, body }) => register(c, params.code, 'teacher', body),
};
