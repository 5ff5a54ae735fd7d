/** What the school route tests share: users of each plan and quick fixtures. */
import { expect } from 'vitest';
import type { TestBackend } from './harness.ts';

export const A = '/be/api/auth';

export type Person = Awaited<ReturnType<TestBackend['signUp']>>;
type Plan = 'free' | 'standard' | 'enterprise' | 'enterprise_plus';

export function helpers(backend: () => TestBackend) {
  const t = backend;
  return {
    /** A signed-up user of `plan` (set in the database: no API lets users upgrade themselves). */
    async person(plan: Plan = 'enterprise'): Promise<Person> {
      const who = await t().signUp();
      await t().database.sql`update users set account_type = ${plan} where id = ${who.user.id}`;
      return who;
    },
    async makeSchool(who: Person, body: Record<string, unknown> = {}) {
      const res = await t().request('POST', `${A}/schools/`, {
        token: who.access,
        body: { name: 'Colegio Sur', ...body },
      });
      expect(res.status).toBe(201);
      return res.body;
    },
    async makeGroup(who: Person, kind: 'courses' | 'subjects', body: Record<string, unknown> = {}) {
      const res = await t().request('POST', `${A}/${kind}/`, {
        token: who.access,
        body: { name: kind === 'courses' ? 'First year' : 'History', ...body },
      });
      expect(res.status).toBe(201);
      return res.body;
    },
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
    /** Makes the two accepted friends, so that either may enroll the other. */
    async befriend(a: Person, b: Person) {
      await t().database.sql`
        insert into friendships (sender_id, receiver_id, status)
        values (${a.user.id}, ${b.user.id}, 'accepted')`;
    },
  };
}
