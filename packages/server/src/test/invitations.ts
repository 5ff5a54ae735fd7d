/** What the invitation tests share: people on a given plan and request helpers. */
import { eq } from 'drizzle-orm';
import { expect } from 'vitest';
import { users } from '../db/schema.ts';
import type { AccountType } from '../domain/subscriptions/entitlements.ts';
import type { TestBackend } from './harness.ts';

export const A = '/be/api/auth';
export type Person = Awaited<ReturnType<TestBackend['signUp']>>;
export type Kind = 'enterprise' | 'teacher';

/** The list path of each kind, and its apply and register paths for a code. */
export const PATHS = {
  enterprise: {
    list: `${A}/enterprise-invitations/`,
    apply: (code: string) => `${A}/enterprise-invitation/${code}/apply/`,
    register: (code: string) => `${A}/enterprise-invitation/${code}/`,
  },
  teacher: {
    list: `${A}/teacher-invitations/`,
    apply: (code: string) => `${A}/invitation/${code}/apply/`,
    register: (code: string) => `${A}/invitation/${code}/`,
  },
} as const;

export function helpers(backend: () => TestBackend) {
  const t = () => backend();
  const h = {
    /** A new user whose stored plan is `plan` (tests only: no route sets Enterprise+). */
    async person(plan: AccountType = 'free'): Promise<Person> {
      const p = await t().signUp();
      if (plan !== 'free') {
        await t().deps.db.update(users).set({ accountType: plan }).where(eq(users.id, p.user.id));
      }
      return p;
    },
    get(who: Person | null, path: string) {
      return t().request('GET', path, who ? { token: who.access } : {});
    },
    post(who: Person | null, path: string, body?: unknown) {
      return t().request('POST', path, { ...(who ? { token: who.access } : {}), body });
    },
    del(who: Person | null, path: string) {
      return t().request('DELETE', path, who ? { token: who.access } : {});
    },
    /** A new invitation of `kind` by `who`; returns its body. */
    async invite(who: Person, kind: Kind, body: Record<string, unknown> = {}) {
      const res = await t().request('POST', PATHS[kind].list, { token: who.access, body });
      expect(res.status, JSON.stringify(res.body)).toBe(201);
      return res.body as { id: number; code: string; status: string; expires_at: string };
    },
    async plan(who: Person): Promise<string> {
      const res = await t().request('GET', `${A}/users/account_info/`, { token: who.access });
      expect(res.status, JSON.stringify(res.body)).toBe(200);
      return res.body.account_type;
    },
    async lastNotification(who: Person) {
      const res = await t().request('GET', '/be/api/notifications/?page_size=1', {
        token: who.access,
      });
      return res.body.results[0] as
        | { kind: string; payload: Record<string, unknown>; actor_username: string | null }
        | undefined;
    },
  };
  return h;
}
