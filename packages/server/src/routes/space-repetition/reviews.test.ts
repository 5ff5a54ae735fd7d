import { randomUUID } from 'node:crypto';
import { createEmptyCard, fsrs, Rating } from 'ts-fsrs';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { loadContract } from '../../contract/load.ts';
import { FSRS_PARAMETERS } from '../../domain/review/scheduling.ts';
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

describe('reviews', () => {
  it('schedules exactly as ts-fsrs for good, good, again, hard, easy at fixed times', async () => {
    const ana = await t.signUp();
    const deck = await makeDeck(ana);
    const card = await makeCard(ana, deck.id);
    const f = fsrs(FSRS_PARAMETERS);
    // 10:00 UTC (the learner's zone) 40 days ago: elapsed days count the learner's calendar
    // days, so a start near midnight would put the 15-minute step on the next day.
    const day = 86_400_000;
    const start = new Date(Math.floor((Date.now() - 40 * day) / day) * day + 10 * 3_600_000);
    // Times chosen after each due time, as a learner would review.
    const steps: [string, Rating, number][] = [
      ['good', Rating.Good, 0],
      ['good', Rating.Good, 15 * 60_000],
      ['again', Rating.Again, 4 * 86_400_000],
      ['hard', Rating.Hard, 4 * 86_400_000 + 20 * 60_000],
      ['easy', Rating.Easy, 9 * 86_400_000],
    ];
    let expected = createEmptyCard(start);
    for (const [difficulty, grade, offset] of steps) {
      const at = new Date(start.getTime() + offset);
      expected = f.next(expected, at, grade as Exclude<Rating, Rating.Manual>).card;
      const res = await rate(ana, card.id, { difficulty, reviewed_at: at.toISOString() });
      expect(res.status).toBe(200);
      expect(res.body.rating).toBe(difficulty);
      expect(res.body.next_due).toBe(expected.due.toISOString());
      expect(res.body.card).toMatchObject({
        due: expected.due.toISOString(),
        reps: expected.reps,
        lapses: expected.lapses,
        state: ['new', 'learning', 'review', 'relearning'][expected.state],
        last_review: at.toISOString(),
      });
      expect(res.body.card.stability).toBeCloseTo(expected.stability, 10);
      expect(res.body.card.difficulty).toBeCloseTo(expected.difficulty, 10);
    }
    const logs = await t.database.sql`
      select rating, state_before, state_after, elapsed_days from review_logs
      where card_id = ${card.id} order by id`;
    expect(logs.map((l) => l.rating)).toEqual([3, 3, 1, 2, 4]);
    expect(logs[0]?.state_before).toMatchObject({ state: 0, reps: 0 });
    expect(logs[2]?.elapsed_days).toBe(4);
    expect(logs[4]?.state_after).toMatchObject({ reps: 5, lapses: 1 });
  });

  it('accepts very_hard and very_easy as again and easy, and answers with interval previews', async () => {
    const ana = await t.signUp();
    const deck = await makeDeck(ana);
    const a = await makeCard(ana, deck.id, 'a', '1');
    const b = await makeCard(ana, deck.id, 'b', '2');
    const queue = await t.request('GET', `${SR}/cards/due_cards/`, { token: ana.access });
    const preview = queue.body.cards[0].intervals;
    expect(preview.again.interval_seconds).toBe(60);
    expect(preview.hard.interval_seconds).toBe(360);
    expect(preview.good.interval_seconds).toBe(600);
    expect(preview.easy.interval_seconds).toBeGreaterThanOrEqual(86_400);
    const hard = await rate(ana, a.id, { difficulty: 'very_hard', answer_time_ms: 4200 });
    expect(hard.body.rating).toBe('again');
    expect(hard.body.interval_seconds).toBe(60);
    const easy = await rate(ana, b.id, { difficulty: 'very_easy' });
    expect(easy.body.rating).toBe('easy');
    expect(easy.body.card.state).toBe('review');
    // Previews answer only for a card that comes back in today's session: a minute's step, not
    // days away.
    expect(hard.body.intervals.again.interval_seconds).toBe(60);
    expect(easy.body.interval_seconds).toBeGreaterThan(20 * 60);
    expect(easy.body.intervals).toBeNull();
    const [log] = await t.database.sql`
      select answer_time_ms from review_logs where card_id = ${a.id}`;
    expect(log?.answer_time_ms).toBe(4200);
  });

  it('refuses a rating dated before the card’s last review (409)', async () => {
    const ana = await t.signUp();
    const deck = await makeDeck(ana);
    const card = await makeCard(ana, deck.id);
    await rate(ana, card.id, { difficulty: 'good' });
    const old = await rate(ana, card.id, {
      difficulty: 'good',
      reviewed_at: new Date(Date.now() - 3_600_000).toISOString(),
    });
    expect(old.status).toBe(409);
    expect(old.body.code).toBe('conflict');
  });

  it('replays a rating sent twice with one idempotency_key, never applying it twice', async () => {
    const ana = await t.signUp();
    const deck = await makeDeck(ana);
    const card = await makeCard(ana, deck.id);
    const key = randomUUID();
    const first = await rate(ana, card.id, { difficulty: 'good', idempotency_key: key });
    const again = await rate(ana, card.id, { difficulty: 'good', idempotency_key: key });
    expect(again.status).toBe(200);
    expect(again.body.review_id).toBe(first.body.review_id);
    expect(again.body.next_due).toBe(first.body.next_due);
    // A 10-minute step: it comes back today, and the replay previews it as the rating did.
    expect(again.body.intervals).toEqual(first.body.intervals);
    expect(first.body.intervals.good.interval_seconds).toBeGreaterThan(0);
    expect(again.body.card.reps).toBe(1);
    // Sent at once, too.
    const key2 = randomUUID();
    const twins = await Promise.all([
      rate(ana, card.id, { difficulty: 'easy', idempotency_key: key2 }),
      rate(ana, card.id, { difficulty: 'easy', idempotency_key: key2 }),
    ]);
    expect(twins.map((r) => r.status)).toEqual([200, 200]);
    expect(twins[0]?.body.review_id).toBe(twins[1]?.body.review_id);
    const [n] = await t.database.sql`
      select count(*)::int as n from review_logs where card_id = ${card.id}`;
    expect(n?.n).toBe(2);
    const other = await makeCard(ana, deck.id, 'x', 'y');
    const reused = await rate(ana, other.id, { difficulty: 'good', idempotency_key: key });
    expect(reused.status).toBe(409);
  });

  it('serialises two ratings of one card sent at once: two log rows, a consistent state', async () => {
    const ana = await t.signUp();
    const deck = await makeDeck(ana);
    const card = await makeCard(ana, deck.id);
    const [x, y] = await Promise.all([
      rate(ana, card.id, { difficulty: 'good' }),
      rate(ana, card.id, { difficulty: 'again' }),
    ]);
    expect([x?.status, y?.status]).toEqual([200, 200]);
    const logs = await t.database.sql`
      select state_before, state_after from review_logs where card_id = ${card.id} order by id`;
    expect(logs).toHaveLength(2);
    // The second rating started from the state the first one left.
    expect(logs[1]?.state_before).toEqual(logs[0]?.state_after);
    expect(logs[0]?.state_before).toMatchObject({ reps: 0 });
    const [row] = await t.database.sql`
      select reps, due from card_schedules where card_id = ${card.id} and user_id = ${ana.user.id}`;
    expect(row?.reps).toBe(2);
    const [{ due } = { due: '' }] = await t.database.sql`
      select to_json(due)#>>'{}' as due from card_schedules
      where card_id = ${card.id} and user_id = ${ana.user.id}`;
    expect(new Date(due as string).toISOString()).toBe(
      (logs[1]?.state_after as { due: string } | undefined)?.due,
    );
  });

  it('never refuses 50 parallel ratings of one card sent without reviewed_at', async () => {
    const ana = await t.signUp();
    const deck = await makeDeck(ana);
    const card = await makeCard(ana, deck.id);
    const answers = await Promise.all(
      Array.from({ length: 50 }, (_, i) =>
        rate(ana, card.id, { difficulty: i % 2 ? 'good' : 'again' }),
      ),
    );
    expect(answers.map((a) => a.status)).toEqual(Array(50).fill(200));
    const [row] = await t.database.sql`
      select reps from card_schedules where card_id = ${card.id} and user_id = ${ana.user.id}`;
    expect(row?.reps).toBe(50);
  });

  it('repeat_same_day puts the card back into today’s queue', async () => {
    const ana = await t.signUp();
    const deck = await makeDeck(ana);
    const card = await makeCard(ana, deck.id);
    const res = await t.request('POST', `${SR}/cards/${card.id}/repeat_same_day/`, {
      token: ana.access,
      body: { difficulty: 'easy' },
    });
    expect(res.status).toBe(200);
    expect(res.body.card.state).toBe('review');
    expect(res.body.interval_seconds).toBe(0);
    const queue = await t.request('GET', `${SR}/cards/due_cards/`, { token: ana.access });
    expect(queue.body.cards.map((c: { id: number }) => c.id)).toEqual([card.id]);
    expect(queue.body.due_count).toBe(1);
  });

  it('undoes the last rating from the review log', async () => {
    const ana = await t.signUp();
    const deck = await makeDeck(ana);
    const card = await makeCard(ana, deck.id);
    const nothing = await t.request('POST', `${SR}/cards/${card.id}/undo_review/`, {
      token: ana.access,
    });
    expect(nothing.status).toBe(409);
    const first = await rate(ana, card.id, { difficulty: 'good' });
    await rate(ana, card.id, { difficulty: 'good' });
    const undo = await t.request('POST', `${SR}/cards/${card.id}/undo_review/`, {
      token: ana.access,
    });
    expect(undo.status).toBe(200);
    expect(undo.body.rating).toBe('good');
    expect(undo.body.card).toMatchObject({ reps: 1, due: first.body.card.due, state: 'learning' });
    const undoFirst = await t.request('POST', `${SR}/cards/${card.id}/undo_review/`, {
      token: ana.access,
    });
    expect(undoFirst.body.card).toMatchObject({ state: 'new', reps: 0, last_review: null });
    const deckNow = await t.request('GET', `${SR}/desks/${deck.id}/`, { token: ana.access });
    expect(deckNow.body).toMatchObject({ new_cards_today: 0, new_count: 1 });
    const [logs] = await t.database.sql`
      select count(*)::int as n from review_logs where card_id = ${card.id}`;
    expect(logs?.n).toBe(0);
    const activity = await t.database.sql`
      select count from activities where user_id = ${ana.user.id}`;
    expect(activity).toHaveLength(0);
  });

  it('records the day’s activity per deck for streaks and history', async () => {
    const ana = await t.signUp();
    const deck = await makeDeck(ana, { name: 'Rivers' });
    const a = await makeCard(ana, deck.id, 'a', '1');
    const b = await makeCard(ana, deck.id, 'b', '2');
    await rate(ana, a.id, { difficulty: 'good' });
    await rate(ana, b.id, { difficulty: 'good' });
    const rows = await t.database.sql`
      select activity_type, deck_id, deck_name, count, day::text as day
      from activities where user_id = ${ana.user.id}`;
    expect(rows).toEqual([
      {
        activity_type: 'space_repetition',
        deck_id: deck.id,
        deck_name: 'Rivers',
        count: 2,
        day: new Date().toISOString().slice(0, 10),
      },
    ]);
  });
});

