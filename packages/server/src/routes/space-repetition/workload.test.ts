import { Rating } from 'ts-fsrs';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { DEFAULT_WEIGHTS } from '../../domain/review/memory-model.ts';
import {
  addDays,
  localDate,
  review,
  scheduleFromJson,
  WEEKDAYS,
  weekdayIndex,
} from '../../domain/review/scheduling.ts';
import { fuzzRange } from '../../domain/workload/fuzz.ts';
import { curveOf, intervalFor, retrievability } from '../../domain/workload/memory.ts';
import { createTestBackend, type TestBackend } from '../../test/harness.ts';
import { helpers, type Learner, SR } from '../../test/space-repetition.ts';

let t: TestBackend;
beforeAll(async () => {
  t = await createTestBackend();
});
afterAll(async () => {
  await t?.close();
});

const { deckOf, rate } = helpers(() => t);
const DAY = 86_400_000;
const WORKLOAD = `${SR}/workload/`;

const workload = (who: Learner, body: Record<string, unknown>) =>
  t.request('POST', WORKLOAD, { token: who.access, body });

/** A learner with a deck of `n` cards, the first `studied` rated easy `daysAgo` days ago. */
async function learnerWithDeck(n: number, studied: number, daysAgo = 40) {
  const who = await t.signUp();
  const { deck, ids } = await deckOf(who, n);
  for (const id of ids.slice(0, studied)) {
    const res = await rate(who, id, {
      difficulty: 'easy',
      reviewed_at: new Date(Date.now() - daysAgo * DAY).toISOString(),
    });
    expect(res.status).toBe(200);
  }
  return { who, deck, ids };
}

async function dueOf(userId: number, cardId: number): Promise<number> {
  const [row] = await t.deps.sql<{ due: Date }[]>`
    select due from card_schedules where user_id = ${userId} and card_id = ${cardId}`;
  return new Date(row?.due ?? 0).getTime();
}

describe('POST space-repetition/workload/', () => {
  it('simulates the days, the retention curve and a suggestion inside the range, repeatably', async () => {
    const { who, deck } = await learnerWithDeck(30, 10);
    const res = await workload(who, { days: 60, desk_id: deck.id });
    expect(res.status).toBe(200);
    const body = res.body;
    expect(body.days).toHaveLength(60);
    expect(body.days[0].new_cards).toBe(10); // the deck's default of 10 new cards a day
    expect(body.days.reduce((a: number, d: { new_cards: number }) => a + d.new_cards, 0)).toBe(20);
    expect(
      body.retention_curve.map((p: { desired_retention: number }) => p.desired_retention),
    ).toEqual([0.7, 0.73, 0.76, 0.79, 0.82, 0.85, 0.88, 0.91, 0.94, 0.97]);
    expect(body.suggested_retention).toBeGreaterThanOrEqual(0.7);
    expect(body.suggested_retention).toBeLessThanOrEqual(0.97);
    expect(body.desired_retention).toBe(0.9);
    expect(body.uses_own_review_times).toBe(false);
    expect((await workload(who, { days: 60, desk_id: deck.id })).body).toEqual(body);
  });

  it('asks more reviews for a higher desired retention', async () => {
    const { who } = await learnerWithDeck(40, 0);
    const total = async (r: number) =>
      (await workload(who, { days: 200, desired_retention: r })).body.days.reduce(
        (a: number, d: { reviews: number }) => a + d.reviews,
        0,
      );
    expect(await total(0.95)).toBeGreaterThan(await total(0.75));
  });

  it('refuses a horizon over ten years and another learner’s deck', async () => {
    const { who, deck } = await learnerWithDeck(1, 0);
    const other = await t.signUp();
    const long = await workload(who, { days: 3651 });
    expect(long.status).toBe(400);
    expect(long.body.fields).toHaveProperty('days');
    expect((await workload(other, { days: 30, desk_id: deck.id })).status).toBe(404);
  });
});

