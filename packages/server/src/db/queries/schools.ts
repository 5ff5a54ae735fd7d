/**
 * Schools, courses, subjects and their enrollments: every SQL statement on `schools`, `courses`,
 * `subjects`, `course_enrollments` and `subject_enrollments`. Courses and subjects have the same
 * shape, so one set of statements serves both (`GroupKind` picks the tables).
 */
import type { SchoolDetails, SchoolRole, StarterItem } from '../../domain/schools/schools.ts';
import { containsPattern, pgDate, type Query } from './pg.ts';

export type GroupKind = 'course' | 'subject';

const TABLES = {
  course: { table: 'courses', enrollments: 'course_enrollments', key: 'course_id' },
  subject: { table: 'subjects', enrollments: 'subject_enrollments', key: 'subject_id' },
} as const;

export interface UserSummaryRecord {
  id: number;
  email: string;
  username: string;
  firstName: string;
  lastName: string;
}

interface UserSummaryRow {
  id: number;
  email: string;
  username: string;
  first_name: string;
  last_name: string;
}

function toUserSummary(row: UserSummaryRow): UserSummaryRecord {
  return {
    id: row.id,
    email: row.email,
    username: row.username,
    firstName: row.first_name,
    lastName: row.last_name,
  };
}

// --- Schools ---

export interface SchoolStatistics {
  coursesCount: number;
  subjectsCount: number;
  teachersCount: number;
  studentsCount: number;
}

/** A school as one user sees it: whether they own it or teach in it. */
export interface SchoolAccess extends SchoolDetails {
  id: number;
  ownerId: number;
  statistics: SchoolStatistics;
  createdAt: Date;
  updatedAt: Date;
  isOwner: boolean;
  /** Enrolled as a teacher in one of its courses or subjects. */
  isTeacher: boolean;
}

interface SchoolRow extends SchoolDetails {
  id: number;
  owner_id: number;
  courses_count: number;
  subjects_count: number;
  teachers_count: number;
  students_count: number;
  created_at: string;
  updated_at: string;
  my_role: SchoolRole | null;
}

function toSchool(row: SchoolRow, userId: number): SchoolAccess {
  return {
    id: row.id,
    ownerId: row.owner_id,
    name: row.name,
    address: row.address,
    phone: row.phone,
    email: row.email,
    website: row.website,
    statistics: {
      coursesCount: row.courses_count,
      subjectsCount: row.subjects_count,
      teachersCount: row.teachers_count,
      studentsCount: row.students_count,
    },
    createdAt: pgDate(row.created_at),
    updatedAt: pgDate(row.updated_at),
    isOwner: row.owner_id === userId,
    isTeacher: row.my_role === 'teacher',
  };
}

/** Every (user, role) of a school's courses and subjects, as a SQL fragment for one school id. */
export function schoolMembership(q: Query, schoolId: number | ReturnType<Query>) {
  return q`
    select e.user_id, e.role from course_enrollments e join courses c on c.id = e.course_id
    where c.school_id = ${schoolId}
    union
    select e.user_id, e.role from subject_enrollments e join subjects s on s.id = e.subject_id
    where s.school_id = ${schoolId}`;
}

/**
 * The schools the user owns or belongs to (enrolled in one of their courses or subjects), by
 * name, with statistics; `lock` locks the school rows (the starter data is created once).
 */
export async function visibleSchools(
  q: Query,
  userId: number,
  filter: { id?: number; lock?: boolean } = {},
): Promise<SchoolAccess[]> {
  const rows = await q<SchoolRow[]>`
    select s.id, s.owner_id, s.name, s.address, s.phone, s.email, s.website,
      s.created_at, s.updated_at,
      (select count(*)::int from courses c where c.school_id = s.id) as courses_count,
      (select count(*)::int from subjects j where j.school_id = s.id) as subjects_count,
      (select count(distinct m.user_id)::int from (${schoolMembership(q, q`s.id`)}) m
        where m.role = 'teacher') as teachers_count,
      (select count(distinct m.user_id)::int from (${schoolMembership(q, q`s.id`)}) m
        where m.role = 'student') as students_count,
      (select min(m.role::text) from (${schoolMembership(q, q`s.id`)}) m
        where m.user_id = ${userId}) as my_role
    from schools s
    where ${filter.id === undefined ? q`true` : q`s.id = ${filter.id}`}
      and (s.owner_id = ${userId}
        or exists (select 1 from course_enrollments e join courses c on c.id = e.course_id
                   where c.school_id = s.id and e.user_id = ${userId})
        or exists (select 1 from subject_enrollments e join subjects j on j.id = e.subject_id
                   where j.school_id = s.id and e.user_id = ${userId}))
    order by lower(s.name), s.id
    ${filter.lock ? q`for update of s` : q``}`;
  return rows.map((row) => toSchool(row, userId));
}

