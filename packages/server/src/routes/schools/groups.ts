/**
 * Courses and subjects: the same operations on two kinds of group (CRUD, their teachers and
 * students, enroll and unenroll from either side). The helpers take the kind; the handlers below
 * bind each contract operation to one of them.
 */
import type { Context } from 'hono';
import type { Handlers, Schemas } from '../../contract/types.ts';
import {
  type EnrollmentRecord,
  enrollableUser,
  type GroupKind,
  groupMembers,
  insertGroups,
  updateGroup,
  visibleGroups,
} from '../../db/queries/schools.ts';
import { enrollmentRole, SCHOOL_MESSAGES, type SchoolRole } from '../../domain/schools/schools.ts';
import type { AppEnv } from '../../http/context.ts';
import { currentUser } from '../../http/current-user.ts';
import { notFound, validationError } from '../../http/errors.ts';
import {
  deleteGroupWithShares,
  enrollInGroup,
  unenrollFromGroup,
} from '../../services/assignments/group-changes.ts';
import { assertManager, assertSeesMembers, groupFor, ownGroup, ownSchool } from './access.ts';
import { MESSAGES } from './messages.ts';
import { toCourseEnrollment, toGroup, toSubjectEnrollment, toUserSummary } from './responses.ts';

type C = Context<AppEnv>;
type GroupInput = Schemas['CourseUpdate'];

const NOT_FOUND = { course: MESSAGES.courseNotFound, subject: MESSAGES.subjectNotFound } as const;

function groupName(value: string): string {
  const name = value.trim();
  if (!name) throw validationError({ name: [SCHOOL_MESSAGES.blank] });
  return name;
}

/** A school id of a create or update: the caller's own school, or none. */
async function schoolOf(c: C, schoolId: number | null | undefined): Promise<number | null> {
  if (schoolId === undefined || schoolId === null) return null;
  return (await ownSchool(c.get('deps').sql, currentUser(c), schoolId)).id;
}

async function list(c: C, kind: GroupKind, search: string | undefined) {
  const { sql } = c.get('deps');
  const groups = await visibleGroups(sql, kind, currentUser(c).id, {
    search: search?.trim() || undefined,
  });
  return c.json(groups.map(toGroup), 200);
}

async function create(c: C, kind: GroupKind, body: Schemas['CourseCreate']) {
  const { sql } = c.get('deps');
  const user = currentUser(c);
  assertManager(user);
  const name = groupName(body.name);
  const schoolId = await schoolOf(c, body.school_id);
  const [id] = await insertGroups(sql, kind, user.id, schoolId, [
    { name, description: (body.description ?? '').trim() },
  ]);
  return c.json(toGroup(await groupFor(sql, kind, user, id as number)), 201);
}

async function update(c: C, kind: GroupKind, id: number, body: GroupInput) {
  const { sql } = c.get('deps');
  const user = currentUser(c);
  const group = await ownGroup(sql, kind, user, id);
  await updateGroup(sql, kind, group.id, {
    name: body.name === undefined ? undefined : groupName(body.name),
    description: body.description?.trim(),
    schoolId: body.school_id === undefined ? undefined : await schoolOf(c, body.school_id),
  });
  return c.json(toGroup(await groupFor(sql, kind, user, group.id)), 200);
}

async function remove(c: C, kind: GroupKind, id: number) {
  const { sql } = c.get('deps');
  const group = await ownGroup(sql, kind, currentUser(c), id);
  // Its students lose the decks it assigned them (unless something else gives them).
  await deleteGroupWithShares(sql, kind, group.id);
  return c.body(null, 204);
}

async function members(c: C, kind: GroupKind, id: number, role: SchoolRole) {
  const { sql } = c.get('deps');
  const group = await groupFor(sql, kind, currentUser(c), id);
  assertSeesMembers(
    { isOwner: group.isOwner, isTeacher: group.myRole === 'teacher' },
    NOT_FOUND[kind],
  );
  return c.json((await groupMembers(sql, kind, group.id, role)).map(toUserSummary), 200);
}

/** Enrolls a user the owner knows (404 for anyone else) with their school role. */
async function add(c: C, kind: GroupKind, groupId: number, userId: number) {
  const { sql } = c.get('deps');
  const user = currentUser(c);
  const group = await ownGroup(sql, kind, user, groupId);
  const target = await enrollableUser(sql, user.id, userId);
  if (!target) throw notFound(MESSAGES.userNotFound);
  // A student enrolled now gets the decks the group assigns, in the same transaction.
  const enrolled = await enrollInGroup(sql, kind, group.id, target.id, enrollmentRole(target));
  // Deleted while this call ran (the group by its owner elsewhere, the user's account).
  if ('missing' in enrolled) {
    throw notFound(enrolled.missing === 'group' ? NOT_FOUND[kind] : MESSAGES.userNotFound);
  }
  return enrolled;
}

async function drop(c: C, kind: GroupKind, groupId: number, userId: number) {
  const { sql } = c.get('deps');
  const group = await ownGroup(sql, kind, currentUser(c), groupId);
  await unenrollFromGroup(sql, kind, group.id, userId);
  return c.body(null, 204);
}

const course = (c: C, e: Promise<EnrollmentRecord>) =>
  e.then((r) => c.json(toCourseEnrollment(r), 200));
const subject = (c: C, e: Promise<EnrollmentRecord>) =>
  e.then((r) => c.json(toSubjectEnrollment(r), 200));

export const handlers: Handlers = {
  listCourses: (c, { query }) => list(c, 'course', query.search),
  createCourse: (c, { body }) => create(c, 'course', body),
  updateCourse: (c, { params, body }) => update(c, 'course', params.id, body),
  deleteCourse: (c, { params }) => remove(c, 'course', params.id),
  listCourseStudents: (c, { params }) => members(c, 'course', params.id, 'student'),
  listCourseTeachers: (c, { params }) => members(c, 'course', params.id, 'teacher'),
  enrollInCourse: (c, { params, body }) => course(c, add(c, 'course', params.id, body.user_id)),
  unenrollFromCourse: (c, { params, body }) => drop(c, 'course', params.id, body.user_id),
  assignCourseToUser: (c, { params, body }) =>
    course(c, add(c, 'course', body.course_id, params.id)),
  removeCourseFromUser: (c, { params, body }) => drop(c, 'course', body.course_id, params.id),

  listSubjects: (c, { query }) => list(c, 'subject', query.search),
  createSubject: (c, { body }) => create(c, 'subject', body),
  updateSubject: (c, { params, body }) => update(c, 'subject', params.id, body),
  deleteSubject: (c, { params }) => remove(c, 'subject', params.id),
  listSubjectStudents: (c, { params }) => members(c, 'subject', params.id, 'student'),
  listSubjectTeachers: (c, { params }) => members(c, 'subject', params.id, 'teacher'),
  enrollInSubject: (c, { params, body }) => subject(c, add(c, 'subject', params.id, body.user_id)),
  unenrollFromSubject: (c, { params, body }) => drop(c, 'subject', params.id, body.user_id),
  assignSubjectToUser: (c, { params, body }) =>
    subject(c, add(c, 'subject', body.subject_id, params.id)),
  removeSubjectFromUser: (c, { params, body }) => drop(c, 'subject', body.subject_id, params.id),
};
