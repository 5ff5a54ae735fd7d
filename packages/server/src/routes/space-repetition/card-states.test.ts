/**
 * Suspend, bury and flag: each state takes a card out of the learner's queue (and its counts)
 * and back, per learner; a burial ends at the start of the learner's next day in their zone.
 */
import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { createClock } from '../../clock.ts';
import { createTestBackend, type TestBackend } from '../../test/harness.ts';
import { helpers, type Learner, SR } from '../../test/space-repetition.ts';

let t: TestBackend;

beforeAll(async () => {
  t = await createTestBackend();
});

afterAll(async () => {
  await t?.close();
});

beforeEach(() => {
  t.deps.clock = createClock({ adjustable: true });
});

const { deckOf, rate } = helpers(() => t);

const queue = async (who: Learner, deckId?: number) => {
  const res = await t.request(
    'GET',
    `${SR}/cards/due_cards/?limit=50${deckId === undefined ? '' : `&desk_id=${deckId}`}`,
    { token: who.access },
  );
  expect(res.status).toBe(200);
  return {
    ids: res.body.cards.map((c: { id: number }) => c.id) as number[],
    due: res.body.due_count as number,
    fresh: res.body.new_count as number,
  };
};

const act = (who: Learner, cardId: number, action: string) =>
  t.request('POST', `${SR}/cards/${cardId}/${action}/`, { token: who.access });

const deckCounts = async (who: Learner, deckId: number) => {
  const res = await t.request('GET', `${SR}/desks/${deckId}/`, { token: who.access });
  expect(res.status).toBe(200);
  return { due: res.body.due_count, fresh: res.body.new_count };
};

/** A deck of three cards, the first rated Good twice (a review card due in days), due now. */
async function deckWithReviewCard(who: Learner) {
  const { deck, ids } = await deckOf(who, 3);
  const start = Date.now() - 30 * 86_400_000;
  expect(
    (
      await rate(who, ids[0] ?? 0, {
        difficulty: 'good',
        reviewed_at: new Date(start).toISOString(),
      })
    ).status,
  ).toBe(200);
  expect(
    (
      await rate(who, ids[0] ?? 0, {
        difficulty: 'good',
        reviewed_at: new Date(start + 3_600_000).toISOString(),
      })
    ).status,
  ).toBe(200);
  return { deck, ids };
}

describe('suspend', () => {
  it('takes a due card and a new card out of every queue and count, and unsuspend puts them back', async () => {
    const ana = await t.signUp();
    const { deck, ids } = await deckWithReviewCard(ana);
    const [review = 0, fresh = 0, other = 0] = ids;
    const before = await queue(ana, deck.id);
    expect(before.ids).toEqual([review, fresh, other]);
    expect([before.due, before.fresh]).toEqual([1, 2]);

    const suspended = await act(ana, review, 'suspend');
    expect(suspended.status).toBe(200);
    expect(suspended.body).toMatchObject({ id: review, suspended: true, state: 'review' });
    expect((await act(ana, fresh, 'suspend')).body.suspended).toBe(true);

    for (const q of [await queue(ana, deck.id), await queue(ana)]) {
      expect(q.ids).toEqual([other]);
      expect([q.due, q.fresh]).toEqual([0, 1]);
    }
    expect(await deckCounts(ana, deck.id)).toEqual({ due: 0, fresh: 1 });

    const back = await act(ana, review, 'unsuspend');
    expect(back.body).toMatchObject({ suspended: false, state: 'review', due: suspended.body.due });
    await act(ana, fresh, 'unsuspend');
    const after = await queue(ana);
    expect(after.ids).toEqual([review, fresh, other]);
    expect([after.due, after.fresh]).toEqual([1, 2]);
    expect(await deckCounts(ana, deck.id)).toEqual({ due: 1, fresh: 2 });
  });

  it('is the learner’s own: a recipient of a read-only deck suspends their schedule, not the owner’s', async () => {
    const ana = await t.signUp();
    const bo = await t.signUp();
    const { deck, ids } = await deckOf(ana, 2);
    const shared = await t.request('POST', `${SR}/desks/${deck.id}/share_multiple/`, {
      token: ana.access,
      body: { emails: [bo.user.email] },
    });
    expect(shared.status).toBeLessThan(300);
    expect((await act(bo, ids[0] ?? 0, 'suspend')).status).toBe(200);
    expect((await queue(bo, deck.id)).ids).toEqual([ids[1]]);
    expect((await queue(ana, deck.id)).ids).toEqual(ids);
    // Someone who does not see the deck: 404 for every action, and nothing changes.
    const cy = await t.signUp();
    for (const action of ['suspend', 'unsuspend', 'bury', 'unbury']) {
      expect((await act(cy, ids[1] ?? 0, action)).status).toBe(404);
    }
    const flagged = await t.request('PUT', `${SR}/cards/${ids[1]}/flag/`, {
      token: cy.access,
      body: { flag: 1 },
    });
    expect(flagged.status).toBe(404);
    expect((await queue(ana, deck.id)).ids).toEqual(ids);
  });
});

