/**
 * Issue 39, item 4: a create retried with its `Idempotency-Key` answers the first answer instead
 * of creating twice, on any instance sharing the database.
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createClock } from '../clock.ts';
import { allHandlers } from '../routes/index.ts';
import { createTestBackend, type TestBackend } from '../test/harness.ts';
import { PNG, SR } from '../test/space-repetition.ts';
import type { Handler } from './types.ts';

let a: TestBackend;
let b: TestBackend;
/** A third instance whose createDesk waits for `release()` before it runs. */
let gated: TestBackend;
let entered: PromiseWithResolvers<void>;
let gate: PromiseWithResolvers<void>;

beforeAll(async () => {
  a = await createTestBackend();
  b = await createTestBackend({ databaseUrl: a.url });
  const handlers = allHandlers();
  const createDeck = handlers.createDesk as Handler<'createDesk'>;
  gated = await createTestBackend({
    databaseUrl: a.url,
    handlers: {
      ...handlers,
      createDesk: async (c, input) => {
        entered.resolve();
        await gate.promise;
        return createDeck(c, input);
      },
    },
  });
});
afterAll(async () => {
  await gated?.close();
  await b?.close();
  await a?.close();
});

const DECKS = `${SR}/desks/`;
const CARDS = `${SR}/cards/`;

function createDeck(on: TestBackend, token: string, key: string | undefined, name = 'Capitals') {
  return on.request('POST', DECKS, {
    token,
    body: { name },
    headers: key === undefined ? {} : { 'Idempotency-Key': key },
  });
}

async function deckCount(userId: number): Promise<number> {
  const [row] = await a.deps.sql<{ n: number }[]>`
    select count(*)::int as n from desks where owner_id = ${userId}`;
  return row?.n ?? 0;
}