export async function insertSchool(
  q: Query,
  ownerId: number,
  details: SchoolDetails,
): Promise<number> {
  const [row] = await q<{ id: number }[]>`
    insert into schools (owner_id, name, address, phone, email, website)
    values (${ownerId}, ${details.name}, ${details.address}, ${details.phone}, ${details.email},
      ${details.website})
    returning id`;
  if (!row) throw new Error('insert into schools returned no row');
  return row.id;
}

export async function replaceSchool(q: Query, id: number, details: SchoolDetails): Promise<void> {
  await q`
    update schools set name = ${details.name}, address = ${details.address},
      phone = ${details.phone}, email = ${details.email}, website = ${details.website},
      updated_at = now()
    where id = ${id}`;
}

/** Deletes the school only: its courses and subjects stay, without a school (FK set null). */
export async function deleteSchool(q: Query, id: number): Promise<void> {
  await q`delete from schools where id = ${id}`;
}

/** The school's teachers or students (users enrolled with that role in its courses or subjects). */
export async function schoolMembers(
  q: Query,
  schoolId: number,
  role: SchoolRole,
): Promise<UserSummaryRecord[]> {
  const rows = await q<UserSummaryRow[]>`
    select u.id, u.email, u.username, u.first_name, u.last_name from users u
    where u.id in (select m.user_id from (${schoolMembership(q, schoolId)}) m
                   where m.role = ${role})
    order by lower(u.username), u.id`;
  return rows.map(toUserSummary);
}

/** Every member of a school: its owner and whoever is enrolled in its courses or subjects. */
export async function schoolMemberIds(q: Query, schoolId: number): Promise<number[]> {
  const rows = await q<{ user_id: number }[]>`
    select owner_id as user_id from schools where id = ${schoolId}
    union
    select m.user_id from (${schoolMembership(q, schoolId)}) m`;
  return rows.map((r) => r.user_id);
}

// --- Courses and subjects ---

/** A course or subject as one user sees it. */
export interface GroupAccess {
  id: number;
  ownerId: number;
  schoolId: number | null;
  name: string;
  description: string;
  studentsCount: number;
  teachersCount: number;
  createdAt: Date;
  updatedAt: Date;
  isOwner: boolean;
  /** The user's role in it, if enrolled. */
  myRole: SchoolRole | null;
}

interface GroupRow {
  id: number;
  owner_id: number;
  school_id: number | null;
  name: string;
  description: string;
  students_count: number;
  teachers_count: number;
  created_at: string;
  updated_at: string;
  my_role: SchoolRole | null;
}

function toGroup(row: GroupRow, userId: number): GroupAccess {
  return {
    id: row.id,
    ownerId: row.owner_id,
    schoolId: row.school_id,
    name: row.name,
    description: row.description,
    studentsCount: row.students_count,
    teachersCount: row.teachers_count,
    createdAt: pgDate(row.created_at),
    updatedAt: pgDate(row.updated_at),
    isOwner: row.owner_id === userId,
    myRole: row.my_role,
  };
}

export interface GroupFilter {
  id?: number;
  /** Part of the name, case-insensitive. */
  search?: string;
  schoolId?: number;
}

/**
 * The courses (or subjects) the user owns or is enrolled in, by name, with their counts. Which
 * groups those are is read from two indexes (the owner's, and the user's enrollments first, then
 * the groups by id), as `seenBy` reads decks in decks.ts: `owner_id = user or an enrollment row
 * joined` spans two tables, and PostgreSQL read every group of every school to test it
 * (`groups-plans.test.ts` fails on that sequential scan).
 */
export async function visibleGroups(
  q: Query,
  kind: GroupKind,
  userId: number,
  filter: GroupFilter = {},
): Promise<GroupAccess[]> {
  const t = TABLES[kind];
  const rows = await q<GroupRow[]>`
    select g.id, g.owner_id, g.school_id, g.name, g.description, g.created_at, g.updated_at,
      (select count(*) filter (where e.role = 'student')::int from ${q(t.enrollments)} e
        where e.${q(t.key)} = g.id) as students_count,
      (select count(*) filter (where e.role = 'teacher')::int from ${q(t.enrollments)} e
        where e.${q(t.key)} = g.id) as teachers_count,
      mine.role as my_role
    from ${q(t.table)} g
    left join ${q(t.enrollments)} mine on mine.${q(t.key)} = g.id and mine.user_id = ${userId}
    where (g.owner_id = ${userId}
      or g.id = any(array(select e.${q(t.key)} from ${q(t.enrollments)} e where e.user_id = ${userId})))
      ${filter.id === undefined ? q`` : q`and g.id = ${filter.id}`}
      ${filter.schoolId === undefined ? q`` : q`and g.school_id = ${filter.schoolId}`}
      ${filter.search ? q`and g.name ilike ${containsPattern(filter.search)}` : q``}
    order by lower(g.name), g.id`;
  return rows.map((row) => toGroup(row, userId));
}