describe('bury', () => {
  it.each([
    ['Europe/Madrid', '2026-03-10T23:30:00Z', '2026-03-10T23:00:00.000Z'],
    ['America/Lima', '2026-03-10T23:30:00Z', '2026-03-11T05:00:00.000Z'],
  ])(
    'in %s, at %s, lasts until the learner’s midnight (%s), then the card is back',
    async (timezone, at, midnight) => {
      const clock = createClock({ adjustable: true });
      t.deps.clock = clock;
      clock.setOffset((Date.parse(at) - Date.now()) / 1000);
      const ana = await t.signUp({ timezone });
      const { deck, ids } = await deckOf(ana, 2);
      // Madrid's 00:30 of the 11th ends at its next midnight, 23:00 UTC of the 11th.
      const expected =
        Date.parse(midnight) <= Date.parse(at)
          ? new Date(Date.parse(midnight) + 86_400_000).toISOString()
          : midnight;
      const buried = await act(ana, ids[0] ?? 0, 'bury');
      expect(buried.status).toBe(200);
      expect(buried.body.buried_until).toBe(expected);
      expect((await queue(ana, deck.id)).ids).toEqual([ids[1]]);
      expect((await queue(ana)).fresh).toBe(1);

      clock.setOffset((Date.parse(expected) - 1000 - Date.now()) / 1000);
      expect((await queue(ana, deck.id)).ids).toEqual([ids[1]]);
      clock.setOffset((Date.parse(expected) - Date.now()) / 1000);
      const next = await queue(ana, deck.id);
      expect(next.ids).toEqual(ids);
      expect((await queue(ana)).fresh).toBe(2);
    },
  );

  it('keeps a buried due card out of the due count of every deck, and unbury brings it back now', async () => {
    const ana = await t.signUp();
    const { ids } = await deckWithReviewCard(ana);
    expect((await queue(ana)).due).toBe(1);
    await act(ana, ids[0] ?? 0, 'bury');
    const buried = await queue(ana);
    expect([buried.due, buried.ids.includes(ids[0] ?? 0)]).toEqual([0, false]);
    const back = await act(ana, ids[0] ?? 0, 'unbury');
    expect(back.body.buried_until).toBeNull();
    expect((await queue(ana)).due).toBe(1);
  });
});

describe('flags', () => {
  it('sets and clears the learner’s flag, and names flags per learner', async () => {
    const ana = await t.signUp();
    const bo = await t.signUp();
    const { ids } = await deckOf(ana, 1);
    const flag = (body: unknown) =>
      t.request('PUT', `${SR}/cards/${ids[0]}/flag/`, { token: ana.access, body });
    expect((await flag({ flag: 3 })).body.flag).toBe(3);
    expect((await flag({ flag: 8 })).status).toBe(400);
    expect((await flag({ flag: 0 })).body.flag).toBe(0);

    const list = await t.request('GET', `${SR}/flags/`, { token: ana.access });
    expect(list.body.map((f: { color: string }) => f.color)).toEqual([
      'red',
      'orange',
      'green',
      'blue',
      'pink',
      'turquoise',
      'purple',
    ]);
    const renamed = await t.request('PUT', `${SR}/flags/1/`, {
      token: ana.access,
      body: { name: '  Check the source ' },
    });
    expect(renamed.body).toEqual({ flag: 1, color: 'red', name: 'Check the source' });
    expect((await t.request('GET', `${SR}/flags/`, { token: bo.access })).body[0].name).toBe('Red');
    const reset = await t.request('PUT', `${SR}/flags/1/`, {
      token: ana.access,
      body: { name: '' },
    });
    expect(reset.body.name).toBe('Red');
    expect(
      (await t.request('PUT', `${SR}/flags/9/`, { token: ana.access, body: { name: 'x' } })).status,
    ).toBe(400);
  });
});