describe('the review queue', () => {
  it('orders due cards by due time then id, then new cards in creation order', async () => {
    const ana = await t.signUp();
    const deck = await makeDeck(ana);
    const cards = [];
    for (let i = 0; i < 5; i++) cards.push(await makeCard(ana, deck.id, `q${i}`, `a${i}`));
    const [c0, c1, c2, c3, c4] = cards;
    // c2 and c0 learned (due in 10 minutes), then the clock moves an hour on.
    await rate(ana, c2.id, { difficulty: 'good' });
    await rate(ana, c0.id, { difficulty: 'good' });
    await t.database.sql`
      update card_schedules set due = now() - interval '30 minutes'
      where card_id in (${c0.id}, ${c2.id}) and user_id = ${ana.user.id}`;
    await t.database.sql`
      update card_schedules set due = now() - interval '40 minutes'
      where card_id = ${c2.id} and user_id = ${ana.user.id}`;
    const queue = await t.request('GET', `${SR}/cards/due_cards/`, { token: ana.access });
    expect(queue.body.cards.map((c: { id: number }) => c.id)).toEqual([
      c2.id,
      c0.id,
      c1.id,
      c3.id,
      c4.id,
    ]);
    expect(queue.body).toMatchObject({ due_count: 2, new_count: 3, remaining_today: 5 });
    const limited = await t.request('GET', `${SR}/cards/due_cards/?limit=3`, { token: ana.access });
    expect(limited.body.cards.map((c: { id: number }) => c.id)).toEqual([c2.id, c0.id, c1.id]);
    expect(limited.body.remaining_today).toBe(5);
  });

  it('previews the intervals of the first `previews` cards only, and of the whole page without it', async () => {
    const ana = await t.signUp();
    const deck = await makeDeck(ana);
    const [c0] = [await makeCard(ana, deck.id, 'q0', 'a0')];
    await makeCard(ana, deck.id, 'q1', 'a1');
    await makeCard(ana, deck.id, 'q2', 'a2');
    // A learning card first: its previews differ from the new cards' (not one memoized preview).
    await rate(ana, c0.id, { difficulty: 'good' });
    await t.database.sql`
      update card_schedules set due = now() - interval '1 minute'
      where card_id = ${c0.id} and user_id = ${ana.user.id}`;
    const page = (query: string) =>
      t.request('GET', `${SR}/cards/due_cards/${query}`, { token: ana.access });
    // Again, Hard and Good's intervals, or null without previews (`due` moves with the clock,
    // and Easy's interval is fuzzed by the time of the preview).
    type Previews = Record<'again' | 'hard' | 'good', { interval_seconds: number }> | null;
    const intervalsOf = (res: { body: { cards: { intervals: Previews }[] } }) =>
      res.body.cards.map(
        ({ intervals: i }) =>
          i && [i.again.interval_seconds, i.hard.interval_seconds, i.good.interval_seconds],
      );
    const all = await page('');
    expect(all.body.cards.map((c: { id: number }) => c.id)[0]).toBe(c0.id);
    expect(intervalsOf(all).every((i) => i !== null)).toBe(true);
    const two = await page('?previews=2');
    expect(intervalsOf(two)).toEqual([...intervalsOf(all).slice(0, 2), null]);
    const none = await page('?limit=2&previews=0');
    expect(intervalsOf(none)).toEqual([null, null]);
    expect(none.body.cards[0]).toMatchObject({ id: c0.id, state: 'learning', reps: 1 });
    const more = await page('?limit=2&previews=500');
    expect(intervalsOf(more)).toEqual(intervalsOf(all).slice(0, 2));
    for (const bad of ['-1', '501', 'two', '1.5']) {
      const res = await page(`?previews=${bad}`);
      expect(res.status).toBe(400);
      expect(res.body.code).toBe('validation_error');
      expect(Object.keys(res.body.field_codes ?? {})).toContain('previews');
    }
  });

  it('answers the contract’s default page without a limit, with the counts of the whole day', async () => {
    const operation = loadContract().paths['/space-repetition/cards/due_cards/']?.get as {
      parameters: { name: string; schema: { default?: number } }[];
    };
    const page = operation.parameters.find((p) => p.name === 'limit')?.schema.default;
    expect(page).toBe(10);
    const ana = await t.signUp();
    const deck = await makeDeck(ana, { new_cards_per_day: 50 });
    for (let i = 0; i < 13; i++) await makeCard(ana, deck.id, `q${i}`, `a${i}`);
    const queue = await t.request('GET', `${SR}/cards/due_cards/`, { token: ana.access });
    expect(queue.status).toBe(200);
    expect(queue.body.cards).toHaveLength(page ?? 0);
    expect(queue.body).toMatchObject({ due_count: 0, new_count: 13, remaining_today: 13 });
  });

  it('answers 404 for another learner’s deck and an unknown one, an empty queue without decks', async () => {
    const [ana, ben] = [await t.signUp(), await t.signUp()];
    const anasDeck = await makeDeck(ana);
    await makeCard(ana, anasDeck.id);
    for (const id of [anasDeck.id, 2_000_000_000]) {
      const res = await t.request('GET', `${SR}/cards/due_cards/?desk_id=${id}`, {
        token: ben.access,
      });
      expect(res.status).toBe(404);
      expect(res.body.code).toBe('not_found');
    }
    const none = await t.request('GET', `${SR}/cards/due_cards/`, { token: ben.access });
    expect(none.status).toBe(200);
    expect(none.body).toMatchObject({ cards: [], due_count: 0, new_count: 0, next_due: null });
  });

  it('brings a card rated Again back in the session, after the other cards, in every count', async () => {
    // A time zone where it is about noon, so that 21 minutes from now is still the learner's today.
    const offset = 12 - new Date().getUTCHours();
    const ana = await t.signUp({
      timezone: offset === 0 ? 'UTC' : `Etc/GMT${offset > 0 ? '-' : '+'}${Math.abs(offset)}`,
    });
    const deck = await makeDeck(ana);
    const [a, b, c] = [
      await makeCard(ana, deck.id, 'a', '1'),
      await makeCard(ana, deck.id, 'b', '2'),
      await makeCard(ana, deck.id, 'c', '3'),
    ];
    const again = await rate(ana, a.id, { difficulty: 'again' });
    expect(again.body.card.state).toBe('learning');
    expect(again.body.interval_seconds).toBeLessThanOrEqual(20 * 60);
    // Still to do today: b and c (new), and a (learned ahead).
    expect(again.body.remaining_today).toBe(3);
    const queue = await t.request('GET', `${SR}/cards/due_cards/`, { token: ana.access });
    expect(queue.body.cards.map((x: { id: number }) => x.id)).toEqual([b.id, c.id, a.id]);
    expect(queue.body).toMatchObject({ due_count: 1, new_count: 2, remaining_today: 3 });
    const listed = await t.request('GET', `${SR}/desks/`, { token: ana.access });
    const row = listed.body.find((d: { id: number }) => d.id === deck.id);
    expect(row).toMatchObject({ due_count: 1, new_count: 2, remaining_today: 3 });
    // Rated Easy it graduates to days away and leaves today's queue.
    const easy = await rate(ana, a.id, { difficulty: 'easy' });
    expect(easy.body.card.state).toBe('review');
    expect(easy.body.remaining_today).toBe(2);
    // A step due beyond the learn-ahead limit (21 minutes) waits.
    await rate(ana, b.id, { difficulty: 'again' });
    await t.database.sql`
      update card_schedules set due = now() + interval '21 minutes'
      where card_id = ${b.id} and user_id = ${ana.user.id}`;
    const later = await t.request('GET', `${SR}/cards/due_cards/`, { token: ana.access });
    expect(later.body.cards.map((x: { id: number }) => x.id)).toEqual([c.id]);
    expect(later.body.remaining_today).toBe(1);
    // The queue says when it falls due, for the finished screen.
    const [{ due } = { due: '' }] = await t.database.sql`
      select to_json(due)#>>'{}' as due from card_schedules
      where card_id = ${b.id} and user_id = ${ana.user.id}`;
    expect(later.body.next_due).toBe(new Date(due as string).toISOString());
    expect(queue.body.next_due).toBeNull();
  });

  it('keeps to the daily new-card limit and starts a new day at the learner’s midnight', async () => {
    // Buenos Aires is UTC−3 all year: its day ends at 03:00 UTC.
    const ana = await t.signUp({ timezone: 'America/Argentina/Buenos_Aires' });
    const deck = await makeDeck(ana, { new_cards_per_day: 2 });
    const cards = [];
    for (let i = 0; i < 5; i++) cards.push(await makeCard(ana, deck.id, `w${i}`, `m${i}`));
    const queue = await t.request('GET', `${SR}/cards/due_cards/`, { token: ana.access });
    expect(queue.body.cards.map((c: { id: number }) => c.id)).toEqual([cards[0].id, cards[1].id]);
    expect(queue.body.new_count).toBe(2);

    await rate(ana, cards[0].id, { difficulty: 'easy' });
    await rate(ana, cards[1].id, { difficulty: 'easy' });
    const spent = await t.request('GET', `${SR}/desks/${deck.id}/`, { token: ana.access });
    expect(spent.body).toMatchObject({ new_cards_today: 2, new_count: 0, remaining_today: 0 });
    const empty = await t.request('GET', `${SR}/cards/due_cards/`, { token: ana.access });
    expect(empty.body.cards).toEqual([]);

    // The learner's last midnight (03:00 UTC).
    const now = Date.now();
    const local = new Date(now - 3 * 3_600_000);
    const midnightUtc = Date.UTC(
      local.getUTCFullYear(),
      local.getUTCMonth(),
      local.getUTCDate(),
      3,
    );
    // A day later, those two introductions are yesterday's.
    await t.database.sql`
      update new_cards_introduced set day = day - 1 where user_id = ${ana.user.id}`;
    const nextDay = await t.request('GET', `${SR}/cards/due_cards/`, { token: ana.access });
    expect(nextDay.body.new_count).toBe(2);
    expect(nextDay.body.cards.map((c: { id: number }) => c.id)).toEqual([cards[2].id, cards[3].id]);
    // A card first rated a minute before that midnight counts on the day before; one rated a
    // minute after it (or now, if that is later) counts today.
    const before = new Date(midnightUtc - 60_000).toISOString();
    const after = new Date(Math.min(now, midnightUtc + 60_000)).toISOString();
    await rate(ana, cards[2].id, { difficulty: 'easy', reviewed_at: before });
    const yesterdays = await t.request('GET', `${SR}/desks/${deck.id}/`, { token: ana.access });
    expect(yesterdays.body).toMatchObject({ new_cards_today: 0, new_count: 2 });
    const rated = await rate(ana, cards[3].id, { difficulty: 'easy', reviewed_at: after });
    expect(rated.body.remaining_today).toBe(1);
    const todays = await t.request('GET', `${SR}/desks/${deck.id}/`, { token: ana.access });
    expect(todays.body).toMatchObject({ new_cards_today: 1, new_count: 1, remaining_today: 1 });
  });

  it('shows review cards due later today from the start of the learner’s day', async () => {
    const ana = await t.signUp({ timezone: 'Asia/Tokyo' });
    const deck = await makeDeck(ana);
    const card = await makeCard(ana, deck.id);
    await rate(ana, card.id, { difficulty: 'easy' });
    // Due one minute before the learner's day ends: due today. One minute after: not yet.
    const local = new Date(Date.now() + 9 * 3_600_000);
    const endUtc =
      Date.UTC(local.getUTCFullYear(), local.getUTCMonth(), local.getUTCDate() + 1) - 9 * 3_600_000;
    await t.database.sql`
      update card_schedules set due = ${new Date(endUtc - 60_000).toISOString()} where card_id = ${card.id}`;
    let queue = await t.request('GET', `${SR}/cards/due_cards/`, { token: ana.access });
    expect(queue.body.due_count).toBe(1);
    await t.database.sql`
      update card_schedules set due = ${new Date(endUtc + 60_000).toISOString()} where card_id = ${card.id}`;
    queue = await t.request('GET', `${SR}/cards/due_cards/`, { token: ana.access });
    expect(queue.body.due_count).toBe(0);
  });
});