describe('PUT space-repetition/desks/{id}/exam/', () => {
  it('sets, shows in the simulation and clears an exam date, per learner', async () => {
    const { who, deck } = await learnerWithDeck(5, 5);
    const date = new Date(Date.now() + 20 * DAY).toISOString().slice(0, 10);
    const put = await t.request('PUT', `${SR}/desks/${deck.id}/exam/`, {
      token: who.access,
      body: { date },
    });
    expect(put.status).toBe(200);
    expect(put.body).toEqual({ desk_id: deck.id, date });
    expect((await workload(who, { days: 30, desk_id: deck.id })).body.exam_date).toBe(date);
    const cleared = await t.request('PUT', `${SR}/desks/${deck.id}/exam/`, {
      token: who.access,
      body: { date: null },
    });
    expect(cleared.body.date).toBeNull();
    expect((await workload(who, { days: 30, desk_id: deck.id })).body.exam_date).toBeNull();
  });

  it('refuses a past date naming the field, and another learner’s deck', async () => {
    const { who, deck } = await learnerWithDeck(1, 0);
    const past = await t.request('PUT', `${SR}/desks/${deck.id}/exam/`, {
      token: who.access,
      body: { date: '2020-01-01' },
    });
    expect(past.status).toBe(400);
    expect(past.body.field_codes).toEqual({ date: ['exam_date_in_past'] });
    const other = await t.signUp();
    const res = await t.request('PUT', `${SR}/desks/${deck.id}/exam/`, {
      token: other.access,
      body: { date: null },
    });
    expect(res.status).toBe(404);
  });
});

describe('POST space-repetition/reschedule/', () => {
  it('postpones overdue reviews by the days asked, and undo puts them back once', async () => {
    const { who, ids } = await learnerWithDeck(3, 3);
    const before = await Promise.all(ids.map((id) => dueOf(who.user.id, id)));
    // 40 days after an easy first rating they are long overdue: none is safe to postpone.
    const safe = await t.request('POST', `${SR}/reschedule/`, {
      token: who.access,
      body: { kind: 'postpone', days: 3 },
    });
    expect(safe.body).toMatchObject({ moved: 0, safe_count: 0 });
    const res = await t.request('POST', `${SR}/reschedule/`, {
      token: who.access,
      body: { kind: 'postpone', days: 3, limit: 2 },
    });
    expect(res.status).toBe(200);
    expect(res.body.moved).toBe(2);
    expect(res.body.retention_after).toBeLessThan(res.body.retention_before);
    const after = await Promise.all(ids.map((id) => dueOf(who.user.id, id)));
    expect(after.filter((due) => due > Date.now() + 2.9 * DAY)).toHaveLength(2);

    const other = await t.signUp();
    const stranger = await t.request('POST', `${SR}/reschedule/${res.body.id}/undo/`, {
      token: other.access,
    });
    expect(stranger.status).toBe(404);
    const undo = await t.request('POST', `${SR}/reschedule/${res.body.id}/undo/`, {
      token: who.access,
    });
    expect(undo.body).toEqual({ id: res.body.id, restored: 2 });
    expect(await Promise.all(ids.map((id) => dueOf(who.user.id, id)))).toEqual(before);
    const again = await t.request('POST', `${SR}/reschedule/${res.body.id}/undo/`, {
      token: who.access,
    });
    expect(again.status).toBe(409);
  });

  it('advances coming reviews to now, and leaves a card rated since alone on undo', async () => {
    const { who, ids } = await learnerWithDeck(2, 2, 0);
    const res = await t.request('POST', `${SR}/reschedule/`, {
      token: who.access,
      body: { kind: 'advance', days: 60, limit: 2 },
    });
    expect(res.body.moved).toBe(2);
    const [first = 0, second = 0] = ids;
    expect(await dueOf(who.user.id, first)).toBeLessThanOrEqual(Date.now());
    expect((await rate(who, first, { difficulty: 'good' })).status).toBe(200);
    const rated = await dueOf(who.user.id, first);
    const undo = await t.request('POST', `${SR}/reschedule/${res.body.id}/undo/`, {
      token: who.access,
    });
    expect(undo.body.restored).toBe(1);
    expect(await dueOf(who.user.id, first)).toBe(rated);
    expect(await dueOf(who.user.id, second)).toBeGreaterThan(Date.now() + DAY);
  });

  it('refuses another learner’s deck', async () => {
    const { deck } = await learnerWithDeck(1, 0);
    const other = await t.signUp();
    const res = await t.request('POST', `${SR}/reschedule/`, {
      token: other.access,
      body: { kind: 'advance', days: 5, desk_id: deck.id },
    });
    expect(res.status).toBe(404);
  });
});