/** The courses (or subjects) of a school, for anyone the school is visible to. */
export async function schoolGroups(
  q: Query,
  kind: GroupKind,
  schoolId: number,
  userId: number,
): Promise<GroupAccess[]> {
  const t = TABLES[kind];
  const rows = await q<GroupRow[]>`
    select g.id, g.owner_id, g.school_id, g.name, g.description, g.created_at, g.updated_at,
      (select count(*) filter (where e.role = 'student')::int from ${q(t.enrollments)} e
        where e.${q(t.key)} = g.id) as students_count,
      (select count(*) filter (where e.role = 'teacher')::int from ${q(t.enrollments)} e
        where e.${q(t.key)} = g.id) as teachers_count,
      mine.role as my_role
    from ${q(t.table)} g
    left join ${q(t.enrollments)} mine on mine.${q(t.key)} = g.id and mine.user_id = ${userId}
    where g.school_id = ${schoolId}
    order by lower(g.name), g.id`;
  return rows.map((row) => toGroup(row, userId));
}

export async function insertGroups(
  q: Query,
  kind: GroupKind,
  ownerId: number,
  schoolId: number | null,
  items: StarterItem[],
): Promise<number[]> {
  if (items.length === 0) return [];
  const t = TABLES[kind];
  const rows = await q<{ id: number }[]>`
    insert into ${q(t.table)} ${q(
      items.map((i) => ({
        owner_id: ownerId,
        school_id: schoolId,
        name: i.name,
        description: i.description,
      })),
    )}
    returning id`;
  return rows.map((r) => r.id);
}

export async function updateGroup(
  q: Query,
  kind: GroupKind,
  id: number,
  change: { name?: string; description?: string; schoolId?: number | null },
): Promise<void> {
  const set: Record<string, unknown> = {};
  if (change.name !== undefined) set.name = change.name;
  if (change.description !== undefined) set.description = change.description;
  if (change.schoolId !== undefined) set.school_id = change.schoolId;
  await q`
    update ${q(TABLES[kind].table)} set ${q(set)}, updated_at = now() where id = ${id}`;
}

/** Deletes the course (or subject) and its enrollments; the users and their decks stay. */
export async function deleteGroup(q: Query, kind: GroupKind, id: number): Promise<void> {
  await q`delete from ${q(TABLES[kind].table)} where id = ${id}`;
}

/** The teachers or students of a course (or subject), by username. */
export async function groupMembers(
  q: Query,
  kind: GroupKind,
  id: number,
  role: SchoolRole,
): Promise<UserSummaryRecord[]> {
  const t = TABLES[kind];
  const rows = await q<UserSummaryRow[]>`
    select u.id, u.email, u.username, u.first_name, u.last_name
    from ${q(t.enrollments)} e join users u on u.id = e.user_id
    where e.${q(t.key)} = ${id} and e.role = ${role}
    order by lower(u.username), u.id`;
  return rows.map(toUserSummary);
}

export interface EnrollmentRecord {
  groupId: number;
  user: UserSummaryRecord;
  role: SchoolRole;
  enrolledAt: Date;
}

/**
 * Enrolls the user (again: nothing changes) and returns their enrollment, or says which of the
 * group and the user is gone. One statement: the group and the user are locked against deletion
 * (KEY SHARE) before the insert, so an unenroll or a delete running at the same time lands before
 * or after it, never between an insert and its read, and never as a foreign-key error.
 */
export async function enroll(
  q: Query,
  kind: GroupKind,
  groupId: number,
  userId: number,
  role: SchoolRole,
): Promise<EnrollmentRecord | { missing: 'group' | 'user' }> {
  const t = TABLES[kind];
  const [row] = await q<
    (Partial<UserSummaryRow> & {
      group_found: boolean;
      role: SchoolRole | null;
      enrolled_at: string | null;
    })[]
  >`
    with g as (select id from ${q(t.table)} where id = ${groupId} for key share),
    u as (select id, email, username, first_name, last_name from users
      where id = ${userId} for key share),
    e as (
      insert into ${q(t.enrollments)} as existing (${q(t.key)}, user_id, role)
      select g.id, u.id, ${role} from g cross join u
      on conflict (${q(t.key)}, user_id) do update set role = existing.role
      returning role, enrolled_at)
    select exists (select 1 from g) as group_found,
      u.id, u.email, u.username, u.first_name, u.last_name, e.role, e.enrolled_at
    from (select 1) as one left join u on true left join e on true`;
  if (!row?.group_found) return { missing: 'group' };
  // No enrollment row: the insert found no user to enroll (a group found means it ran).
  if (!row.role || !row.enrolled_at) return { missing: 'user' };
  return {
    groupId,
    user: toUserSummary(row as UserSummaryRow),
    role: row.role,
    enrolledAt: pgDate(row.enrolled_at),
  };
}

