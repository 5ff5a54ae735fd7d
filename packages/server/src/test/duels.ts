/** What the duels route tests share: players on the Standard plan, friendships, duels, time. */
import { eq } from 'drizzle-orm';
import { expect } from 'vitest';
import { users } from '../db/schema.ts';
import type { TestBackend } from './harness.ts';

export const D = '/be/api/duels';
const SR = '/be/api/space-repetition';

export type Player = Awaited<ReturnType<TestBackend['signUp']>>;

export function helpers(backend: () => TestBackend) {
  const t = () => backend();
  const call = (who: Player, method: string, path: string, body?: unknown) =>
    t().request(method, path, { token: who.access, body });

  const h = {
    call,
    get: (who: Player, path: string) => call(who, 'GET', path),
    post: (who: Player, path: string, body?: unknown) => call(who, 'POST', path, body),

    /** A signed-in user; Standard (with duels) unless `free`. */
    async player(plan: 'standard' | 'free' = 'standard'): Promise<Player> {
      const who = await t().signUp();
      if (plan === 'standard') {
        await t()
          .database.db.update(users)
          .set({ accountType: 'standard' })
          .where(eq(users.id, who.user.id));
      }
      return who;
    },

    async befriend(a: Player, b: Player): Promise<void> {
      const sent = await call(a, 'POST', '/be/api/friends/friendships/', {
        username: b.user.username,
      });
      expect(sent.status).toBe(201);
      const accepted = await call(b, 'POST', `/be/api/friends/friendships/${sent.body.id}/accept/`);
      expect(accepted.status).toBe(200);
    },

    /** Two Standard friends. */
    async pair(): Promise<[Player, Player]> {
      const [a, b] = await Promise.all([h.player(), h.player()]);
      await h.befriend(a, b);
      return [a, b];
    },

    /** A deck of `who` with the given cards (front → back); returns its id. */
    async deck(who: Player, cards: [string, string][]): Promise<number> {
      const deck = await call(who, 'POST', `${SR}/desks/`, { name: 'Capitals' });
      expect(deck.status).toBe(201);
      for (const [front, back] of cards) {
        const card = await call(who, 'POST', `${SR}/cards/`, {
          desk_id: deck.body.id,
          front,
          back,
        });
        expect(card.status).toBe(201);
      }
      return deck.body.id;
    },

    /** The receiver's pending request for `duelId`; returns its id. */
    async requestFor(receiver: Player, duelId: number): Promise<number> {
      const pending = await call(receiver, 'GET', `${D}/requests/pending/`);
      const request = pending.body.find((r: { duel_id: number }) => r.duel_id === duelId);
      expect(request).toBeDefined();
      return request.id;
    },

    async accept(receiver: Player, duelId: number) {
      const id = await h.requestFor(receiver, duelId);
      const res = await call(receiver, 'POST', `${D}/duel-requests/${id}/respond/`, {
        action: 'accept',
      });
      expect(res.status).toBe(200);
      return res.body;
    },

    /**
     * Moves a duel `seconds` into the past: its acceptance and every clock of its players, as if
     * that much time went by (the server reads real time).
     */
    async age(duelId: number, seconds: number): Promise<void> {
      const sql = t().deps.sql;
      const shift = `${seconds} seconds`;
      await sql`
        update duels set accepted_at = accepted_at - ${shift}::interval where id = ${duelId}`;
      await sql`
        update duel_players set
          phase_started_at = phase_started_at - ${shift}::interval,
          question_started_at = question_started_at - ${shift}::interval,
          finished_at = finished_at - ${shift}::interval
        where duel_id = ${duelId}`;
    },

    /** The newest notification of `who`. */
    async lastNotification(who: Player) {
      const res = await call(who, 'GET', '/be/api/notifications/?page_size=1');
      return res.body.results[0] as { kind: string; payload: Record<string, unknown> } | undefined;
    },
  };
  return h;
}
