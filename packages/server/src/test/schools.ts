/** What the school route tests share: users of each plan and quick fixtures. */
import { expect } from 'vitest';
import type { TestBackend } from './harness.ts';
import { helpers as spaceRepetitionHelpers } from './space-repetition.ts';

export const A = '/be/api/auth';

export type Person = Awaited<ReturnType<TestBackend['signUp']>>;
type Plan = 'free' | 'standard' | 'enterprise' | 'enterprise_plus';
/** The people of a group's authorization matrix (see `assignedGroup`). */
export type GroupWho =
  | 'owner'
  | 'teacher'
  | 'otherTeacher'
  | 'student'
  | 'idleStudent'
  | 'otherStudent';

export function helpers(backend: () => TestBackend) {
  const t = backend;
  const { deckOf } = spaceRepetitionHelpers(backend);
  /** A signed-up user of `plan` (set in the database: no API lets users upgrade themselves). */
  async function person(plan: Plan = 'enterprise'): Promise<Person> {
    const who = await t().signUp();
    await t().database.sql`update users set account_type = ${plan} where id = ${who.user.id}`;
    return who;
  }
  async function makeSchool(who: Person, body: Record<string, unknown> = {}) {
    const res = await t().request('POST', `${A}/schools/`, {
      token: who.access,
      body: { name: 'Colegio Sur', ...body },
    });
    expect(res.status).toBe(201);
    return res.body;
  }
  async function makeGroup(
    who: Person,
    kind: 'courses' | 'subjects',
    body: Record<string, unknown> = {},
  ) {
    const res = await t().request('POST', `${A}/${kind}/`, {
      token: who.access,
      body: { name: kind === 'courses' ? 'First year' : 'History', ...body },
    });
    expect(res.status).toBe(201);
    return res.body;
  }
  /** Makes the two accepted friends, so that either may enroll the other. */
  async function befriend(a: Person, b: Person) {
    await t().database.sql`
      insert into friendships (sender_id, receiver_id, status)
      values (${a.user.id}, ${b.user.id}, 'accepted')`;
  }
  return {
    person,
    makeSchool,
    makeGroup,
    /**
     * `invitee` applies an invitation of `inviter` through the API: an enterprise invitation
     * (Enterprise+ owner, the invitee becomes their enterprise teacher) or a teacher one (the
     * invitee becomes their student).
     */
    async invited(inviter: Person, kind: 'enterprise' | 'teacher', invitee: Person) {
      const list = kind === 'enterprise' ? 'enterprise-invitations' : 'teacher-invitations';
      const made = await t().request('POST', `${A}/${list}/`, { token: inviter.access, body: {} });
      expect(made.status, JSON.stringify(made.body)).toBe(201);
      const apply =
        kind === 'enterprise'
          ? `${A}/enterprise-invitation/${made.body.code}/apply/`
          : `${A}/invitation/${made.body.code}/apply/`;
      const applied = await t().request('POST', apply, { token: invitee.access });
      expect(applied.status, JSON.stringify(applied.body)).toBe(200);
    },
    befriend,
    /**
     * A school's course or subject with the people its authorization matrix reads: the school's
     * owner, a teacher and two students enrolled, a teacher of another school, and a friend of the
     * owner who is not enrolled. The teacher assigns a deck of `cards` cards (with `due_date`
     * when given).
     */
    async assignedGroup(
      kind: 'courses' | 'subjects',
      assignment: { cards: number; due_date?: string },
    ): Promise<{ people: Record<GroupWho, Person>; group: { id: number }; cardIds: number[] }> {
      const people = {} as Record<GroupWho, Person>;
      people.owner = await person('enterprise');
      people.teacher = await person('enterprise');
      people.otherTeacher = await person('enterprise');
      people.student = await person('standard');
      people.idleStudent = await person('standard');
      people.otherStudent = await person('standard');
      const school = await makeSchool(people.owner);
      await makeSchool(people.otherTeacher, { name: 'Other school' });
      const group = await makeGroup(people.owner, kind, { school_id: school.id });
      await befriend(people.owner, people.otherStudent);
      for (const who of [people.teacher, people.student, people.idleStudent]) {
        await befriend(people.owner, who);
        const res = await t().request('POST', `${A}/${kind}/${group.id}/enroll/`, {
          token: people.owner.access,
          body: { user_id: who.user.id },
        });
        expect(res.status).toBe(200);
      }
      const made = await deckOf(people.teacher, assignment.cards);
      const assigned = await t().request('POST', `${A}/${kind}/${group.id}/assignments/`, {
        token: people.teacher.access,
        body: {
          desk_id: made.deck.id,
          ...(assignment.due_date ? { due_date: assignment.due_date } : {}),
        },
      });
      expect(assigned.status).toBe(201);
      return { people, group, cardIds: made.ids };
    },
  };
}