export async function unenroll(
  q: Query,
  kind: GroupKind,
  groupId: number,
  userId: number,
): Promise<void> {
  const t = TABLES[kind];
  await q`delete from ${q(t.enrollments)} where ${q(t.key)} = ${groupId} and user_id = ${userId}`;
}

export interface EnrollableUser {
  id: number;
  role: SchoolRole | null;
  accountType: 'free' | 'standard' | 'enterprise' | 'enterprise_plus';
  /** What they are to the owner: their enterprise teacher, their invited student, or neither. */
  relation: SchoolRole | null;
}

/**
 * An active user the owner may enroll: themselves, an accepted friend, someone already enrolled
 * in one of the owner's courses or subjects, the owner's enterprise teacher, or a student the
 * owner invited (the relationships an applied invitation creates). Anyone else is unknown to them
 * (the caller answers 404, so ids of other organisations' people reveal nothing).
 */
export async function enrollableUser(
  q: Query,
  ownerId: number,
  userId: number,
): Promise<EnrollableUser | null> {
  const [row] = await q<
    {
      id: number;
      role: SchoolRole | null;
      account_type: EnrollableUser['accountType'];
      relation: SchoolRole | null;
    }[]
  >`
    select u.id, u.role, u.account_type, rel.relation from users u
    cross join lateral (select case
      when exists (select 1 from enterprise_teacher_relationships r
        where r.enterprise_owner_id = ${ownerId} and r.teacher_id = u.id) then 'teacher'
      when exists (select 1 from teacher_student_relationships r
        where r.teacher_id = ${ownerId} and r.student_id = u.id) then 'student'
      end as relation) rel
    where u.id = ${userId} and u.is_active and (
      u.id = ${ownerId}
      or rel.relation is not null
      or exists (select 1 from friendships f where f.status = 'accepted'
        and ((f.sender_id = ${ownerId} and f.receiver_id = u.id)
          or (f.receiver_id = ${ownerId} and f.sender_id = u.id)))
      or exists (select 1 from course_enrollments e join courses c on c.id = e.course_id
        where c.owner_id = ${ownerId} and e.user_id = u.id)
      or exists (select 1 from subject_enrollments e join subjects s on s.id = e.subject_id
        where s.owner_id = ${ownerId} and e.user_id = u.id))`;
  return row
    ? { id: row.id, role: row.role, accountType: row.account_type, relation: row.relation }
    : null;
}

// --- People a user may read ---

/**
 * Whether `viewerId` may read the record of `userId` (`GET auth/users/{id}/`), someone else:
 * a student they invited (when `seesStudents`, as for `my_students/`), a teacher of their
 * enterprise (when `seesTeachers`, as for `my_enterprise_teachers/`), or a member of a school,
 * course or subject whose members they may list (they own it, or teach in it: the same as
 * `assertSeesMembers`). Anyone else, and an inactive account, is not readable.
 */
export async function mayReadUser(
  q: Query,
  viewerId: number,
  userId: number,
  grants: { seesStudents: boolean; seesTeachers: boolean },
): Promise<boolean> {
  const [row] = await q<{ ok: boolean }[]>`
    select exists (
      select 1 from users u where u.id = ${userId} and u.is_active and (
        (${grants.seesStudents} and exists (select 1 from teacher_student_relationships r
          where r.teacher_id = ${viewerId} and r.student_id = u.id))
        or (${grants.seesTeachers} and exists (select 1 from enterprise_teacher_relationships r
          where r.enterprise_owner_id = ${viewerId} and r.teacher_id = u.id))
        or exists (
          select 1 from course_enrollments e join courses c on c.id = e.course_id
          where e.user_id = u.id and (c.owner_id = ${viewerId}
            or exists (select 1 from course_enrollments t where t.course_id = c.id
              and t.user_id = ${viewerId} and t.role = 'teacher')))
        or exists (
          select 1 from subject_enrollments e join subjects s on s.id = e.subject_id
          where e.user_id = u.id and (s.owner_id = ${viewerId}
            or exists (select 1 from subject_enrollments t where t.subject_id = s.id
              and t.user_id = ${viewerId} and t.role = 'teacher')))
        or exists (
          select 1 from schools s
          where u.id in (select m.user_id from (${schoolMembership(q, q`s.id`)}) m)
            and (s.owner_id = ${viewerId}
              or ${viewerId} in (select m.user_id from (${schoolMembership(q, q`s.id`)}) m
                where m.role = 'teacher')))
      )) as ok`;
  return row?.ok === true;
}
