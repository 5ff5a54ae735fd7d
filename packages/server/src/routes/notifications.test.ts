import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { notify } from '../notifications/index.ts';
import { createTestBackend, type TestBackend } from '../test/harness.ts';

let t: TestBackend;
let ana: Awaited<ReturnType<TestBackend['signUp']>>;
let bo: Awaited<ReturnType<TestBackend['signUp']>>;

/** Writes `n` desk-share notifications for `userId` through `notify`, oldest first. */
async function notifyMany(userId: number, n: number, from = 'someone'): Promise<number[]> {
  const ids: number[] = [];
  for (let i = 1; i <= n; i++) {
    ids.push(
      await t.deps.sql.begin((tx) =>
        notify(tx, userId, 'desk_shared', {
          desk_id: i,
          desk_name: `Desk ${i}`,
          from_username: from,
          allow_editing: false,
        }),
      ),
    );
  }
  return ids;
}

const list = (token: string, query = '') =>
  t.request('GET', `/be/api/notifications/${query}`, { token });

beforeAll(async () => {
  t = await createTestBackend();
  ana = await t.signUp();
  bo = await t.signUp();
});

afterAll(async () => {
  await t.close();
});

describe('notifications', () => {
  it('lists the caller’s own, newest first, paginated, with the unseen count', async () => {
    const ids = await notifyMany(ana.user.id, 3);
    await notifyMany(bo.user.id, 1);
    const first = await list(ana.access, '?page_size=2');
    expect(first.status).toBe(200);
    expect(first.body.count).toBe(3);
    expect(first.body.unseen_count).toBe(3);
    expect(first.body.results.map((n: { id: number }) => n.id)).toEqual([ids[2], ids[1]]);
    expect(first.body.next).toBe('/be/api/notifications/?page_size=2&page=2');
    expect(first.body.previous).toBeNull();
    const second = await list(ana.access, '?page_size=2&page=2');
    expect(second.body.results.map((n: { id: number }) => n.id)).toEqual([ids[0]]);
    expect(second.body.next).toBeNull();
    expect(second.body.results[0]).toMatchObject({
      kind: 'desk_shared',
      payload: { desk_name: 'Desk 1' },
      actor_username: null,
      seen_at: null,
    });
  });

  it('names the actor of a deck share', async () => {
    const deck = await t.request('POST', '/be/api/space-repetition/desks/', {
      token: bo.access,
      body: { name: 'Spanish verbs' },
    });
    await t.request('POST', `/be/api/space-repetition/desks/${deck.body.id}/share_multiple/`, {
      token: bo.access,
      body: { emails: [ana.user.email] },
    });
    const { body } = await list(ana.access);
    expect(body.results[0]).toMatchObject({
      kind: 'desk_shared',
      actor_username: bo.user.username,
      payload: { desk_name: 'Spanish verbs', from_username: bo.user.username },
    });
  });

  it('marks seen up to an id, then all', async () => {
    const before = await list(ana.access);
    const ids = before.body.results.map((n: { id: number }) => n.id) as number[];
    const upTo = ids[1] as number; // the second newest and everything older
    const marked = await t.request('POST', '/be/api/notifications/mark_seen/', {
      token: ana.access,
      body: { up_to_id: upTo },
    });
    expect(marked.status).toBe(200);
    expect(marked.body).toEqual({ marked: ids.length - 1, unseen_count: 1 });
    const after = await list(ana.access);
    expect(after.body.unseen_count).toBe(1);
    expect(after.body.results[0].seen_at).toBeNull();
    expect(Date.parse(after.body.results[1].seen_at)).toBeGreaterThan(0);

    const all = await t.request('POST', '/be/api/notifications/mark_seen/', { token: ana.access });
    expect(all.body).toEqual({ marked: 1, unseen_count: 0 });
    // Bo's stay unseen.
    expect((await list(bo.access)).body.unseen_count).toBe(1);
  });

  it('rejects a bad up_to_id naming the field', async () => {
    const bad = await t.request('POST', '/be/api/notifications/mark_seen/', {
      token: ana.access,
      body: { up_to_id: 0 },
    });
    expect(bad.status).toBe(400);
    expect(bad.body.fields).toHaveProperty('up_to_id');
  });

  it('soft-deletes one of the caller’s; another user’s id answers 404', async () => {
    const [mine] = await notifyMany(ana.user.id, 1, 'delete-me');
    const [theirs] = await notifyMany(bo.user.id, 1);
    const count = (await list(ana.access)).body.count;

    const foreign = await t.request('DELETE', `/be/api/notifications/${theirs}/`, {
      token: ana.access,
    });
    expect(foreign.status).toBe(404);
    expect(foreign.body.code).toBe('not_found');
    expect((await list(bo.access)).body.results.map((n: { id: number }) => n.id)).toContain(theirs);

    const deleted = await t.request('DELETE', `/be/api/notifications/${mine}/`, {
      token: ana.access,
    });
    expect(deleted.status).toBe(204);
    const after = await list(ana.access);
    expect(after.body.count).toBe(count - 1);
    expect(after.body.results.map((n: { id: number }) => n.id)).not.toContain(mine);
    const again = await t.request('DELETE', `/be/api/notifications/${mine}/`, {
      token: ana.access,
    });
    expect(again.status).toBe(404);
    const [row] = await t.deps.sql`select is_deleted from notifications where id = ${mine ?? 0}`;
    expect(row?.is_deleted).toBe(true);
  });

  it('requires a signed-in user', async () => {
    expect((await list('')).status).toBe(401);
    expect((await t.request('POST', '/be/api/notifications/mark_seen/')).status).toBe(401);
    expect((await t.request('DELETE', '/be/api/notifications/1/')).status).toBe(401);
  });
});
