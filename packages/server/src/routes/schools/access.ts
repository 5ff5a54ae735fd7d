/**
 * Who may do what with schools, courses and subjects. Each belongs to its owner's organisation:
 * the owner reads and changes it; users enrolled in a course or subject (and so in its school)
 * read it, and its teachers also read who is in it; anyone else gets 404, so ids of other
 * organisations reveal nothing. Changing anything needs an Enterprise account (403 otherwise),
 * and being the owner (403 for a member who sees it).
 */

import type { Query } from '../../db/queries/pg.ts';
import {
  type GroupAccess,
  type GroupKind,
  type SchoolAccess,
  visibleGroups,
  visibleSchools,
} from '../../db/queries/schools.ts';
import type { UserRow } from '../../db/queries/users.ts';
import { managesSchools } from '../../domain/schools/schools.ts';
import { forbidden, notFound } from '../../http/errors.ts';
import { MESSAGES } from './messages.ts';

const NOT_FOUND = { course: MESSAGES.courseNotFound, subject: MESSAGES.subjectNotFound } as const;
const OWNER_ONLY = {
  course: MESSAGES.courseOwnerOnly,
  subject: MESSAGES.subjectOwnerOnly,
} as const;

export function assertManager(user: UserRow): void {
  if (!managesSchools(user.accountType)) {
    throw forbidden(MESSAGES.enterpriseOnly);
  }
}

/** The school if the user sees it, else 404. */
export async function schoolFor(
  q: Query,
  user: UserRow,
  id: number,
  lock = false,
): Promise<SchoolAccess> {
  const [school] = await visibleSchools(q, user.id, { id, lock });
  if (!school) throw notFound(MESSAGES.schoolNotFound);
  return school;
}

/** The user's own school, for a change: 403 without Enterprise, 404 unseen, 403 not owner. */
export async function ownSchool(
  q: Query,
  user: UserRow,
  id: number,
  lock = false,
): Promise<SchoolAccess> {
  assertManager(user);
  const school = await schoolFor(q, user, id, lock);
  if (!school.isOwner) throw forbidden(MESSAGES.schoolOwnerOnly);
  return school;
}

/** The course or subject if the user sees it, else 404. */
export async function groupFor(
  q: Query,
  kind: GroupKind,
  user: UserRow,
  id: number,
): Promise<GroupAccess> {
  const [group] = await visibleGroups(q, kind, user.id, { id });
  if (!group) throw notFound(NOT_FOUND[kind]);
  return group;
}

/** The user's own course or subject, for a change (the same answers as `ownSchool`). */
export async function ownGroup(
  q: Query,
  kind: GroupKind,
  user: UserRow,
  id: number,
): Promise<GroupAccess> {
  assertManager(user);
  const group = await groupFor(q, kind, user, id);
  if (!group.isOwner) throw forbidden(OWNER_ONLY[kind]);
  return group;
}

/** Who is in a school, course or subject is for its owner and teachers; students get 404. */
export function assertSeesMembers(
  target: { isOwner: boolean; isTeacher: boolean },
  message: string,
): void {
  if (!target.isOwner && !target.isTeacher) throw notFound(message);
}
