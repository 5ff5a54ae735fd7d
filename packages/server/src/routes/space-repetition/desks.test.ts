import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestBackend, type TestBackend } from '../../test/harness.ts';
import { helpers, SR } from '../../test/space-repetition.ts';

let t: TestBackend;

beforeAll(async () => {
  t = await createTestBackend();
});

afterAll(async () => {
  await t?.close();
});

const { makeDeck, makeCard, rate } = helpers(() => t);

describe('decks', () => {
  it('creates, lists, renames and deletes a deck with its cards and review history', async () => {
    const ana = await t.signUp();
    const deck = await makeDeck(ana);
    expect(deck).toMatchObject({
      name: 'Capitals',
      cards_count: 0,
      new_cards_per_day: 10,
      new_cards_today: 0,
      remaining_today: 0,
      is_owner: true,
      can_edit: true,
      shared_with: [],
      allow_editing: false,
    });
    const card = await makeCard(ana, deck.id);
    expect((await rate(ana, card.id, { difficulty: 'good' })).status).toBe(200);

    const list = await t.request('GET', `${SR}/desks/`, { token: ana.access });
    expect(list.body).toHaveLength(1);
    expect(list.body[0]).toMatchObject({ cards_count: 1, new_cards_today: 1 });

    const renamed = await t.request('PUT', `${SR}/desks/${deck.id}/`, {
      token: ana.access,
      body: { name: '  Rivers ' },
    });
    expect(renamed.status).toBe(200);
    expect(renamed.body.name).toBe('Rivers');

    const blank = await t.request('PUT', `${SR}/desks/${deck.id}/`, {
      token: ana.access,
      body: { name: '  ' },
    });
    expect(blank.status).toBe(400);
    expect(blank.body).toMatchObject({
      detail: 'Please enter a desk name',
      fields: { name: ['Please enter a desk name'] },
    });
    const empty = await t.request('POST', `${SR}/desks/`, {
      token: ana.access,
      body: { name: '' },
    });
    expect(empty.body.fields).toEqual({ name: ['Please enter a desk name'] });

    expect(
      (await t.request('DELETE', `${SR}/desks/${deck.id}/`, { token: ana.access })).status,
    ).toBe(204);
    const [left] = await t.database.sql`
      select (select count(*)::int from cards where desk_id = ${deck.id}) as cards,
             (select count(*)::int from review_logs where desk_id = ${deck.id}) as logs,
             (select count(*)::int from card_schedules where desk_id = ${deck.id}) as schedules`;
    expect(left).toEqual({ cards: 0, logs: 0, schedules: 0 });
    const gone = await t.request('GET', `${SR}/desks/${deck.id}/`, { token: ana.access });
    expect(gone.status).toBe(404);
  });

  it('lets a free account create decks and cards', async () => {
    const free = await t.signUp();
    const deck = await makeDeck(free);
    await makeCard(free, deck.id);
    const info = await t.request('GET', '/be/api/auth/users/account_info/', { token: free.access });
    expect(info.body.account_type).toBe('free');
  });

  it('filters the list by name and sets the daily limit (0 to 9999)', async () => {
    const ana = await t.signUp();
    await makeDeck(ana, { name: 'French verbs' });
    const other = await makeDeck(ana, { name: 'Chemistry' });
    const found = await t.request('GET', `${SR}/desks/?search=FRENCH`, { token: ana.access });
    expect(found.body.map((d: { name: string }) => d.name)).toEqual(['French verbs']);

    const set = await t.request('POST', `${SR}/desks/${other.id}/configure_new_cards/`, {
      token: ana.access,
      body: { new_cards_per_day: 9999 },
    });
    expect(set.status).toBe(200);
    expect(set.body.new_cards_per_day).toBe(9999);
    for (const bad of [-1, 10000]) {
      const res = await t.request('POST', `${SR}/desks/${other.id}/configure_new_cards/`, {
        token: ana.access,
        body: { new_cards_per_day: bad },
      });
      expect(res.status).toBe(400);
      expect(res.body.fields).toHaveProperty('new_cards_per_day');
    }
  });
});

describe('pausing new cards (issue 40, item 12)', () => {
  it('a limit of 0 is accepted and the queue then gives no new cards', async () => {
    const ana = await t.signUp();
    const deck = await makeDeck(ana, { new_cards_per_day: 0 });
    expect(deck.new_cards_per_day).toBe(0);
    const other = await makeDeck(ana);
    await makeCard(ana, deck.id, 'q1', 'a1');
    await makeCard(ana, other.id, 'q2', 'a2');
    const paused = await t.request('POST', `${SR}/desks/${other.id}/configure_new_cards/`, {
      token: ana.access,
      body: { new_cards_per_day: 0 },
    });
    expect(paused.status).toBe(200);
    expect(paused.body.new_cards_per_day).toBe(0);
    const queue = await t.request('GET', `${SR}/cards/due_cards/`, { token: ana.access });
    expect(queue.status).toBe(200);
    expect(queue.body).toMatchObject({ cards: [], new_count: 0, remaining_today: 0 });
  });
});

