/** What the friends route tests share: request helpers bound to the test file's backend. */
import { expect } from 'vitest';
import type { TestBackend } from './harness.ts';

export const FR = '/be/api/friends/friendships';

export type Person = Awaited<ReturnType<TestBackend['signUp']>>;

export function helpers(backend: () => TestBackend) {
  const t = () => backend();
  return {
    send(from: Person, body: Record<string, unknown>) {
      return t().request('POST', `${FR}/`, { token: from.access, body });
    },
    act(who: Person, id: number, action: 'accept' | 'reject' | 'cancel' | 'remove') {
      return t().request('POST', `${FR}/${id}/${action}/`, { token: who.access });
    },
    get(who: Person, path: string) {
      return t().request('GET', path, { token: who.access });
    },
    /** A pending request from `from` to `to`; returns its id. */
    async request(from: Person, to: Person): Promise<number> {
      const res = await t().request('POST', `${FR}/`, {
        token: from.access,
        body: { username: to.user.username },
      });
      expect(res.status).toBe(201);
      return res.body.id;
    },
    /** Two people made friends; returns the friendship id. */
    async befriend(a: Person, b: Person): Promise<number> {
      const res = await t().request('POST', `${FR}/`, {
        token: a.access,
        body: { username: b.user.username },
      });
      expect(res.status).toBe(201);
      const accepted = await t().request('POST', `${FR}/${res.body.id}/accept/`, {
        token: b.access,
      });
      expect(accepted.status).toBe(200);
      return res.body.id;
    },
    /** The newest notification of `who` (kind and payload). */
    async lastNotification(who: Person) {
      const res = await t().request('GET', '/be/api/notifications/?page_size=1', {
        token: who.access,
      });
      return res.body.results[0] as
        | { kind: string; payload: Record<string, unknown>; actor_username: string | null }
        | undefined;
    },
  };
}
