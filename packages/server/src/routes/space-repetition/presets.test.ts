import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { presetForCard, presetForDesk } from '../../db/queries/presets.ts';
import { createTestBackend, type TestBackend } from '../../test/harness.ts';
import { helpers, type Learner, SR } from '../../test/space-repetition.ts';

let t: TestBackend;

beforeAll(async () => {
  t = await createTestBackend();
});

afterAll(async () => {
  await t?.close();
});

const { makeDeck, deckOf, rate } = helpers(() => t);

const DAY = 86_400_000;

async function makePreset(who: Learner, body: Record<string, unknown>) {
  const res = await t.request('POST', `${SR}/presets/`, { token: who.access, body });
  expect(res.status).toBe(201);
  return res.body;
}

async function assign(who: Learner, deckId: number, presetId: number) {
  const res = await t.request('PUT', `${SR}/desks/${deckId}/preset/`, {
    token: who.access,
    body: { preset_id: presetId },
  });
  expect(res.status).toBe(200);
  return res.body;
}

const queue = (who: Learner, query = '') =>
  t.request('GET', `${SR}/cards/due_cards/?limit=50${query}`, { token: who.access });

/**
 * Makes `ids` review cards of `who` due yesterday, with the given stabilities and difficulties
 * (test setup: the state a year of ratings would leave), last reviewed `elapsedDays` ago.
 */
async function asReviewCards(
  who: Learner,
  cards: { id: number; stability: number; difficulty: number; elapsedDays: number }[],
) {
  for (const c of cards) {
    const last = new Date(Date.now() - c.elapsedDays * DAY);
    await t.database.sql`
      update card_schedules set state = 2, due = ${new Date(Date.now() - DAY).toISOString()},
        stability = ${c.stability}, difficulty = ${c.difficulty}, reps = 3,
        scheduled_days = ${c.elapsedDays - 1}, last_review = ${last.toISOString()},
        introduced_at = ${last.toISOString()}
      where user_id = ${who.user.id} and card_id = ${c.id}`;
  }
}

describe('presets', () => {
  it('lists the default preset first, made on first use with the documented defaults', async () => {
    const ana = await t.signUp();
    const res = await t.request('GET', `${SR}/presets/`, { token: ana.access });
    expect(res.status).toBe(200);
    expect(res.body).toEqual([
      {
        id: expect.any(Number),
        is_default: true,
        name: 'Default',
        new_cards_per_day: null,
        max_reviews_per_day: 9999,
        learning_steps: ['1m', '10m'],
        relearning_steps: ['10m'],
        desired_retention: null,
        review_order: 'due',
        new_card_order: 'added',
        gather_order: 'ascending_position',
        bury_siblings: false,
        leech_threshold: 8,
        leech_action: 'suspend',
        easy_days: [],
        easy_day_load: 0.5,
      },
    ]);
    const again = await t.request('GET', `${SR}/presets/`, { token: ana.access });
    expect(again.body).toEqual(res.body);
  });

  it('creates and changes a preset; settings left out keep their values', async () => {
    const ana = await t.signUp();
    const made = await makePreset(ana, {
      name: 'Exam',
      new_cards_per_day: 30,
      easy_days: ['sunday', 'saturday'],
    });
    expect(made).toMatchObject({
      name: 'Exam',
      is_default: false,
      new_cards_per_day: 30,
      max_reviews_per_day: 9999,
      easy_days: ['saturday', 'sunday'],
    });
    const changed = await t.request('PUT', `${SR}/presets/${made.id}/`, {
      token: ana.access,
      body: { desired_retention: 0.95, review_order: 'random' },
    });
    expect(changed.status).toBe(200);
    expect(changed.body).toMatchObject({
      name: 'Exam',
      new_cards_per_day: 30,
      desired_retention: 0.95,
      review_order: 'random',
    });
    const list = await t.request('GET', `${SR}/presets/`, { token: ana.access });
    expect(list.body.map((p: { name: string }) => p.name)).toEqual(['Default', 'Exam']);
  });

  it('names the failing field of a bad setting', async () => {
    const ana = await t.signUp();
    for (const [field, value] of [
      ['learning_steps', ['1m', 'ten minutes']],
      ['desired_retention', 0.5],
      ['max_reviews_per_day', -1],
      ['leech_action', 'delete'],
      ['easy_days', ['funday']],
      ['name', '  '],
    ] as const) {
      const res = await t.request('POST', `${SR}/presets/`, {
        token: ana.access,
        body: { name: 'Bad', [field]: value },
      });
      expect(res.status, field).toBe(400);
      expect(res.body.code).toBe('validation_error');
      expect(Object.keys(res.body.fields).join(), field).toContain(field);
    }
  });

  it('keeps the default preset: deleting it is 409; deleting another moves its decks back', async () => {
    const ana = await t.signUp();
    const list = await t.request('GET', `${SR}/presets/`, { token: ana.access });
    const defaultId = list.body[0].id;
    const refused = await t.request('DELETE', `${SR}/presets/${defaultId}/`, {
      token: ana.access,
    });
    expect(refused.status).toBe(409);
    expect(refused.body.detail).toBe('The default preset cannot be deleted.');
    const deck = await makeDeck(ana);
    const exam = await makePreset(ana, { name: 'Exam' });
    await assign(ana, deck.id, exam.id);
    const gone = await t.request('DELETE', `${SR}/presets/${exam.id}/`, { token: ana.access });
    expect(gone.status).toBe(204);
    const now = await t.request('GET', `${SR}/desks/${deck.id}/preset/`, { token: ana.access });
    expect(now.body).toMatchObject({ id: defaultId, is_default: true });
  });

  it("answers 404 for another user's preset and desk", async () => {
    const ana = await t.signUp();
    const bob = await t.signUp();
    const anaPreset = await makePreset(ana, { name: 'Mine' });
    const bobDeck = await makeDeck(bob);
    const anaDeck = await makeDeck(ana);
    const calls = [
      t.request('PUT', `${SR}/presets/${anaPreset.id}/`, { token: bob.access, body: {} }),
      t.request('DELETE', `${SR}/presets/${anaPreset.id}/`, { token: bob.access }),
      t.request('PUT', `${SR}/desks/${bobDeck.id}/preset/`, {
        token: ana.access,
        body: { preset_id: anaPreset.id },
      }),
      t.request('GET', `${SR}/desks/${bobDeck.id}/preset/`, { token: ana.access }),
      t.request('PUT', `${SR}/desks/${anaDeck.id}/preset/`, {
        token: bob.access,
        body: { preset_id: anaPreset.id },
      }),
    ];
    expect((await Promise.all(calls)).map((r) => r.status)).toEqual([404, 404, 404, 404, 404]);
    const bobOwn = await makePreset(bob, { name: 'Bob' });
    const foreign = await t.request('PUT', `${SR}/desks/${anaDeck.id}/preset/`, {
      token: ana.access,
      body: { preset_id: bobOwn.id },
    });
    expect(foreign.status).toBe(404);
  });

  it('lets a share recipient assign their own preset, the owner keeping theirs', async () => {
    const ana = await t.signUp();
    const bob = await t.signUp();
    const { deck } = await deckOf(ana, 3);
    const shared = await t.request('POST', `${SR}/desks/${deck.id}/share_multiple/`, {
      token: ana.access,
      body: { emails: [bob.user.email] },
    });
    expect(shared.status).toBe(200);
    const paused = await makePreset(bob, { name: 'Paused', new_cards_per_day: 0 });
    await assign(bob, deck.id, paused.id);
    expect((await queue(bob)).body.new_count).toBe(0);
    expect((await queue(ana)).body.new_count).toBe(3);
    const anaView = await t.request('GET', `${SR}/desks/${deck.id}/preset/`, {
      token: ana.access,
    });
    expect(anaView.body.is_default).toBe(true);
  });
});

