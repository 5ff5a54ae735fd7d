import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { FR, helpers, type Person } from '../../test/friends.ts';
import { createTestBackend, type TestBackend } from '../../test/harness.ts';
import { readSse } from '../../test/sse.ts';

let t: TestBackend;

beforeAll(async () => {
  t = await createTestBackend();
});

afterAll(async () => {
  await t?.close();
});

const { send, act, get, request, befriend, lastNotification } = helpers(() => t);
/** `n` new users (typed as three: tests take the first one to three). */
const people = async (n: number) =>
  (await Promise.all(Array.from({ length: n }, () => t.signUp()))) as [Person, Person, Person];

describe('sending a request', () => {
  it('finds the receiver by exact username or email, whatever the case', async () => {
    const [ana, ben, eve] = await people(3);
    const byName = await send(ana, { username: ben.user.username.toUpperCase() });
    expect(byName.status).toBe(201);
    expect(byName.body).toMatchObject({
      status: 'pending',
      direction: 'sent',
      sender: { id: ana.user.id, email: ana.user.email },
      receiver: { id: ben.user.id, username: ben.user.username },
      friend: { id: ben.user.id, username: ben.user.username },
    });
    const byEmail = await send(ana, { email: eve.user.email.toUpperCase() });
    expect(byEmail.status).toBe(201);
    expect(byEmail.body.friend.id).toBe(eve.user.id);
  });

  it('shows no email of the other person until they are friends', async () => {
    const [ana, ben] = await people(2);
    const sent = await send(ana, { username: ben.user.username });
    expect(sent.body.receiver.email).toBeNull();
    expect(sent.body.friend.email).toBeNull();
    const theirs = await get(ben, `${FR}/pending/?direction=received`);
    expect(theirs.body.results[0]).toMatchObject({
      direction: 'received',
      friend: { id: ana.user.id, email: null },
      sender: { email: null },
      receiver: { email: ben.user.email },
    });
    const accepted = await act(ben, sent.body.id, 'accept');
    expect(accepted.body.friend).toMatchObject({ id: ana.user.id, email: ana.user.email });
  });

  it('refuses an unknown user (404), oneself (400 naming the field) and bad bodies (400)', async () => {
    const [ana] = await people(1);
    for (const body of [{ username: 'nobody-here' }, { email: 'nobody@example.com' }]) {
      const res = await send(ana, body);
      expect(res.status).toBe(404);
      expect(res.body.code).toBe('not_found');
    }
    for (const body of [{ username: ana.user.username }, { email: ana.user.email }]) {
      const res = await send(ana, body);
      const field = Object.keys(body)[0] as string;
      expect(res.status).toBe(400);
      expect(res.body.field_codes).toEqual({ [field]: ['friend_request_to_self'] });
    }
    const bad = [
      {},
      { username: '   ' },
      { username: 'x', email: 'x@example.com' },
      { email: 'not-an-email' },
      { username: 'a'.repeat(151) },
      { username: 7 },
      { user: 'x' },
    ];
    for (const body of bad) {
      const res = await send(ana, body);
      expect(res.status, JSON.stringify(body)).toBe(400);
      expect(res.body.code).toBe('validation_error');
    }
  });

  it('refuses a second request either way while one is open, and a request to a friend', async () => {
    const [ana, ben] = await people(2);
    await request(ana, ben);
    const again = await send(ana, { username: ben.user.username });
    expect(again.status).toBe(409);
    expect(again.body.detail).toBe(`You already sent ${ben.user.username} a friend request.`);

    const [cy, di] = await people(2);
    await befriend(cy, di);
    for (const [from, to] of [
      [cy, di],
      [di, cy],
    ] as [Person, Person][]) {
      const res = await send(from, { email: to.user.email });
      expect(res.status).toBe(409);
      expect(res.body).toMatchObject({
        code: 'conflict',
        detail: `You are already friends with ${to.user.username}.`,
      });
    }
  });

  it('accepts their request when the other person already asked (200, one friendship)', async () => {
    const [ana, ben] = await people(2);
    const theirs = await request(ana, ben);
    const mine = await send(ben, { username: ana.user.username });
    expect(mine.status).toBe(200);
    expect(mine.body).toMatchObject({ id: theirs, status: 'accepted', direction: 'received' });
    expect(await lastNotification(ana)).toMatchObject({
      kind: 'friend_accepted',
      actor_username: ben.user.username,
      payload: { friendship_id: theirs, from_username: ben.user.username },
    });
    const friends = await get(ana, `${FR}/friend_list/`);
    expect(friends.body.count).toBe(1);
  });

  it('tells the receiver with a friend_request notification', async () => {
    const [ana, ben] = await people(2);
    const id = await request(ana, ben);
    expect(await lastNotification(ben)).toMatchObject({
      kind: 'friend_request',
      actor_username: ana.user.username,
      payload: { friendship_id: id, from_username: ana.user.username },
    });
    expect(await lastNotification(ana)).toBeUndefined();
  });

  it('ends two users asking each other at the same instant as one friendship', async () => {
    const pairs = await Promise.all(Array.from({ length: 8 }, () => people(2)));
    const answers = await Promise.all(
      pairs.flatMap(([a, b]) => [
        send(a, { username: b.user.username }),
        send(b, { username: a.user.username }),
      ]),
    );
    for (let i = 0; i < pairs.length; i++) {
      const [a, b] = pairs[i] as [Person, Person, Person];
      const pair = [answers[2 * i], answers[2 * i + 1]];
      expect(pair.map((r) => r?.status).sort()).toEqual([200, 201]);
      const rows = await t.database.sql<{ status: string }[]>`
        select status from friendships
        where (sender_id = ${a.user.id} and receiver_id = ${b.user.id})
           or (sender_id = ${b.user.id} and receiver_id = ${a.user.id})`;
      expect(rows).toEqual([{ status: 'accepted' }]);
    }
  });
});

