/** Invitations and relationships as the contract shows them. */
import type { Schemas } from '../../contract/types.ts';
import type {
  InvitationRecord,
  PersonRecord,
  RelationshipRecord,
} from '../../db/queries/invitations.ts';
import { invitationStatus } from '../../domain/schools/invitations.ts';

export function renderPerson(p: PersonRecord): Schemas['UserSummary'] {
  return {
    id: p.id,
    email: p.email,
    username: p.username,
    first_name: p.firstName,
    last_name: p.lastName,
  };
}

export function renderInvitation(inv: InvitationRecord, now: Date): Schemas['Invitation'] {
  return {
    id: inv.id,
    code: inv.code,
    invitation_type: inv.kind,
    plan_type: inv.planType,
    email: inv.email,
    status: invitationStatus(inv, now),
    created_by: renderPerson(inv.creator),
    used_by: inv.user ? renderPerson(inv.user) : null,
    created_at: inv.createdAt.toISOString(),
    expires_at: inv.expiresAt.toISOString(),
    used_at: inv.usedAt?.toISOString() ?? null,
  };
}

export function renderEnterpriseTeacher(
  r: RelationshipRecord,
): Schemas['EnterpriseTeacherRelationship'] {
  return {
    id: r.id,
    enterprise_owner: renderPerson(r.upper),
    teacher: renderPerson(r.lower),
    created_at: r.createdAt.toISOString(),
  };
}

export function renderTeacherStudent(r: RelationshipRecord): Schemas['TeacherStudentRelationship'] {
  return {
    id: r.id,
    teacher: renderPerson(r.upper),
    student: renderPerson(r.lower),
    created_at: r.createdAt.toISOString(),
  };
}