describe('sharing', () => {
  it('deletes cards and shares the deck in parallel without a deadlock or a 500', async () => {
    const ana = await t.signUp();
    const deck = await makeDeck(ana);
    const cards = [];
    for (let i = 0; i < 15; i++) cards.push(await makeCard(ana, deck.id, `q${i}`, `a${i}`));
    const friends = await Promise.all(cards.map(() => t.signUp()));
    const answers = await Promise.all(
      cards.flatMap((card, i) => [
        t.request('DELETE', `${SR}/cards/${card.id}/`, { token: ana.access }),
        t.request('POST', `${SR}/desks/${deck.id}/share_multiple/`, {
          token: ana.access,
          body: { emails: [friends[i]?.user.email] },
        }),
      ]),
    );
    expect(answers.map((a) => a.status)).toEqual(cards.flatMap(() => [204, 200]));
    const after = await t.request('GET', `${SR}/desks/${deck.id}/`, { token: ana.access });
    expect(after.body.cards_count).toBe(0);
    expect(after.body.shared_with).toHaveLength(15);
  });

  it('validates the emails: an empty list is refused with the spec message', async () => {
    const ana = await t.signUp();
    const deck = await makeDeck(ana);
    const empty = await t.request('POST', `${SR}/desks/${deck.id}/share_multiple/`, {
      token: ana.access,
      body: { emails: [] },
    });
    expect(empty.status).toBe(400);
    expect(empty.body).toMatchObject({
      detail: 'Please enter at least one email address',
      fields: { emails: ['Please enter at least one email address'] },
    });
    const blank = await t.request('POST', `${SR}/desks/${deck.id}/share_multiple/`, {
      token: ana.access,
      body: {},
    });
    expect(blank.status).toBe(400);
    const malformed = await t.request('POST', `${SR}/desks/${deck.id}/share_multiple/`, {
      token: ana.access,
      body: { emails: ['not-an-email'] },
    });
    expect(malformed.status).toBe(400);
    expect(malformed.body.fields).toHaveProperty('emails.0');
  });

  it('shares read-only: the deck is listed, reviewable with its own schedule, not editable', async () => {
    const ana = await t.signUp();
    const ben = await t.signUp();
    const deck = await makeDeck(ana);
    const card = await makeCard(ana, deck.id);
    const shared = await t.request('POST', `${SR}/desks/${deck.id}/share_multiple/`, {
      token: ana.access,
      body: { emails: [ben.user.email.toUpperCase(), 'nobody@example.com'] },
    });
    expect(shared.status).toBe(200);
    expect(shared.body.shared_with).toEqual([ben.user.email]);
    expect(shared.body.not_registered).toEqual(['nobody@example.com']);
    expect(shared.body.desk.shared_with).toEqual([ben.user.email]);

    const [note] = await t.database.sql`
      select kind, payload from notifications where user_id = ${ben.user.id}`;
    expect(note).toMatchObject({ kind: 'desk_shared', payload: { desk_id: deck.id } });

    const list = await t.request('GET', `${SR}/desks/`, { token: ben.access });
    expect(list.body).toHaveLength(1);
    expect(list.body[0]).toMatchObject({
      id: deck.id,
      is_owner: false,
      can_edit: false,
      owner_username: ana.user.username,
      shared_with: [],
      new_count: 1,
    });

    // Edits are refused (read-only: 403 as the contract states), reviews are allowed.
    const edits = [
      t.request('PUT', `${SR}/desks/${deck.id}/`, { token: ben.access, body: { name: 'Mine' } }),
      t.request('DELETE', `${SR}/desks/${deck.id}/`, { token: ben.access }),
      t.request('POST', `${SR}/desks/${deck.id}/share_multiple/`, {
        token: ben.access,
        body: { emails: ['x@example.com'] },
      }),
      t.request('POST', `${SR}/cards/`, {
        token: ben.access,
        body: { desk_id: deck.id, front: 'a', back: 'b' },
      }),
      t.request('PUT', `${SR}/cards/${card.id}/`, {
        token: ben.access,
        body: { front: 'a', back: 'b' },
      }),
      t.request('DELETE', `${SR}/cards/${card.id}/`, { token: ben.access }),
      t.request('POST', `${SR}/desks/${deck.id}/generate_cards/`, {
        token: ben.access,
        body: { text: 'Sun: a star' },
      }),
    ];
    for (const res of await Promise.all(edits)) {
      expect(res.status).toBe(403);
      expect(res.body.code).toBe('forbidden');
    }
    const benRating = await rate(ben, card.id, { difficulty: 'easy' });
    expect(benRating.status).toBe(200);
    expect(benRating.body.card.state).toBe('review');
    // Ana's schedule of the same card is untouched.
    const anaCards = await t.request('GET', `${SR}/desks/${deck.id}/cards/`, { token: ana.access });
    expect(anaCards.body.results[0]).toMatchObject({ state: 'new', reps: 0 });
    // Ben sets his own daily limit.
    const limit = await t.request('POST', `${SR}/desks/${deck.id}/configure_new_cards/`, {
      token: ben.access,
      body: { new_cards_per_day: 3 },
    });
    expect(limit.body.new_cards_per_day).toBe(3);
    const anaDeck = await t.request('GET', `${SR}/desks/${deck.id}/`, { token: ana.access });
    expect(anaDeck.body.new_cards_per_day).toBe(10);
  });

  it('allow_editing lets those it is shared with edit cards, but never delete or share', async () => {
    const ana = await t.signUp();
    const ben = await t.signUp();
    const deck = await makeDeck(ana);
    await t.request('POST', `${SR}/desks/${deck.id}/share_multiple/`, {
      token: ana.access,
      body: { emails: [ben.user.email], allow_editing: true },
    });
    const card = await makeCard(ben, deck.id, 'France', 'Paris');
    // The new card is in both learners' queues.
    const anaQueue = await t.request('GET', `${SR}/cards/due_cards/?desk_id=${deck.id}`, {
      token: ana.access,
    });
    expect(anaQueue.body.cards.map((x: { id: number }) => x.id)).toContain(card.id);
    const renamed = await t.request('PUT', `${SR}/desks/${deck.id}/`, {
      token: ben.access,
      body: { name: 'Shared capitals' },
    });
    expect(renamed.status).toBe(200);
    const flip = await t.request('PUT', `${SR}/desks/${deck.id}/`, {
      token: ben.access,
      body: { name: 'x', allow_editing: false },
    });
    expect(flip.status).toBe(403);
    expect(
      (await t.request('DELETE', `${SR}/desks/${deck.id}/`, { token: ben.access })).status,
    ).toBe(403);
  });
});

