/**
 * Invitations and the relationships they create: every SQL statement on `invitations`,
 * `enterprise_teacher_relationships` and `teacher_student_relationships`, and the invitee's plan.
 */

import type { InvitationKind } from '../../domain/schools/invitations.ts';
import type { AccountType } from '../../domain/subscriptions/entitlements.ts';
import type { UserRow } from '../schema.ts';
import { pgDate, pgDateOrNull, type Query } from './pg.ts';

export interface PersonRecord {
  id: number;
  email: string;
  username: string;
  firstName: string;
  lastName: string;
}

export interface InvitationRecord {
  id: number;
  code: string;
  kind: InvitationKind;
  planType: AccountType;
  email: string | null;
  createdBy: number;
  createdAt: Date;
  expiresAt: Date;
  usedAt: Date | null;
  creator: PersonRecord;
  user: PersonRecord | null;
}

export interface RelationshipRecord {
  id: number;
  /** The enterprise owner, or the teacher of a teacher-student link. */
  upper: PersonRecord;
  /** The teacher, or the student. */
  lower: PersonRecord;
  createdAt: Date;
}

interface PersonColumns {
  id: number;
  email: string;
  username: string;
  first_name: string;
  last_name: string;
}

interface InvitationRow {
  id: number;
  code: string;
  kind: InvitationKind;
  plan_type: AccountType;
  email: string | null;
  created_by: number;
  created_at: string;
  expires_at: string;
  used_at: string | null;
  creator: PersonColumns;
  used_by: PersonColumns | null;
}

interface RelationshipRow {
  id: number;
  upper: PersonColumns;
  lower: PersonColumns;
  created_at: string;
}

function toPerson(p: PersonColumns): PersonRecord {
  return {
    id: p.id,
    email: p.email,
    username: p.username,
    firstName: p.first_name,
    lastName: p.last_name,
  };
}

function toInvitation(row: InvitationRow): InvitationRecord {
  return {
    id: row.id,
    code: row.code,
    kind: row.kind,
    planType: row.plan_type,
    email: row.email,
    createdBy: row.created_by,
    createdAt: pgDate(row.created_at),
    expiresAt: pgDate(row.expires_at),
    usedAt: pgDateOrNull(row.used_at),
    creator: toPerson(row.creator),
    user: row.used_by ? toPerson(row.used_by) : null,
  };
}

function toRelationship(row: RelationshipRow): RelationshipRecord {
  return {
    id: row.id,
    upper: toPerson(row.upper),
    lower: toPerson(row.lower),
    createdAt: pgDate(row.created_at),
  };
}

function selectInvitations(q: Query) {
  return q`
    select i.id, i.code, i.kind, i.plan_type, i.email, i.created_by, i.created_at, i.expires_at,
      i.used_at,
      json_build_object('id', c.id, 'email', c.email, 'username', c.username,
        'first_name', c.first_name, 'last_name', c.last_name) as creator,
      case when u.id is null then null else json_build_object('id', u.id, 'email', u.email,
        'username', u.username, 'first_name', u.first_name, 'last_name', u.last_name) end as used_by
    from invitations i
    join users c on c.id = i.created_by
    left join users u on u.id = i.used_by`;
}

export async function insertInvitation(
  q: Query,
  inv: {
    code: string;
    kind: InvitationKind;
    planType: AccountType;
    email: string | null;
    createdBy: number;
    expiresAt: Date;
  },
): Promise<number> {
  const [row] = await q<{ id: number }[]>`
    insert into invitations (code, kind, plan_type, email, created_by, expires_at)
    values (${inv.code}, ${inv.kind}, ${inv.planType}, ${inv.email}, ${inv.createdBy},
      ${inv.expiresAt.toISOString()})
    returning id`;
  if (!row) throw new Error('insert into invitations returned no row');
  return row.id;
}

/** The invitations of this kind `createdBy` made, newest first. */
export async function listInvitations(
  q: Query,
  createdBy: number,
  kind: InvitationKind,
): Promise<InvitationRecord[]> {
  const rows = await q<InvitationRow[]>`
    ${selectInvitations(q)}
    where i.created_by = ${createdBy} and i.kind = ${kind}
    order by i.created_at desc, i.id desc`;
  return rows.map(toInvitation);
}

/** One invitation of this kind, only if `createdBy` made it. */
export async function ownInvitation(
  q: Query,
  id: number,
  createdBy: number,
  kind: InvitationKind,
): Promise<InvitationRecord | null> {
  const [row] = await q<InvitationRow[]>`
    ${selectInvitations(q)}
    where i.id = ${id} and i.created_by = ${createdBy} and i.kind = ${kind}`;
  return row ? toInvitation(row) : null;
}

/** Revokes (deletes) an invitation of this kind `createdBy` made; false when there is none. */
export async function deleteInvitation(
  q: Query,
  id: number,
  createdBy: number,
  kind: InvitationKind,
): Promise<boolean> {
  const rows = await q`
    delete from invitations where id = ${id} and created_by = ${createdBy} and kind = ${kind}
    returning id`;
  return rows.length > 0;
}

/**
 * The invitation with this code (of this kind, or either when null). `lock` takes its row lock
 * for the apply that follows, so two people cannot both use one code.
 */