describe('leeches', () => {
  /** A review card of `who` with `lapses` lapses, and a time after its due date to rate it. */
  async function lapsedCard(who: Learner, deckId: number, cardId: number, lapses: number) {
    const start = Date.now() - 60 * 86_400_000;
    await rate(who, cardId, { difficulty: 'good', reviewed_at: new Date(start).toISOString() });
    await rate(who, cardId, {
      difficulty: 'good',
      reviewed_at: new Date(start + 3_600_000).toISOString(),
    });
    await t.database.sql`
      update card_schedules set lapses = ${lapses}
      where user_id = ${who.user.id} and card_id = ${cardId}`;
    expect(deckId).toBeGreaterThan(0);
  }

  it('a lapse reaching the threshold (8) tags the note leech, suspends the card and says so once', async () => {
    const ana = await t.signUp();
    const { deck, ids } = await deckOf(ana, 2);
    const card = ids[0] ?? 0;
    await lapsedCard(ana, deck.id, card, 7);
    const res = await rate(ana, card, { difficulty: 'again' });
    expect(res.status).toBe(200);
    expect(res.body.leech).toBe(true);
    expect(res.body.card).toMatchObject({ lapses: 8, suspended: true });
    expect((await queue(ana, deck.id)).ids).toEqual([ids[1]]);
    const [note] = await t.database.sql<{ tags: string[] }[]>`
      select n.tags from notes n join cards c on c.note_id = n.id where c.id = ${card}`;
    expect(note?.tags).toEqual(['leech']);
    // Back in the queue, lapsing again is not news: no second alert, not suspended again.
    await act(ana, card, 'unsuspend');
    await rate(ana, card, { difficulty: 'good' });
    await t.database.sql`
      update card_schedules set state = 2, due = now() - interval '1 day'
      where user_id = ${ana.user.id} and card_id = ${card}`;
    const again = await rate(ana, card, { difficulty: 'again' });
    expect(again.body.leech).toBeUndefined();
    expect(again.body.card.suspended).toBe(false);
  });

  it('a recipient of a read-only deck has their card suspended, the owner’s note untagged', async () => {
    const ana = await t.signUp();
    const bo = await t.signUp();
    const { deck, ids } = await deckOf(ana, 1);
    const shared = await t.request('POST', `${SR}/desks/${deck.id}/share_multiple/`, {
      token: ana.access,
      body: { emails: [bo.user.email] },
    });
    expect(shared.status).toBeLessThan(300);
    const card = ids[0] ?? 0;
    await lapsedCard(bo, deck.id, card, 7);
    const res = await rate(bo, card, { difficulty: 'again' });
    expect(res.body).toMatchObject({ leech: true, card: { suspended: true } });
    const [note] = await t.database.sql<{ tags: string[] }[]>`
      select n.tags from notes n join cards c on c.note_id = n.id where c.id = ${card}`;
    expect(note?.tags).toEqual([]);
    expect((await queue(ana, deck.id)).ids).toEqual([card]);
  });
});

describe('siblings', () => {
  it('are not buried by a rating with the default settings; burySiblings buries the others until tomorrow', async () => {
    const ana = await t.signUp({ timezone: 'America/Lima' });
    const { makeDeck } = helpers(() => t);
    const deck = await makeDeck(ana);
    const note = await t.request('POST', `${SR}/notes/`, {
      token: ana.access,
      body: {
        desk_id: deck.id,
        note_type: 'basic_reversed',
        fields: { front: 'Spain', back: 'Madrid' },
      },
    });
    expect(note.status).toBe(201);
    const [first, second] = note.body.cards.map((c: { id: number }) => c.id) as number[];
    await rate(ana, first ?? 0, { difficulty: 'good' });
    expect((await queue(ana, deck.id)).ids).toContain(second);

    const { burySiblings } = await import('../../db/queries/card-states.ts');
    const until = new Date(Date.now() + 3_600_000);
    expect(await burySiblings(t.database.sql, ana.user.id, first ?? 0, until)).toBe(1);
    expect((await queue(ana, deck.id)).ids).not.toContain(second);
    expect((await queue(ana, deck.id)).ids).toContain(first);
  });
});
