/**
 * Push notifications (issue 46): the caller's subscribed browsers, and duel and friend requests
 * sent to the recipient's browsers through the real `web-push` provider to a local HTTPS push
 * service, which decrypts them as a browser would.
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createWebPushSender } from '../providers/push/web-push.ts';
import { D, helpers as duelHelpers } from '../test/duels.ts';
import { FR } from '../test/friends.ts';
import { createTestBackend, type TestBackend } from '../test/harness.ts';
import { type PushService, startPushService, vapidKeys } from '../test/push-service.ts';

const PS = '/be/api/auth/push-subscriptions';

let t: TestBackend;
let off: TestBackend;
let service: PushService;
const vapid = vapidKeys();

beforeAll(async () => {
  service = await startPushService();
  const push = createWebPushSender(
    { ...vapid, subject: 'mailto:ops@memoria.test' },
    { agent: service.agent },
  );
  [t, off] = await Promise.all([createTestBackend({ providers: { push } }), createTestBackend()]);
});

afterAll(async () => {
  await Promise.all([t?.close(), off?.close()]);
  await service?.close();
});

const duels = duelHelpers(() => t);
let browsers = 0;
/** A new browser of the push service, its path unique to this test. */
const newBrowser = () => service.browser(`browser-${++browsers}`);
const pushesTo = (endpoint: string) =>
  service.received.filter((p) => endpoint.endsWith(p.path)).map((p) => p.message);

describe('subscriptions', () => {
  it('gives the public key; stores, lists, moves and deletes the caller’s browsers', async () => {
    const [ana, ben] = await Promise.all([t.signUp(), t.signUp()]);
    const empty = await t.request('GET', `${PS}/`, { token: ana.access });
    expect(empty.status).toBe(200);
    expect(empty.body).toEqual({ public_key: vapid.publicKey, results: [] });

    const phone = newBrowser();
    const created = await t.request('POST', `${PS}/`, {
      token: ana.access,
      body: { ...phone.subscription, expirationTime: null },
    });
    expect(created.status).toBe(201);
    expect(created.body).toMatchObject({ endpoint: phone.subscription.endpoint });
    const again = await t.request('POST', `${PS}/`, {
      token: ana.access,
      body: phone.subscription,
    });
    expect(again.status).toBe(200);
    expect(again.body.id).toBe(created.body.id);
    const listed = await t.request('GET', `${PS}/`, { token: ana.access });
    expect(listed.body.results.map((s: { id: number }) => s.id)).toEqual([created.body.id]);

    // Ben cannot delete Ana's; the same browser signed in as Ben becomes his.
    const theirs = await t.request('DELETE', `${PS}/${created.body.id}/`, { token: ben.access });
    expect(theirs.status).toBe(404);
    const moved = await t.request('POST', `${PS}/`, {
      token: ben.access,
      body: phone.subscription,
    });
    expect(moved.status).toBe(200);
    expect((await t.request('GET', `${PS}/`, { token: ana.access })).body.results).toEqual([]);
    const deleted = await t.request('DELETE', `${PS}/${created.body.id}/`, { token: ben.access });
    expect(deleted.status).toBe(204);
    expect((await t.request('GET', `${PS}/`, { token: ben.access })).body.results).toEqual([]);
  });

  it('refuses an endpoint that is not https and keys of the wrong size (400 naming them)', async () => {
    const ana = await t.signUp();
    const { subscription } = newBrowser();
    const plain = await t.request('POST', `${PS}/`, {
      token: ana.access,
      body: { ...subscription, endpoint: subscription.endpoint.replace('https:', 'http:') },
    });
    expect(plain.status).toBe(400);
    expect(Object.keys(plain.body.fields)).toEqual(['endpoint']);
    const keys = await t.request('POST', `${PS}/`, {
      token: ana.access,
      body: { ...subscription, keys: { p256dh: 'AAAA', auth: 'not base64!' } },
    });
    expect(keys.status).toBe(400);
    expect(Object.keys(keys.body.fields).sort()).toEqual(['keys.auth', 'keys.p256dh']);
  });

  it('with no VAPID keys: no public key, and subscribing answers 409', async () => {
    const ana = await off.signUp();
    const list = await off.request('GET', `${PS}/`, { token: ana.access });
    expect(list.body).toEqual({ public_key: null, results: [] });
    const res = await off.request('POST', `${PS}/`, {
      token: ana.access,
      body: newBrowser().subscription,
    });
    expect(res.status).toBe(409);
    expect(res.body.code).toBe('conflict');
  });
});

