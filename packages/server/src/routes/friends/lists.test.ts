import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { FR, helpers, type Person } from '../../test/friends.ts';
import { createTestBackend, type TestBackend } from '../../test/harness.ts';

let t: TestBackend;

beforeAll(async () => {
  t = await createTestBackend();
});

afterAll(async () => {
  await t?.close();
});

const { act, get, request, befriend } = helpers(() => t);
const SEARCH = '/be/api/friends/users/search/';
const names = (results: { friend?: { username: string }; username?: string }[]) =>
  results.map((r) => r.friend?.username ?? r.username);

/** A user with a chosen username (and a unique email). */
const named = (username: string) =>
  t.signUp({ username, email: `${username}-${Math.random().toString(36).slice(2)}@example.com` });

describe('lists', () => {
  it('pages friends by username, from either side of the friendship', async () => {
    const tag = Math.random().toString(36).slice(2, 8);
    const me = await t.signUp();
    const [zed, amy, bob] = await Promise.all(
      ['zed', 'Amy', 'bob'].map((n) => named(`${n}${tag}`)),
    );
    await befriend(me, zed as Person);
    await befriend(amy as Person, me);
    await befriend(me, bob as Person);
    await request(me, await t.signUp()); // pending: not a friend

    const first = await get(me, `${FR}/friend_list/?page_size=2`);
    expect(first.status).toBe(200);
    expect(first.body.count).toBe(3);
    expect(names(first.body.results)).toEqual([`Amy${tag}`, `bob${tag}`]);
    expect(first.body.results[0]).toMatchObject({ email: amy?.user.email });
    expect(first.body.next).toBe('/be/api/friends/friendships/friend_list/?page_size=2&page=2');
    const second = await get(me, `${FR}/friend_list/?page_size=2&page=2`);
    expect(names(second.body.results)).toEqual([`zed${tag}`]);

    const accepted = await get(me, `${FR}/friends/`);
    expect(names(accepted.body.results)).toEqual([`Amy${tag}`, `bob${tag}`, `zed${tag}`]);
    expect(accepted.body.results.every((f: { status: string }) => f.status === 'accepted')).toBe(
      true,
    );
  });

  it('lists pending requests newest first, received and sent apart', async () => {
    const me = await t.signUp();
    const [a, b, c] = await Promise.all([t.signUp(), t.signUp(), t.signUp()]);
    const fromA = await request(a, me);
    const toB = await request(me, b);
    const fromC = await request(c, me);

    const all = await get(me, `${FR}/pending/`);
    expect(all.body.results.map((f: { id: number }) => f.id)).toEqual([fromC, toB, fromA]);
    const received = await get(me, `${FR}/pending/?direction=received`);
    expect(received.body.count).toBe(2);
    expect(received.body.results.map((f: { id: number }) => f.id)).toEqual([fromC, fromA]);
    const sent = await get(me, `${FR}/pending/?direction=sent`);
    expect(sent.body.results).toMatchObject([{ id: toB, direction: 'sent' }]);

    await act(me, fromA, 'reject');
    const history = await get(me, `${FR}/?status=rejected`);
    expect(history.body.results).toMatchObject([{ id: fromA, status: 'rejected' }]);
    const everything = await get(me, `${FR}/`);
    expect(everything.body.count).toBe(3);
    // Nobody else sees these.
    expect((await get(await t.signUp(), `${FR}/`)).body.count).toBe(0);
  });

  it('refuses bad paging and filters (400)', async () => {
    const me = await t.signUp();
    for (const path of [
      `${FR}/friend_list/?page_size=0`,
      `${FR}/friend_list/?page_size=101`,
      `${FR}/pending/?page=0`,
      `${FR}/pending/?direction=both`,
      `${FR}/?status=friends`,
      `${FR}/friends/?page=abc`,
    ]) {
      const res = await get(me, path);
      expect(res.status, path).toBe(400);
      expect(res.body.code).toBe('validation_error');
    }
  });
});

describe('search', () => {
  it('finds by username prefix or exact email, at most 10, never oneself', async () => {
    const tag = `s${Math.random().toString(36).slice(2, 8)}`;
    const me = await named(`${tag}me`);
    const many = await Promise.all(
      Array.from({ length: 12 }, (_, i) => named(`${tag}${String(i).padStart(2, '0')}`)),
    );
    const found = await get(me, `${SEARCH}?q=${tag.toUpperCase()}`);
    expect(found.status).toBe(200);
    expect(found.body).toHaveLength(10);
    expect(names(found.body)).toEqual(many.slice(0, 10).map((p) => p.user.username));
    expect(names(found.body)).not.toContain(me.user.username);

    const target = many[11] as Person;
    const byEmail = await get(me, `${SEARCH}?q=${encodeURIComponent(target.user.email)}`);
    expect(names(byEmail.body)).toEqual([target.user.username]);
    const partEmail = await get(
      me,
      `${SEARCH}?q=${encodeURIComponent(target.user.email.slice(0, -4))}`,
    );
    expect(partEmail.body).toEqual([]);
    const wildcard = await get(me, `${SEARCH}?q=${encodeURIComponent('%')}`);
    expect(wildcard.body).toEqual([]);
  });

  it("lists the matches in the database collation's order of usernames", async () => {
    // Code-point order (the prefix index's) would put é after z and _ before the letters.
    const tag = `o${Math.random().toString(36).slice(2, 8)}`;
    const me = await named(`${tag}me`);
    const usernames = ['zeta', 'Émile', 'eva', '_under', 'Ana', 'ñu'].map((n) => `${tag}${n}`);
    await Promise.all(
      usernames.map((username, i) => t.signUp({ username, email: `${tag}${i}@example.com` })),
    );
    const inCollation = await t.deps.sql<{ u: string }[]>`
      select u from unnest(${usernames}::text[]) u order by lower(u)`;
    const found = await get(me, `${SEARCH}?q=${tag}`);
    expect(names(found.body)).toEqual(inCollation.map((r) => r.u));
  });

  it('shows emails of friends only, and where the caller stands with each', async () => {
    const tag = `r${Math.random().toString(36).slice(2, 8)}`;
    const me = await named(`${tag}me`);
    const [friend, asked, asking, stranger] = await Promise.all(
      ['a', 'b', 'c', 'd'].map((n) => named(`${tag}${n}`)),
    );
    const friendship = await befriend(me, friend as Person);
    const sent = await request(me, asked as Person);
    const received = await request(asking as Person, me);
    const res = await get(me, `${SEARCH}?q=${tag}`);
    expect(res.body).toEqual([
      {
        id: friend?.user.id,
        username: friend?.user.username,
        email: friend?.user.email,
        first_name: '',
        last_name: '',
        relation: 'friend',
        friendship_id: friendship,
      },
      expect.objectContaining({ email: null, relation: 'request_sent', friendship_id: sent }),
      expect.objectContaining({
        email: null,
        relation: 'request_received',
        friendship_id: received,
      }),
      expect.objectContaining({
        id: stranger?.user.id,
        email: null,
        relation: 'none',
        friendship_id: null,
      }),
    ]);
  });

  it('refuses a blank, missing or too long query (400)', async () => {
    const me = await t.signUp();
    for (const q of ['?q=', '?q=%20%20', '', `?q=${'a'.repeat(255)}`]) {
      const res = await get(me, `${SEARCH}${q}`);
      expect(res.status, q).toBe(400);
      expect(res.body.code).toBe('validation_error');
    }
  });
});
