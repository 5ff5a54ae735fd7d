/**
 * Decks assigned to courses and subjects (`course_assignments`, `subject_assignments`) and the
 * assigned shares they give their students (`desk_shares.assigned`): every SQL statement on them.
 * A student sees an assigned deck as a read-only share with their own schedule; the share is
 * derived, so `syncAssignedShares` rebuilds it for the users a change touches.
 */
import { pgDate, type Query } from './pg.ts';
import type { GroupKind } from './schools.ts';

const TABLES = {
  course: { table: 'course_assignments', enrollments: 'course_enrollments', key: 'course_id' },
  subject: { table: 'subject_assignments', enrollments: 'subject_enrollments', key: 'subject_id' },
} as const;

const GROUP_TABLES = { course: 'courses', subject: 'subjects' } as const;

/**
 * Locks the group's row for a change of who is in it or what it assigns, until the transaction
 * ends: two such changes of one group run one after the other, so each one's share rebuild sees
 * the other's rows. `FOR NO KEY UPDATE` leaves reads and the foreign-key checks of other tables
 * alone. A group deleted meanwhile locks nothing (the change then finds it missing).
 */
export async function lockGroupForChange(
  q: Query,
  kind: GroupKind,
  groupId: number,
): Promise<void> {
  await q`select id from ${q(GROUP_TABLES[kind])} where id = ${groupId} for no key update`;
}

export interface AssignmentRecord {
  id: number;
  groupId: number;
  deckId: number;
  deckName: string;
  cardsCount: number;
  dueDate: string | null;
  createdAt: Date;
}

interface AssignmentRow {
  id: number;
  group_id: number;
  desk_id: number;
  desk_name: string;
  cards_count: number;
  due_date: string | null;
  created_at: string;
}

const toAssignment = (r: AssignmentRow): AssignmentRecord => ({
  id: r.id,
  groupId: r.group_id,
  deckId: r.desk_id,
  deckName: r.desk_name,
  cardsCount: r.cards_count,
  dueDate: r.due_date,
  createdAt: pgDate(r.created_at),
});

/** The group's assignments (one when `id` is given), the soonest due date first. */
export async function groupAssignments(
  q: Query,
  kind: GroupKind,
  groupId: number,
  id?: number,
): Promise<AssignmentRecord[]> {
  const t = TABLES[kind];
  const rows = await q<AssignmentRow[]>`
    select a.id, a.${q(t.key)} as group_id, a.desk_id, d.name as desk_name, d.cards_count,
      a.due_date::text as due_date, a.created_at
    from ${q(t.table)} a join desks d on d.id = a.desk_id
    where a.${q(t.key)} = ${groupId} ${id === undefined ? q`` : q`and a.id = ${id}`}
    order by a.due_date nulls last, lower(d.name), a.id`;
  return rows.map(toAssignment);
}

/** Assigns a deck to a group; undefined when it is assigned there already. */
export async function insertAssignment(
  q: Query,
  kind: GroupKind,
  a: { groupId: number; deckId: number; dueDate: string | null; createdBy: number },
): Promise<number | undefined> {
  const t = TABLES[kind];
  const [row] = await q<{ id: number }[]>`
    insert into ${q(t.table)} (${q(t.key)}, desk_id, due_date, created_by)
    values (${a.groupId}, ${a.deckId}, ${a.dueDate}, ${a.createdBy})
    on conflict do nothing returning id`;
  return row?.id;
}

export async function setAssignmentDueDate(
  q: Query,
  kind: GroupKind,
  id: number,
  dueDate: string | null,
): Promise<void> {
  await q`update ${q(TABLES[kind].table)} set due_date = ${dueDate} where id = ${id}`;
}

export async function deleteAssignment(q: Query, kind: GroupKind, id: number): Promise<void> {
  await q`delete from ${q(TABLES[kind].table)} where id = ${id}`;
}