describe('sending', () => {
  it('a friend request reaches each of the recipient’s browsers, in its language', async () => {
    const [ana, ben] = await Promise.all([t.signUp(), t.signUp()]);
    const laptop = newBrowser();
    const phone = newBrowser();
    await t.request('POST', `${PS}/`, { token: ben.access, body: laptop.subscription });
    await t.request('POST', `${PS}/`, {
      token: ben.access,
      body: phone.subscription,
      headers: { 'accept-language': 'es-CO,es;q=0.9' },
    });
    const sent = await t.request('POST', `${FR}/`, {
      token: ana.access,
      body: { username: ben.user.username },
    });
    expect(sent.status).toBe(201);
    expect(pushesTo(laptop.subscription.endpoint)).toEqual([
      {
        title: 'Friend request',
        body: `${ana.user.username} wants to be your friend on Memoria.`,
        url: '/friends',
        tag: 'friend_request',
      },
    ]);
    expect(pushesTo(phone.subscription.endpoint)).toEqual([
      {
        title: 'Solicitud de amistad',
        body: `${ana.user.username} quiere ser tu amigo en Memoria.`,
        url: '/friends',
        tag: 'friend_request',
      },
    ]);
    const push = service.received.find((p) => laptop.subscription.endpoint.endsWith(p.path));
    expect(push?.headers.authorization).toMatch(/^vapid t=[\w-]+\.[\w-]+\.[\w-]+, k=/);
    expect(push?.headers['content-encoding']).toBe('aes128gcm');
    // The sender's own browsers get nothing.
    expect(service.received.some((p) => p.message === null)).toBe(false);
  });

  it('a duel request reaches the opponent and opens the duels page', async () => {
    const [ana, ben] = await duels.pair();
    const phone = newBrowser();
    await t.request('POST', `${PS}/`, { token: ben.access, body: phone.subscription });
    const duel = await t.request('POST', `${D}/create/`, {
      token: ana.access,
      body: {
        duel_type: 'custom',
        questions: [{ question: '2 + 2', answer: '4' }],
        answer_time: 60,
        opponent_id: ben.user.id,
      },
    });
    expect(duel.status).toBe(201);
    expect(pushesTo(phone.subscription.endpoint)).toEqual([
      {
        title: 'Duel request',
        body: `${ana.user.username} challenges you to a duel.`,
        url: '/multiple-duels',
        tag: 'duel_request',
      },
    ]);
  });

  it('forgets a browser its push service says is gone (410); a failure fails no request', async () => {
    const [ana, ben, eve] = await Promise.all([t.signUp(), t.signUp(), t.signUp()]);
    const gone = newBrowser();
    const broken = newBrowser();
    await t.request('POST', `${PS}/`, { token: ben.access, body: gone.subscription });
    await t.request('POST', `${PS}/`, { token: eve.access, body: broken.subscription });
    service.answer(new URL(gone.subscription.endpoint).pathname, 410);
    service.answer(new URL(broken.subscription.endpoint).pathname, 500);
    const toBen = await t.request('POST', `${FR}/`, {
      token: ana.access,
      body: { username: ben.user.username },
    });
    const toEve = await t.request('POST', `${FR}/`, {
      token: ana.access,
      body: { username: eve.user.username },
    });
    expect([toBen.status, toEve.status]).toEqual([201, 201]);
    expect((await t.request('GET', `${PS}/`, { token: ben.access })).body.results).toEqual([]);
    expect((await t.request('GET', `${PS}/`, { token: eve.access })).body.results).toHaveLength(1);
  });
});