describe('load balancing and the exam cap in ratings', () => {
  /** The fuzz range (days from today) FSRS allows the card's next review after a good now. */
  async function rangeAfterGood(userId: number, cardId: number) {
    const [row] = await t.deps.sql<{ state_after: Parameters<typeof scheduleFromJson>[0] }[]>`
      select state_after from review_logs where user_id = ${userId} and card_id = ${cardId}
      order by id desc limit 1`;
    const before = scheduleFromJson(row?.state_after ?? ({} as never)).schedule;
    const now = new Date();
    const outcome = review(before, Rating.Good, now);
    const curve = curveOf(DEFAULT_WEIGHTS);
    const center = Math.round(intervalFor(curve, outcome.schedule.stability, 0.9));
    return {
      range: fuzzRange(center, outcome.elapsedDays, 36_500),
      stability: outcome.schedule.stability,
    };
  }

  it('puts the review on the least loaded day of its fuzz range', async () => {
    const { who, ids } = await learnerWithDeck(40, 1, 8);
    const [card = 0, ...others] = ids;
    const { range } = await rangeAfterGood(who.user.id, card);
    const [lo, hi] = range;
    expect(hi).toBeGreaterThan(lo);
    expect(hi).toBeLessThanOrEqual(90); // Anki's load balancer leaves longer intervals alone
    const today = localDate(new Date(), 'UTC');
    const empty = lo + Math.floor((hi - lo) / 2);
    // Every other day of the range already has reviews due.
    let k = 0;
    for (let n = lo; n <= hi; n++) {
      if (n === empty) continue;
      for (let i = 0; i < 6; i++) {
        const other = others[k++] ?? 0;
        await t.deps.sql`
          update card_schedules set state = 2, stability = 10, difficulty = 5,
            due = ${`${addDays(today, n)}T12:00:00Z`}::timestamptz
          where user_id = ${who.user.id} and card_id = ${other}`;
      }
    }
    const res = await rate(who, card, { difficulty: 'good' });
    expect(res.status).toBe(200);
    expect(localDate(new Date(res.body.next_due), 'UTC')).toBe(addDays(today, empty));
  });

  it('keeps reviews off the easy days of the deck’s preset, within the fuzz range', async () => {
    const { who, deck, ids } = await learnerWithDeck(5, 5, 8);
    const { range } = await rangeAfterGood(who.user.id, ids[0] ?? 0);
    const [lo, hi] = range;
    expect(hi - lo).toBeGreaterThanOrEqual(2);
    const today = localDate(new Date(), 'UTC');
    const weekdayOf = (n: number) => WEEKDAYS[weekdayIndex(addDays(today, n))] ?? 'monday';
    // Two weekdays of the range stay normal; the range's other weekdays are days off.
    const normal = [weekdayOf(lo + 1), weekdayOf(lo + 2)];
    const easyDays = new Set<string>();
    for (let n = lo; n <= hi; n++) if (!normal.includes(weekdayOf(n))) easyDays.add(weekdayOf(n));
    const made = await t.request('POST', `${SR}/presets/`, {
      token: who.access,
      body: { name: 'Days off', easy_days: [...easyDays], easy_day_load: 0 },
    });
    expect(made.status).toBe(201);
    const assigned = await t.request('PUT', `${SR}/desks/${deck.id}/preset/`, {
      token: who.access,
      body: { preset_id: made.body.id },
    });
    expect(assigned.status).toBe(200);
    // Without easy days the balancer spreads the five over the range's emptiest days, easy ones
    // included; with them every review lands on a normal weekday.
    const dueDays: string[] = [];
    for (const id of ids) {
      expect((await rangeAfterGood(who.user.id, id)).range).toEqual(range);
      const res = await rate(who, id, { difficulty: 'good' });
      expect(res.status).toBe(200);
      dueDays.push(localDate(new Date(res.body.next_due), 'UTC'));
    }
    for (const day of dueDays) {
      expect(day >= addDays(today, lo) && day <= addDays(today, hi)).toBe(true);
    }
    expect(
      dueDays.map((day) => WEEKDAYS[weekdayIndex(day)]).filter((w) => easyDays.has(w ?? '')),
    ).toEqual([]);
  });

  it('keeps the card at the desired retention on the exam day', async () => {
    const { who, deck, ids } = await learnerWithDeck(1, 1);
    const [card = 0] = ids;
    const { range, stability } = await rangeAfterGood(who.user.id, card);
    // The exam falls inside the range, so FSRS's own day may land after it.
    const today = localDate(new Date(), 'UTC');
    const exam = addDays(today, range[0]);
    await t.request('PUT', `${SR}/desks/${deck.id}/exam/`, {
      token: who.access,
      body: { date: exam },
    });
    const res = await rate(who, card, { difficulty: 'good' });
    const dueDay = localDate(new Date(res.body.next_due), 'UTC');
    const curve = curveOf(DEFAULT_WEIGHTS);
    const atExam = retrievability(curve, range[0], stability);
    expect(dueDay <= exam || atExam >= 0.9).toBe(true);
  });
});
