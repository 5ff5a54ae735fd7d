import { Rating } from 'ts-fsrs';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { MIN_REVIEWS_TO_FIT, schedulerFor } from '../../domain/review/memory-model.ts';
import { newSchedule, review } from '../../domain/review/scheduling.ts';
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
const MODEL = `${SR}/memory-model/`;

describe('memory model', () => {
  it('starts on the defaults at 0.90 retention, saying how many reviews a fit needs', async () => {
    const ana = await t.signUp();
    const res = await t.request('GET', MODEL, { token: ana.access });
    expect(res.status).toBe(200);
    expect(res.body).toEqual({
      desired_retention: 0.9,
      uses_fitted_parameters: false,
      fitting: false,
      reviews_count: 0,
      min_reviews: MIN_REVIEWS_TO_FIT,
      new_reviews: 0,
      refit_after: 200,
      fit_outcome: null,
      fitted_at: null,
      fitted_reviews: null,
      evaluated_reviews: null,
      log_loss: null,
      default_log_loss: null,
    });
  });

  it('sets the desired retention, which schedules the next rating', async () => {
    const ana = await t.signUp();
    const put = await t.request('PUT', MODEL, {
      token: ana.access,
      body: { desired_retention: 0.8 },
    });
    expect(put.status).toBe(200);
    expect(put.body.desired_retention).toBe(0.8);
    expect((await t.request('GET', MODEL, { token: ana.access })).body.desired_retention).toBe(0.8);

    const deck = await makeDeck(ana);
    const card = await makeCard(ana, deck.id);
    const day = 86_400_000;
    const first = new Date(Math.floor((Date.now() - 30 * day) / day) * day + 10 * 3_600_000);
    const second = new Date(first.getTime() + 5 * day);
    const own = schedulerFor({ parameters: null, desiredRetention: 0.8 });
    const once = review(newSchedule(first), Rating.Good, first, { scheduler: own });
    const expected = review(once.schedule, Rating.Good, second, { scheduler: own }).schedule.due;
    const at90 = review(
      review(newSchedule(first), Rating.Good, first).schedule,
      Rating.Good,
      second,
    ).schedule.due;
    expect(expected.getTime()).toBeGreaterThan(at90.getTime());
    await rate(ana, card.id, { difficulty: 'good', reviewed_at: first.toISOString() });
    const res = await rate(ana, card.id, { difficulty: 'good', reviewed_at: second.toISOString() });
    expect(res.body.next_due).toBe(expected.toISOString());
    expect((await t.request('GET', MODEL, { token: ana.access })).body.reviews_count).toBe(2);
  });

  it.each([0.69, 0.971, 1, -1])('refuses a retention of %s, naming the field', async (value) => {
    const ana = await t.signUp();
    const res = await t.request('PUT', MODEL, {
      token: ana.access,
      body: { desired_retention: value },
    });
    expect(res.status).toBe(400);
    expect(res.body.code).toBe('validation_error');
    expect(res.body.field_codes.desired_retention).toEqual([
      value < 0.7 ? 'too_small' : 'too_large',
    ]);
  });

  it('refuses a missing or unknown field and a non-number', async () => {
    const ana = await t.signUp();
    for (const body of [{}, { desired_retention: 0.9, w: [1] }, { desired_retention: '0.9' }]) {
      const res = await t.request('PUT', MODEL, { token: ana.access, body });
      expect(res.status).toBe(400);
      expect(Object.keys(res.body.fields).length).toBeGreaterThan(0);
    }
  });

  it('answers 401 without a session, and each learner sees only their own model', async () => {
    expect((await t.request('GET', MODEL)).status).toBe(401);
    const ana = await t.signUp();
    const ben = await t.signUp();
    await t.request('PUT', MODEL, { token: ana.access, body: { desired_retention: 0.95 } });
    expect((await t.request('GET', MODEL, { token: ben.access })).body.desired_retention).toBe(0.9);
  });
});

describe('interval previews', () => {
  it('show what the learner’s own retention will schedule', async () => {
    const ana = await t.signUp();
    const deck = await makeDeck(ana);
    await makeCard(ana, deck.id);
    const due = async () =>
      (await t.request('GET', `${SR}/cards/due_cards/?desk_id=${deck.id}`, { token: ana.access }))
        .body.cards[0].intervals;
    const at90 = await due();
    await t.request('PUT', MODEL, { token: ana.access, body: { desired_retention: 0.7 } });
    const at70 = await due();
    // A new card's good goes through the learning steps alike; easy graduates by retention.
    expect(at70.easy.interval_seconds).toBeGreaterThan(at90.easy.interval_seconds);
  });
});
