/**
 * Decks assigned to courses and subjects (docs/features/assignments.md). Everyone in the group
 * reads its assignments; its owner and teachers change them, with decks of their own. Each change
 * rebuilds the assigned shares of the group's students in its transaction
 * (`services/assignments/group-changes.ts`).
 */
import type { Context } from 'hono';
import type { Handlers, Schemas } from '../../contract/types.ts';
import {
  type AssignmentRecord,
  groupAssignments,
  setAssignmentDueDate,
} from '../../db/queries/assignments.ts';
import type { GroupKind } from '../../db/queries/schools.ts';
import type { UserRow } from '../../db/queries/users.ts';
import { learnerDay } from '../../domain/review/scheduling.ts';
import type { AppEnv } from '../../http/context.ts';
import { currentUser } from '../../http/current-user.ts';
import { ApiError, forbidden, notFound, validationError } from '../../http/errors.ts';
import { assignDeck, unassignDeck } from '../../services/assignments/group-changes.ts';
import { assertOwner, deckFor } from '../../services/decks/access.ts';
import { groupFor } from './access.ts';
import { MESSAGES } from './messages.ts';

type C = Context<AppEnv>;

const toAssignment = (a: AssignmentRecord): Schemas['Assignment'] => ({
  id: a.id,
  desk_id: a.deckId,
  desk_name: a.deckName,
  cards_count: a.cardsCount,
  due_date: a.dueDate,
  created_at: a.createdAt.toISOString(),
});

/** The group, for a change of its assignments: 404 unseen, 403 for a student. */
async function taughtGroup(c: C, kind: GroupKind, id: number) {
  const group = await groupFor(c.get('deps').sql, kind, currentUser(c), id);
  if (!group.isOwner && group.myRole !== 'teacher') throw forbidden(MESSAGES.teachersOnly);
  return group;
}

/** A due date on or after the caller's today, as the exam date of a deck is. */
function dueDate(user: UserRow, value: string | null | undefined): string | null {
  if (value === undefined || value === null) return null;
  if (value < learnerDay(new Date(), user.timezone).day) {
    throw validationError({ due_date: [MESSAGES.examInPast] });
  }
  return value;
}

async function one(c: C, kind: GroupKind, groupId: number, id: number) {
  const [found] = await groupAssignments(c.get('deps').sql, kind, groupId, id);
  if (!found) throw notFound(MESSAGES.assignmentNotFound);
  return found;
}

async function list(c: C, kind: GroupKind, id: number) {
  const { sql } = c.get('deps');
  const group = await groupFor(sql, kind, currentUser(c), id);
  return c.json((await groupAssignments(sql, kind, group.id)).map(toAssignment), 200);
}

async function create(c: C, kind: GroupKind, id: number, body: Schemas['AssignmentCreate']) {
  const { sql } = c.get('deps');
  const user = currentUser(c);
  const group = await taughtGroup(c, kind, id);
  const deck = await deckFor(sql, user.id, body.desk_id);
  assertOwner(deck);
  const inserted = await assignDeck(sql, kind, {
    groupId: group.id,
    deckId: deck.id,
    dueDate: dueDate(user, body.due_date),
    createdBy: user.id,
  });
  if (inserted === undefined) throw new ApiError(409, 'conflict', MESSAGES.alreadyAssigned);
  return c.json(toAssignment(await one(c, kind, group.id, inserted)), 201);
}

async function update(
  c: C,
  kind: GroupKind,
  id: number,
  assignmentId: number,
  body: Schemas['AssignmentUpdate'],
) {
  const group = await taughtGroup(c, kind, id);
  const found = await one(c, kind, group.id, assignmentId);
  const date = dueDate(currentUser(c), body.due_date);
  await setAssignmentDueDate(c.get('deps').sql, kind, found.id, date);
  return c.json(toAssignment({ ...found, dueDate: date }), 200);
}

async function remove(c: C, kind: GroupKind, id: number, assignmentId: number) {
  const group = await taughtGroup(c, kind, id);
  const found = await one(c, kind, group.id, assignmentId);
  await unassignDeck(c.get('deps').sql, kind, group.id, found.id);
  return c.body(null, 204);
}

export const handlers: Handlers = {
  listCourseAssignments: (c, { params }) => list(c, 'course', params.id),
  createCourseAssignment: (c, { params, body }) => create(c, 'course', params.id, body),
  updateCourseAssignment: (c, { params, body }) =>
    update(c, 'course', params.id, params.assignment_id, body),
  deleteCourseAssignment: (c, { params }) => remove(c, 'course', params.id, params.assignment_id),
  listSubjectAssignments: (c, { params }) => list(c, 'subject', params.id),
  createSubjectAssignment: (c, { params, body }) => create(c, 'subject', params.id, body),
  updateSubjectAssignment: (c, { params, body }) =>
    update(c, 'subject', params.id, params.assignment_id, body),
  deleteSubjectAssignment: (c, { params }) => remove(c, 'subject', params.id, params.assignment_id),
};