describe('Idempotency-Key on creates', () => {
  it('creates twice without a key (what a retry did before)', async () => {
    const ana = await a.signUp();
    expect((await createDeck(a, ana.access, undefined)).status).toBe(201);
    expect((await createDeck(b, ana.access, undefined)).status).toBe(201);
    expect(await deckCount(ana.user.id)).toBe(2);
  });

  it('answers a retry with the same key and body with the first answer, on another instance', async () => {
    const ana = await a.signUp();
    const key = crypto.randomUUID();
    const first = await createDeck(a, ana.access, key);
    expect(first.status).toBe(201);
    expect(first.headers.get('idempotent-replayed')).toBeNull();
    const again = await createDeck(b, ana.access, key);
    expect(again.status).toBe(201);
    expect(again.body).toEqual(first.body);
    expect(again.headers.get('idempotent-replayed')).toBe('true');
    expect(again.headers.get('content-type')).toBe(first.headers.get('content-type'));
    expect(again.headers.get('x-request-id')).toBeTruthy();
    expect(await deckCount(ana.user.id)).toBe(1);
  });

  it('refuses the same key with another body: 422 idempotency_key_reused', async () => {
    const ana = await a.signUp();
    const key = crypto.randomUUID();
    expect((await createDeck(a, ana.access, key, 'Rivers')).status).toBe(201);
    const other = await createDeck(b, ana.access, key, 'Mountains');
    expect(other.status).toBe(422);
    expect(other.body.code).toBe('idempotency_key_reused');
    expect(await deckCount(ana.user.id)).toBe(1);
  });

  it('runs one create for two requests with one key at once on two instances', async () => {
    const ana = await a.signUp();
    const key = crypto.randomUUID();
    const both = await Promise.all([
      createDeck(a, ana.access, key),
      createDeck(b, ana.access, key),
    ]);
    expect(await deckCount(ana.user.id)).toBe(1);
    const created = both.filter((r) => r.status === 201);
    expect(created.length).toBeGreaterThanOrEqual(1);
    for (const r of created) expect(r.body.id).toBe(created[0]?.body.id);
    for (const r of both.filter((x) => x.status !== 201)) {
      expect([r.status, r.body.code]).toEqual([409, 'idempotency_key_in_progress']);
    }
  });

  it('answers 409 while the first request with the key still runs, then replays it', async () => {
    const ana = await a.signUp();
    const key = crypto.randomUUID();
    entered = Promise.withResolvers();
    gate = Promise.withResolvers();
    const first = createDeck(gated, ana.access, key);
    await entered.promise;
    const meanwhile = await createDeck(a, ana.access, key);
    expect([meanwhile.status, meanwhile.body.code]).toEqual([409, 'idempotency_key_in_progress']);
    expect(meanwhile.headers.get('retry-after')).toBe('1');
    gate.resolve();
    const answered = await first;
    expect(answered.status).toBe(201);
    const retried = await createDeck(b, ana.access, key);
    expect([retried.status, retried.body.id]).toEqual([201, answered.body.id]);
    expect(await deckCount(ana.user.id)).toBe(1);
  });

  it('keeps keys per user: another user with the same key creates their own', async () => {
    const ana = await a.signUp();
    const ben = await a.signUp();
    const key = crypto.randomUUID();
    const hers = await createDeck(a, ana.access, key);
    const his = await createDeck(a, ben.access, key);
    expect([hers.status, his.status]).toEqual([201, 201]);
    expect(his.body.id).not.toBe(hers.body.id);
    expect(await deckCount(ben.user.id)).toBe(1);
  });

  it('keeps keys per operation: the same key on another create is another request', async () => {
    const ana = await a.signUp();
    const key = crypto.randomUUID();
    const deck = await createDeck(a, ana.access, key);
    const card = await a.request('POST', CARDS, {
      token: ana.access,
      body: { desk_id: deck.body.id, front: 'Spain', back: 'Madrid' },
      headers: { 'Idempotency-Key': key },
    });
    expect(card.status).toBe(201);
  });

  it('keeps no answer but 2xx: after a refusal the key runs again', async () => {
    const ana = await a.signUp();
    const key = crypto.randomUUID();
    const blank = await createDeck(a, ana.access, key, '   ');
    expect(blank.status).toBe(400);
    const fixed = await createDeck(a, ana.access, key, 'Capitals');
    expect(fixed.status).toBe(201);
    expect(await deckCount(ana.user.id)).toBe(1);
  });

  it('compares a multipart form by its fields and file bytes, not its boundary', async () => {
    const ana = await a.signUp();
    const deck = await createDeck(a, ana.access, undefined);
    const form = (image: Uint8Array) => {
      const f = new FormData();
      f.set('desk_id', String(deck.body.id));
      f.set('front', 'Notes');
      f.set('back', 'Picture');
      f.set('front_image', new Blob([new Uint8Array(image)], { type: 'image/png' }), 'n.png');
      return f;
    };
    const key = crypto.randomUUID();
    const headers = { 'Idempotency-Key': key };
    const first = await a.request('POST', CARDS, { token: ana.access, form: form(PNG), headers });
    expect(first.status).toBe(201);
    const again = await b.request('POST', CARDS, { token: ana.access, form: form(PNG), headers });
    expect([again.status, again.body.id]).toEqual([201, first.body.id]);
    const changed = new Uint8Array(PNG);
    changed.set([(changed.at(-1) ?? 0) ^ 1], changed.length - 1);
    const other = await b.request('POST', CARDS, {
      token: ana.access,
      form: form(changed),
      headers,
    });
    expect([other.status, other.body.code]).toEqual([422, 'idempotency_key_reused']);
    const [row] = await a.deps.sql<{ n: number }[]>`
      select count(*)::int as n from cards where desk_id = ${deck.body.id}`;
    expect(row?.n).toBe(1);
  });

  it('refuses a key longer than 255 characters or with spaces: 400', async () => {
    const ana = await a.signUp();
    for (const key of ['k'.repeat(256), 'two words']) {
      const res = await createDeck(a, ana.access, key);
      expect([res.status, res.body.code]).toEqual([400, 'validation_error']);
      expect(Object.keys(res.body.fields)).toEqual(['Idempotency-Key']);
    }
    expect(await deckCount(ana.user.id)).toBe(0);
  });

  it('frees a key after 24 h and prunes it', async () => {
    const ana = await a.signUp();
    const key = crypto.randomUUID();
    const first = await createDeck(a, ana.access, key);
    const clock = createClock({ adjustable: true });
    a.deps.clock = clock;
    try {
      clock.setOffset(24 * 60 * 60 - 60);
      const within = await createDeck(a, ana.access, key);
      expect([within.status, within.body.id]).toEqual([201, first.body.id]);
      clock.setOffset(24 * 60 * 60 + 1);
      const after = await createDeck(a, ana.access, key);
      expect(after.status).toBe(201);
      expect(after.body.id).not.toBe(first.body.id);
      expect(after.headers.get('idempotent-replayed')).toBeNull();
      // Another user's key, made now, is gone once a later answer prunes (clock another day on).
      const ben = await a.signUp();
      const bens = await createDeck(a, ben.access, crypto.randomUUID());
      expect(bens.status).toBe(201);
      clock.setOffset(3 * 24 * 60 * 60);
      expect((await createDeck(a, ana.access, crypto.randomUUID())).status).toBe(201);
      const bensKeys = async () => {
        const [row] = await a.deps.sql<{ n: number }[]>`
          select count(*)::int as n from idempotency_keys where user_id = ${ben.user.id}`;
        return row?.n;
      };
      await expect.poll(bensKeys).toBe(0);
    } finally {
      a.deps.clock = undefined;
    }
  });
});