describe('presetForDesk and presetForCard', () => {
  it('give the effective settings: defaults, the deck’s limit and the learner’s retention', async () => {
    const ana = await t.signUp();
    const bob = await t.signUp();
    const { deck, ids } = await deckOf(ana, 1);
    const sql = t.database.sql;
    // No preset row yet: the built-in defaults with the deck's own limit (10).
    expect(await presetForDesk(sql, ana.user.id, deck.id)).toMatchObject({
      presetId: null,
      newCardsPerDay: 10,
      desiredRetention: 0.9,
      leechThreshold: 8,
      leechAction: 'suspend',
    });
    const exam = await makePreset(ana, { name: 'Exam', leech_threshold: 4, easy_days: ['sunday'] });
    await assign(ana, deck.id, exam.id);
    const byCard = await presetForCard(sql, ana.user.id, ids[0] ?? 0);
    expect(byCard).toMatchObject({
      presetId: exam.id,
      name: 'Exam',
      leechThreshold: 4,
      easyDays: [6],
      newCardsPerDay: 10,
    });
    // Someone who does not see the deck gets nothing.
    expect(await presetForDesk(sql, bob.user.id, deck.id)).toBeUndefined();
    expect(await presetForCard(sql, bob.user.id, ids[0] ?? 0)).toBeUndefined();
  });
});

