/**
 * Changes of a course or subject that move assigned shares (docs/features/assignments.md): an
 * enrolment, an unenrolment, an assignment made or removed, the group deleted. Each runs in one
 * transaction with the rebuild of the shares it touches (`syncAssignedShares`), after locking the
 * group's row (`lockGroupForChange`): an enrolment and an assignment of one group made at the same
 * instant used to miss each other, each rebuilding shares before the other had committed.
 */
import type { Sql } from '../../db/client.ts';
import {
  deleteAssignment,
  groupStudentIds,
  insertAssignment,
  lockGroupForChange,
  syncAssignedShares,
} from '../../db/queries/assignments.ts';
import {
  deleteGroup,
  type EnrollmentRecord,
  enroll,
  type GroupKind,
  unenroll,
} from '../../db/queries/schools.ts';
import { inTransaction, type Tx } from '../../db/transaction.ts';
import type { SchoolRole } from '../../domain/schools/schools.ts';

function changingGroup<T>(
  sql: Sql,
  kind: GroupKind,
  groupId: number,
  change: (tx: Tx) => Promise<T>,
): Promise<T> {
  return inTransaction(sql, async (tx) => {
    await lockGroupForChange(tx, kind, groupId);
    return change(tx);
  });
}

/** Enrolls the user; a student gets the decks the group assigns. */
export function enrollInGroup(
  sql: Sql,
  kind: GroupKind,
  groupId: number,
  userId: number,
  role: SchoolRole,
): Promise<EnrollmentRecord | { missing: 'group' | 'user' }> {
  return changingGroup(sql, kind, groupId, async (tx) => {
    const enrolled = await enroll(tx, kind, groupId, userId, role);
    if (!('missing' in enrolled)) await syncAssignedShares(tx, [userId]);
    return enrolled;
  });
}

/** Unenrolls the user, who loses the decks only this group gave them (their history stays). */
export function unenrollFromGroup(
  sql: Sql,
  kind: GroupKind,
  groupId: number,
  userId: number,
): Promise<void> {
  return changingGroup(sql, kind, groupId, async (tx) => {
    await unenroll(tx, kind, groupId, userId);
    await syncAssignedShares(tx, [userId]);
  });
}

/** Deletes the group; its students lose the decks it assigned them (unless something else gives them). */
export function deleteGroupWithShares(sql: Sql, kind: GroupKind, groupId: number): Promise<void> {
  return changingGroup(sql, kind, groupId, async (tx) => {
    const students = await groupStudentIds(tx, kind, groupId);
    await deleteGroup(tx, kind, groupId);
    await syncAssignedShares(tx, students);
  });
}

/** Assigns the deck and gives it to the group's students; undefined when already assigned. */
export function assignDeck(
  sql: Sql,
  kind: GroupKind,
  a: { groupId: number; deckId: number; dueDate: string | null; createdBy: number },
): Promise<number | undefined> {
  return changingGroup(sql, kind, a.groupId, async (tx) => {
    const inserted = await insertAssignment(tx, kind, a);
    if (inserted !== undefined) {
      await syncAssignedShares(tx, await groupStudentIds(tx, kind, a.groupId));
    }
    return inserted;
  });
}

/** Removes the assignment and the shares only it gave. */
export function unassignDeck(
  sql: Sql,
  kind: GroupKind,
  groupId: number,
  assignmentId: number,
): Promise<void> {
  return changingGroup(sql, kind, groupId, async (tx) => {
    await deleteAssignment(tx, kind, assignmentId);
    await syncAssignedShares(tx, await groupStudentIds(tx, kind, groupId));
  });
}