describe('answering, cancelling and removing', () => {
  it('lets only the receiver accept; the sender is told', async () => {
    const [ana, ben] = await people(2);
    const id = await request(ana, ben);
    const bySender = await act(ana, id, 'accept');
    expect(bySender.status).toBe(403);
    expect(bySender.body.code).toBe('forbidden');
    const ok = await act(ben, id, 'accept');
    expect(ok.status).toBe(200);
    expect(ok.body).toMatchObject({ status: 'accepted', direction: 'received' });
    expect(await lastNotification(ana)).toMatchObject({
      kind: 'friend_accepted',
      payload: { friendship_id: id },
    });
    expect((await act(ben, id, 'accept')).status).toBe(409);
    expect((await act(ben, id, 'reject')).status).toBe(409);
  });

  it('lets only the receiver reject; the sender is told and may ask again', async () => {
    const [ana, ben] = await people(2);
    const id = await request(ana, ben);
    expect((await act(ana, id, 'reject')).status).toBe(403);
    const ok = await act(ben, id, 'reject');
    expect(ok.status).toBe(200);
    expect(ok.body.status).toBe('rejected');
    expect(await lastNotification(ana)).toMatchObject({ kind: 'friend_rejected' });
    expect((await act(ben, id, 'accept')).status).toBe(409);
    expect(await request(ana, ben)).not.toBe(id);
    expect(await request(ben, await t.signUp())).toBeGreaterThan(id);
  });

  it('lets only the sender cancel; the receiver is told and may then ask themselves', async () => {
    const [ana, ben] = await people(2);
    const id = await request(ana, ben);
    const byReceiver = await act(ben, id, 'cancel');
    expect(byReceiver.status).toBe(403);
    const ok = await act(ana, id, 'cancel');
    expect(ok.status).toBe(200);
    expect(ok.body.status).toBe('cancelled');
    expect(await lastNotification(ben)).toMatchObject({ kind: 'friend_cancelled' });
    expect((await act(ana, id, 'cancel')).status).toBe(409);
    expect((await act(ben, id, 'accept')).status).toBe(409);
    const pending = await get(ben, `${FR}/pending/`);
    expect(pending.body.count).toBe(0);
    expect((await send(ben, { username: ana.user.username })).status).toBe(201);
  });

  it('lets either friend remove the friendship; the other is told', async () => {
    for (const remover of [0, 1]) {
      const pair = await people(2);
      const id = await befriend(pair[0], pair[1]);
      const who = pair[remover] as Person;
      const other = pair[1 - remover] as Person;
      const res = await act(who, id, 'remove');
      expect(res.status).toBe(204);
      expect(await lastNotification(other)).toMatchObject({
        kind: 'friend_removed',
        payload: { friendship_id: id, from_username: who.user.username },
      });
      expect((await get(other, `${FR}/friend_list/`)).body.count).toBe(0);
      expect((await act(other, id, 'remove')).status).toBe(409);
      expect((await send(other, { username: who.user.username })).status).toBe(201);
    }
  });

  it('refuses to remove a request that is not a friendship (409)', async () => {
    const [ana, ben] = await people(2);
    const id = await request(ana, ben);
    for (const who of [ana, ben]) {
      const res = await act(who, id, 'remove');
      expect(res.status).toBe(409);
      expect(res.body.code).toBe('conflict');
    }
  });

  it("answers 404 for another pair's request and for ids that do not exist", async () => {
    const [ana, ben, eve] = await people(3);
    const id = await request(ana, ben);
    const friends = await befriend(await t.signUp(), ben);
    for (const action of ['accept', 'reject', 'cancel', 'remove'] as const) {
      for (const target of [id, friends, 2147483647]) {
        const res = await act(eve, target, action);
        expect(res.status).toBe(404);
        expect(res.body.code).toBe('not_found');
      }
    }
    expect((await act(ana, 0, 'accept')).status).toBe(400);
    expect((await t.request('POST', `${FR}/abc/accept/`, { token: ana.access })).status).toBe(400);
    expect((await t.request('POST', `${FR}/${id}/accept/`)).status).toBe(401);
  });
});

describe('live', () => {
  it("reaches the receiver's open events stream", async () => {
    const [ana, ben] = await people(2);
    const res = await t.app.request('/be/api/events/', {
      headers: { accept: 'text/event-stream', authorization: `Bearer ${ben.access}` },
    });
    expect(res.status).toBe(200);
    const sse = readSse(res.body as ReadableStream<Uint8Array>);
    try {
      expect((await sse.nextEvent()).event).toBe('ready');
      const id = await request(ana, ben);
      const frame = await sse.nextEvent();
      expect(frame.event).toBe('notification');
      expect(JSON.parse(frame.data ?? '{}')).toMatchObject({
        kind: 'friend_request',
        payload: { friendship_id: id, from_username: ana.user.username },
      });
    } finally {
      await sse.cancel();
    }
  });
});