describe('authorization: another learner’s ids are 404', () => {
  it('for every deck and card operation', async () => {
    const ana = await t.signUp();
    const eve = await t.signUp();
    const deck = await makeDeck(ana);
    const card = await makeCard(ana, deck.id);
    const as = { token: eve.access };
    const calls = [
      t.request('GET', `${SR}/desks/${deck.id}/`, as),
      t.request('PUT', `${SR}/desks/${deck.id}/`, { ...as, body: { name: 'x' } }),
      t.request('DELETE', `${SR}/desks/${deck.id}/`, as),
      t.request('GET', `${SR}/desks/${deck.id}/cards/`, as),
      t.request('POST', `${SR}/desks/${deck.id}/share_multiple/`, {
        ...as,
        body: { emails: [eve.user.email] },
      }),
      t.request('POST', `${SR}/desks/${deck.id}/configure_new_cards/`, {
        ...as,
        body: { new_cards_per_day: 5 },
      }),
      t.request('POST', `${SR}/desks/${deck.id}/generate_cards/`, {
        ...as,
        body: { text: 'a: b' },
      }),
      t.request('GET', `${SR}/cards/due_cards/?desk_id=${deck.id}`, as),
      t.request('POST', `${SR}/cards/`, {
        ...as,
        body: { desk_id: deck.id, front: 'a', back: 'b' },
      }),
      t.request('PUT', `${SR}/cards/${card.id}/`, { ...as, body: { front: 'a', back: 'b' } }),
      t.request('DELETE', `${SR}/cards/${card.id}/`, as),
      t.request('POST', `${SR}/cards/${card.id}/update_difficulty/`, {
        ...as,
        body: { difficulty: 'good' },
      }),
      t.request('POST', `${SR}/cards/${card.id}/repeat_same_day/`, {
        ...as,
        body: { difficulty: 'good' },
      }),
      t.request('POST', `${SR}/cards/${card.id}/undo_review/`, as),
    ];
    for (const res of await Promise.all(calls)) {
      expect(res.status).toBe(404);
      expect(res.body.code).toBe('not_found');
    }
    const list = await t.request('GET', `${SR}/desks/`, as);
    expect(list.body).toEqual([]);
    const queue = await t.request('GET', `${SR}/cards/due_cards/`, as);
    expect(queue.body.cards).toEqual([]);
    // Nothing changed for Ana.
    const still = await t.request('GET', `${SR}/desks/${deck.id}/`, { token: ana.access });
    expect(still.body).toMatchObject({ name: 'Capitals', cards_count: 1 });
  });
});