export async function invitationByCode(
  q: Query,
  code: string,
  kind: InvitationKind | null,
  options: { lock?: boolean } = {},
): Promise<InvitationRecord | null> {
  const [row] = await q<InvitationRow[]>`
    ${selectInvitations(q)}
    where i.code = ${code} ${kind ? q`and i.kind = ${kind}` : q``}
    ${options.lock ? q`for update of i` : q``}`;
  return row ? toInvitation(row) : null;
}

export async function markInvitationUsed(
  q: Query,
  id: number,
  userId: number,
  at: Date,
): Promise<void> {
  await q`update invitations set used_by = ${userId}, used_at = ${at.toISOString()}
    where id = ${id} and used_at is null`;
}

/**
 * The invitee's stored plan and school role after an invitation: the plan computed by the domain
 * rule, the role (teacher for an enterprise invitation, student for a teacher one) only when the
 * account has none yet.
 */
export async function setInvitedAccount(
  q: Query,
  userId: number,
  plan: AccountType,
  role: 'teacher' | 'student',
): Promise<void> {
  await q`update users set account_type = ${plan}, role = coalesce(role, ${role}::user_role)
    where id = ${userId}`;
}

/** Links the two people of an applied invitation; an existing link is kept as it is. */
export async function linkInvitee(
  q: Query,
  kind: InvitationKind,
  inviterId: number,
  inviteeId: number,
): Promise<void> {
  if (kind === 'enterprise') {
    await q`insert into enterprise_teacher_relationships (enterprise_owner_id, teacher_id)
      values (${inviterId}, ${inviteeId}) on conflict do nothing`;
  } else {
    await q`insert into teacher_student_relationships (teacher_id, student_id)
      values (${inviterId}, ${inviteeId}) on conflict do nothing`;
  }
}

export interface NewUser {
  email: string;
  username: string;
  passwordHash: string;
  firstName: string;
  lastName: string;
  timezone: string;
  accountType: AccountType;
  role: 'teacher' | 'student';
}

interface UserColumns {
  id: number;
  email: string;
  username: string;
  password_hash: string;
  first_name: string;
  last_name: string;
  account_type: AccountType;
  role: 'teacher' | 'student' | null;
  timezone: string;
  is_active: boolean;
  date_joined: string;
}

/** A new account registered through an invitation (a unique violation when taken meanwhile). */
export async function insertInvitedUser(q: Query, u: NewUser): Promise<UserRow> {
  const [row] = await q<UserColumns[]>`
    insert into users (email, username, password_hash, first_name, last_name, timezone,
      account_type, role)
    values (${u.email}, ${u.username}, ${u.passwordHash}, ${u.firstName}, ${u.lastName},
      ${u.timezone}, ${u.accountType}, ${u.role})
    returning *`;
  if (!row) throw new Error('insert into users returned no row');
  return {
    id: row.id,
    email: row.email,
    username: row.username,
    passwordHash: row.password_hash,
    firstName: row.first_name,
    lastName: row.last_name,
    accountType: row.account_type,
    role: row.role,
    timezone: row.timezone,
    isActive: row.is_active,
    dateJoined: pgDate(row.date_joined),
  };
}

type Side = 'upper' | 'lower' | 'either';
const RELATIONSHIP_TABLES = {
  enterprise: {
    table: 'enterprise_teacher_relationships',
    upper: 'enterprise_owner_id',
    lower: 'teacher_id',
  },
  teacher: { table: 'teacher_student_relationships', upper: 'teacher_id', lower: 'student_id' },
} as const;

/**
 * The links of one kind where `userId` is on the given side (the owner or teacher above, the
 * teacher or student below, or either), newest first.
 */
export async function listRelationships(
  q: Query,
  kind: InvitationKind,
  userId: number,
  side: Side = 'either',
): Promise<RelationshipRecord[]> {
  const t = RELATIONSHIP_TABLES[kind];
  const upper = q`r.${q(t.upper)} = ${userId}`;
  const lower = q`r.${q(t.lower)} = ${userId}`;
  const where = side === 'upper' ? upper : side === 'lower' ? lower : q`(${upper} or ${lower})`;
  const rows = await q<RelationshipRow[]>`
    select r.id, r.created_at,
      json_build_object('id', a.id, 'email', a.email, 'username', a.username,
        'first_name', a.first_name, 'last_name', a.last_name) as upper,
      json_build_object('id', b.id, 'email', b.email, 'username', b.username,
        'first_name', b.first_name, 'last_name', b.last_name) as lower
    from ${q(t.table)} r
    join users a on a.id = r.${q(t.upper)}
    join users b on b.id = r.${q(t.lower)}
    where ${where}
    order by r.created_at desc, r.id desc`;
  return rows.map(toRelationship);
}

/** The account's own stored plan (not the one a subscription gives), locked for the change. */
export async function storedPlan(q: Query, userId: number): Promise<AccountType> {
  const [row] = await q<{ account_type: AccountType }[]>`
    select account_type from users where id = ${userId} for update`;
  if (!row) throw new Error(`no user ${userId}`);
  return row.account_type;
}

/**
 * The username of who sent the latest invitation `userId` applied for `plan` (the one that gives
 * it the plan); null when no applied invitation gives that plan.
 */
export async function inviterOfPlan(
  q: Query,
  userId: number,
  plan: AccountType,
): Promise<string | null> {
  const [row] = await q<{ username: string }[]>`
    select u.username from invitations i join users u on u.id = i.created_by
    where i.used_by = ${userId} and i.plan_type = ${plan}
    order by i.used_at desc nulls last, i.id desc
    limit 1`;
  return row?.username ?? null;
}
