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

const { deckOf, rate } = helpers(() => t);
const DAY = 86_400_000;

describe('listOfflineCards', () => {
  it('keeps the cards due within 3 days with their whole FSRS state and the scheduler settings', async () => {
    const ana = await t.signUp();
    const { deck, ids } = await deckOf(ana, 3);
    const [overdue, later, fresh] = ids as [number, number, number];
    // Easy 40 days ago: due long since. Easy now: due in about a week, past the window.
    const past = new Date(Date.now() - 40 * DAY).toISOString();
    expect((await rate(ana, overdue, { difficulty: 'easy', reviewed_at: past })).status).toBe(200);
    expect((await rate(ana, later, { difficulty: 'easy' })).status).toBe(200);
    const other = await t.signUp();
    await deckOf(other, 2);

    const res = await t.request('GET', `${SR}/cards/offline_cards/`, { token: ana.access });

    expect(res.status).toBe(200);
    expect(res.body).toMatchObject({
      desk_id: null,
      desired_retention: 0.9,
      parameters: null,
      decks: [
        {
          desk_id: deck.id,
          desired_retention: null,
          learning_steps: ['1m', '10m'],
          relearning_steps: ['10m'],
        },
      ],
    });
    expect(Date.parse(res.body.until) - Date.parse(res.body.generated_at)).toBeGreaterThan(2 * DAY);
    expect(res.body.cards.map((c: { id: number }) => c.id)).toEqual([overdue, fresh]);
    const [rated, unrated] = res.body.cards;
    expect(rated.fsrs).toMatchObject({ state: 2, reps: 1, lapses: 0, last_review: past });
    expect(rated.fsrs.due).toBe(rated.due);
    expect(rated.fsrs.scheduled_days).toBeGreaterThan(0);
    expect(unrated.fsrs).toMatchObject({ state: 0, reps: 0, learning_steps: 0, last_review: null });
  });

  it('reads one deck; another learner’s deck is 404', async () => {
    const ana = await t.signUp();
    const { deck } = await deckOf(ana, 2);
    const bea = await t.signUp();
    const mine = await t.request('GET', `${SR}/cards/offline_cards/?desk_id=${deck.id}&days=1`, {
      token: ana.access,
    });
    expect(mine.status).toBe(200);
    expect(mine.body.cards).toHaveLength(2);
    const theirs = await t.request('GET', `${SR}/cards/offline_cards/?desk_id=${deck.id}`, {
      token: bea.access,
    });
    expect(theirs.status).toBe(404);
  });
});