describe('the queue follows the preset', () => {
  it('pauses new cards at 0 and caps them per deck, in the deck and the all-decks queue', async () => {
    const ana = await t.signUp();
    const a = await deckOf(ana, 4);
    const b = await deckOf(ana, 4);
    const none = await makePreset(ana, { name: 'None', new_cards_per_day: 0 });
    const two = await makePreset(ana, { name: 'Two', new_cards_per_day: 2 });
    await assign(ana, a.deck.id, none.id);
    await assign(ana, b.deck.id, two.id);
    const all = await queue(ana);
    expect(all.body.new_count).toBe(2);
    expect(all.body.cards.map((c: { id: number }) => c.id)).toEqual(b.ids.slice(0, 2));
    const onlyA = await queue(ana, `&desk_id=${a.deck.id}`);
    expect(onlyA.body).toMatchObject({ new_count: 0, remaining_today: 0, cards: [] });
    const decks = await t.request('GET', `${SR}/desks/${a.deck.id}/`, { token: ana.access });
    expect(decks.body).toMatchObject({ new_count: 0, remaining_today: 0 });
  });

  it('caps review cards per deck a day, counting the reviews done today', async () => {
    const ana = await t.signUp();
    const a = await deckOf(ana, 5);
    const b = await deckOf(ana, 2);
    await asReviewCards(
      ana,
      [...a.ids, ...b.ids].map((id) => ({ id, stability: 10, difficulty: 5, elapsedDays: 10 })),
    );
    const three = await makePreset(ana, { name: 'Three', max_reviews_per_day: 3 });
    await assign(ana, a.deck.id, three.id);
    const all = await queue(ana);
    expect(all.body.due_count).toBe(5);
    expect(all.body.cards.filter((c: { desk_id: number }) => c.desk_id === a.deck.id)).toHaveLength(
      3,
    );
    const first = all.body.cards.find((c: { desk_id: number }) => c.desk_id === a.deck.id);
    expect((await rate(ana, first.id, { difficulty: 'good' })).status).toBe(200);
    const after = await queue(ana, `&desk_id=${a.deck.id}`);
    expect(after.body.due_count).toBe(2);
    const listed = await t.request('GET', `${SR}/desks/${a.deck.id}/`, { token: ana.access });
    expect(listed.body).toMatchObject({ due_count: 2, remaining_today: 2 });
    expect(after.body.cards).toHaveLength(2);
    const zero = await makePreset(ana, { name: 'Zero', max_reviews_per_day: 0 });
    await assign(ana, b.deck.id, zero.id);
    expect((await queue(ana, `&desk_id=${b.deck.id}`)).body.due_count).toBe(0);
  });

  it('orders review cards by the preset: retrievability, difficulty, random', async () => {
    const ana = await t.signUp();
    const { deck, ids } = await deckOf(ana, 4);
    // Retrievability falls with elapsed days over stability: ids[2] lowest, then 0, 3, 1.
    const setup = [
      { id: ids[0] ?? 0, stability: 10, difficulty: 3, elapsedDays: 20 },
      { id: ids[1] ?? 0, stability: 100, difficulty: 9, elapsedDays: 5 },
      { id: ids[2] ?? 0, stability: 2, difficulty: 1, elapsedDays: 30 },
      { id: ids[3] ?? 0, stability: 30, difficulty: 6, elapsedDays: 10 },
    ];
    await asReviewCards(ana, setup);
    const preset = await makePreset(ana, { name: 'R', review_order: 'retrievability_ascending' });
    await assign(ana, deck.id, preset.id);
    const order = async () =>
      (await queue(ana, `&desk_id=${deck.id}`)).body.cards.map((c: { id: number }) => c.id);
    expect(await order()).toEqual([ids[2], ids[0], ids[3], ids[1]]);
    await t.request('PUT', `${SR}/presets/${preset.id}/`, {
      token: ana.access,
      body: { review_order: 'difficulty' },
    });
    expect(await order()).toEqual([ids[1], ids[3], ids[0], ids[2]]);
    await t.request('PUT', `${SR}/presets/${preset.id}/`, {
      token: ana.access,
      body: { review_order: 'random' },
    });
    const random = await order();
    expect([...random].sort((x, y) => x - y)).toEqual([...ids].sort((x, y) => x - y));
    expect(await order()).toEqual(random);
  });

  it("schedules with the deck's desired retention: a higher one gives a shorter interval", async () => {
    const ana = await t.signUp();
    const low = await deckOf(ana, 1);
    const high = await deckOf(ana, 1);
    await asReviewCards(ana, [
      { id: low.ids[0] ?? 0, stability: 20, difficulty: 5, elapsedDays: 20 },
      { id: high.ids[0] ?? 0, stability: 20, difficulty: 5, elapsedDays: 20 },
    ]);
    const strict = await makePreset(ana, { name: 'Strict', desired_retention: 0.97 });
    await assign(ana, high.deck.id, strict.id);
    const at = new Date().toISOString();
    const l = await rate(ana, low.ids[0] ?? 0, { difficulty: 'good', reviewed_at: at });
    const h = await rate(ana, high.ids[0] ?? 0, { difficulty: 'good', reviewed_at: at });
    expect(l.status).toBe(200);
    expect(h.status).toBe(200);
    expect(h.body.interval_seconds).toBeLessThan(l.body.interval_seconds / 2);
  });

  it("uses the preset's learning steps", async () => {
    const ana = await t.signUp();
    const { deck, ids } = await deckOf(ana, 1);
    const slow = await makePreset(ana, { name: 'Slow', learning_steps: ['30m', '2h'] });
    await assign(ana, deck.id, slow.id);
    // The queue's previews are what the rating then schedules.
    const [shown] = (await queue(ana, `&desk_id=${deck.id}`)).body.cards;
    expect(shown.intervals.again.interval_seconds).toBe(30 * 60);
    const res = await rate(ana, ids[0] ?? 0, { difficulty: 'again' });
    expect(res.status).toBe(200);
    expect(res.body.interval_seconds).toBe(30 * 60);
  });
});
