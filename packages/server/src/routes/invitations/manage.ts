/**
 * The inviter's side: create, list, read and revoke enterprise invitations (Enterprise+ owners
 * invite teachers) and teacher invitations (Enterprise accounts invite students).
 */
import type { Context } from 'hono';
import { clockOf } from '../../clock.ts';
import type { Handlers } from '../../contract/types.ts';
import {
  deleteInvitation,
  insertInvitation,
  listInvitations,
  ownInvitation,
} from '../../db/queries/invitations.ts';
import {
  expiryFrom,
  INVITATION_PLAN,
  type InvitationKind,
  mayCreateInvitation,
  newInvitationCode,
} from '../../domain/schools/invitations.ts';
import type { AppEnv } from '../../http/context.ts';
import { currentUser } from '../../http/current-user.ts';
import { forbidden, notFound } from '../../http/errors.ts';
import { renderInvitation } from './responses.ts';

const FORBIDDEN: Record<InvitationKind, string> = {
  enterprise: 'Only Enterprise+ accounts manage enterprise invitations.',
  teacher: 'Only Enterprise accounts manage teacher invitations.',
};
const NOT_FOUND = 'No invitation with this id.';

/** The caller, when their plan may manage invitations of this kind; else 403. */
function inviter(c: Context<AppEnv>, kind: InvitationKind) {
  const user = currentUser(c);
  if (!mayCreateInvitation(user.accountType, kind)) {
    throw forbidden(FORBIDDEN[kind]);
  }
  return user;
}

const now = (c: Context<AppEnv>) => clockOf(c.get('deps')).now();

function handlersFor(kind: InvitationKind) {
  return {
    async list(c: Context<AppEnv>) {
      const user = inviter(c, kind);
      const rows = await listInvitations(c.get('deps').sql, user.id, kind);
      const at = now(c);
      return c.json(
        rows.map((inv) => renderInvitation(inv, at)),
        200,
      );
    },
    async create(
      c: Context<AppEnv>,
      body: { email?: string | undefined; expires_in_days?: number | undefined },
    ) {
      const user = inviter(c, kind);
      const { sql } = c.get('deps');
      const at = now(c);
      const id = await insertInvitation(sql, {
        code: newInvitationCode(),
        kind,
        planType: INVITATION_PLAN[kind],
        email: body.email?.trim() || null,
        createdBy: user.id,
        expiresAt: expiryFrom(at, body.expires_in_days),
      });
      const created = await ownInvitation(sql, id, user.id, kind);
      if (!created) throw new Error('the new invitation was not found');
      return c.json(renderInvitation(created, at), 201);
    },
    async get(c: Context<AppEnv>, id: number) {
      const user = inviter(c, kind);
      // Another inviter's id, or one of the other kind, answers 404 like a missing one.
      const inv = await ownInvitation(c.get('deps').sql, id, user.id, kind);
      if (!inv) throw notFound(NOT_FOUND);
      return c.json(renderInvitation(inv, now(c)), 200);
    },
    async revoke(c: Context<AppEnv>, id: number) {
      const user = inviter(c, kind);
      if (!(await deleteInvitation(c.get('deps').sql, id, user.id, kind))) {
        throw notFound(NOT_FOUND);
      }
      return c.body(null, 204);
    },
  };
}

const enterprise = handlersFor('enterprise');
const teacher = handlersFor('teacher');

export const handlers: Handlers = {
  listEnterpriseInvitations: (c) => enterprise.list(c),
  createEnterpriseInvitation: (c, { body }) => enterprise.create(c, body),
  getEnterpriseInvitation: (c, { params }) => enterprise.get(c, params.id),
  deleteEnterpriseInvitation: (c, { params }) => enterprise.revoke(c, params.id),
  listTeacherInvitations: (c) => teacher.list(c),
  createTeacherInvitation: (c, { body }) => teacher.create(c, body),
  getTeacherInvitation: (c, { params }) => teacher.get(c, params.id),
  deleteTeacherInvitation: (c, { params }) => teacher.revoke(c, params.id),
};