/** The students of a course or subject: whose assigned shares a change of it touches. */
export async function groupStudentIds(
  q: Query,
  kind: GroupKind,
  groupId: number,
): Promise<number[]> {
  const t = TABLES[kind];
  const rows = await q<{ user_id: number }[]>`
    select user_id from ${q(t.enrollments)} where ${q(t.key)} = ${groupId} and role = 'student'`;
  return rows.map((r) => r.user_id);
}

/** (student, deck, group, due date) for each assignment reaching these users as students. */
const assignedTo = (q: Query, userIds: readonly number[]) => q`
  select e.user_id, a.desk_id, 'course' as kind, g.id as group_id, g.name as group_name,
    a.due_date
  from course_enrollments e
  join course_assignments a on a.course_id = e.course_id
  join courses g on g.id = e.course_id
  where e.role = 'student' and e.user_id = any(${[...userIds]}::int[])
  union all
  select e.user_id, a.desk_id, 'subject', g.id, g.name, a.due_date
  from subject_enrollments e
  join subject_assignments a on a.subject_id = e.subject_id
  join subjects g on g.id = e.subject_id
  where e.role = 'student' and e.user_id = any(${[...userIds]}::int[])`;

/**
 * Makes the assigned shares of these users what their enrollments and the assignments say: adds
 * the missing ones (with a schedule row for each card, as `addShare` does) and removes those no
 * assignment gives any more. Schedules and review logs stay, so a student who comes back finds
 * their history. Explicit shares (`assigned = false`) and the owner's own decks are left alone.
 */
export async function syncAssignedShares(q: Query, userIds: readonly number[]): Promise<void> {
  if (userIds.length === 0) return;
  await q`
    with wanted as (
      select distinct w.user_id, w.desk_id from (${assignedTo(q, userIds)}) w
      join desks d on d.id = w.desk_id and d.owner_id <> w.user_id
    ), added as (
      insert into desk_shares (desk_id, user_id, assigned)
      select desk_id, user_id, true from wanted
      on conflict do nothing returning desk_id, user_id
    ), schedules as (
      insert into card_schedules (user_id, card_id, desk_id, due)
      select a.user_id, c.id, c.desk_id, c.created_at from added a join cards c on c.desk_id = a.desk_id
      on conflict do nothing
    )
    delete from desk_shares s
    where s.assigned and s.user_id = any(${[...userIds]}::int[])
      and not exists (select 1 from wanted w where w.user_id = s.user_id and w.desk_id = s.desk_id)`;
}

export interface DeckAssignment {
  kind: GroupKind;
  groupId: number;
  groupName: string;
  dueDate: string | null;
}

/** For each of these decks, the groups that assign it to the user as their student. */
export async function deckAssignments(
  q: Query,
  userId: number,
  deckIds: readonly number[],
): Promise<Map<number, DeckAssignment[]>> {
  const out = new Map<number, DeckAssignment[]>();
  if (deckIds.length === 0) return out;
  const rows = await q<
    {
      desk_id: number;
      kind: GroupKind;
      group_id: number;
      group_name: string;
      due_date: string | null;
    }[]
  >`
    select w.desk_id, w.kind, w.group_id, w.group_name, w.due_date::text as due_date
    from (${assignedTo(q, [userId])}) w
    where w.desk_id = any(${[...deckIds]}::int[])
    order by w.due_date nulls last, lower(w.group_name), w.group_id`;
  for (const r of rows) {
    const list = out.get(r.desk_id) ?? [];
    list.push({ kind: r.kind, groupId: r.group_id, groupName: r.group_name, dueDate: r.due_date });
    out.set(r.desk_id, list);
  }
  return out;
}

/**
 * The soonest exam day, on or after `today`, of the groups assigning this deck to the user: the
 * exam the deck's intervals aim at when the learner set none of their own.
 */
export const assignedExamDate = (q: Query, userId: number, deckId: number, today: string) => q`
  select min(w.due_date)::text from (${assignedTo(q, [userId])}) w
  where w.desk_id = ${deckId} and w.due_date >= ${today}::date`;
