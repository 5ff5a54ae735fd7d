/**
 * The queue's kept counts (`schedule_due_counts`, `schedule_new_counts`, kept by the triggers of
 * `*_schedule_counts.sql`) equal the schedules counted again, whoever writes them: cards added
 * and deleted, a deck shared and deleted, ratings (a new card's first, a learning step, a review,
 * ratings at once), undo, a same-day repeat, an Anki import, an account deleted. After each
 * step, `drift()` recomputes both from `card_schedules` and must find no difference; the queue's
 * counts are read back beside it.
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { dueWindow } from '../domain/review/queue.ts';
import { learnerDay } from '../domain/review/scheduling.ts';
import { ankiPackage } from '../test/anki-package.ts';
import { createTestBackend, type TestBackend } from '../test/harness.ts';
import { runMigration } from '../test/migrations.ts';
import { helpers, type Learner, SR } from '../test/space-repetition.ts';

let t: TestBackend;
const { deckOf, makeCard, rate } = helpers(() => t);

beforeAll(async () => {
  t = await createTestBackend();
});

afterAll(async () => {
  await t?.close();
});

/** Every kept count that differs from the schedules counted again (none when they agree). */
async function drift(): Promise<unknown[]> {
  const due = await t.deps.sql`
    with want as (
      select user_id, (case when state = 2 then 2 else 1 end)::smallint as kind,
        schedule_bucket(state, due) as bucket, count(*)::int as n
      from card_schedules where state <> 0 and not suspended group by 1, 2, 3
    )
    select 'due' as counter, user_id, kind, bucket, want.n as want, have.n as have
    from want full join schedule_due_counts have using (user_id, kind, bucket)
    where want.n is distinct from have.n`;
  const fresh = await t.deps.sql`
    with want as (
      select user_id, desk_id, count(*)::int as n from card_schedules
      where state = 0 and not suspended
      group by 1, 2
    )
    select 'new' as counter, user_id, desk_id, want.n as want, have.n as have
    from want full join schedule_new_counts have using (user_id, desk_id)
    where coalesce(want.n, 0) <> coalesce(have.n, 0)`;
  return [...due, ...fresh];
}

async function rateOk(who: Learner, cardId: number, difficulty = 'good') {
  expect((await rate(who, cardId, { difficulty })).status).toBe(200);
}

/** The queue's counts, of every deck (from the kept counts) or of one (from the due index). */
async function queueCounts(who: Learner, deckId?: number) {
  const query = deckId === undefined ? '' : `?desk_id=${deckId}`;
  const res = await t.request('GET', `${SR}/cards/due_cards/${query}`, { token: who.access });
  expect(res.status).toBe(200);
  return { due: res.body.due_count as number, new: res.body.new_count as number };
}

describe('the kept queue counts', () => {
  it('follow cards added, ratings of every kind, undo and deletions', async () => {
    const ana = await t.signUp();
    const { ids } = await deckOf(ana, 6);
    expect(await drift()).toEqual([]);
    expect(await queueCounts(ana)).toEqual({ due: 0, new: 6 });

    const [a, b, c, d] = ids as [number, number, number, number];
    await rateOk(ana, a, 'again'); // new → learning, due in a minute
    await rateOk(ana, b, 'easy'); // new → review, due in days
    await rateOk(ana, c, 'good');
    expect(await drift()).toEqual([]);
    await rateOk(ana, a, 'good');
    await rateOk(ana, c, 'hard');
    expect(await drift()).toEqual([]);
    const repeat = await t.request('POST', `${SR}/cards/${b}/repeat_same_day/`, {
      token: ana.access,
      body: { difficulty: 'again' },
    });
    expect(repeat.status).toBe(200);
    expect(await drift()).toEqual([]);
    const undo = await t.request('POST', `${SR}/cards/${c}/undo_review/`, { token: ana.access });
    expect(undo.status).toBe(200);
    expect(await drift()).toEqual([]);

    const gone = await t.request('DELETE', `${SR}/cards/${d}/`, { token: ana.access });
    expect(gone.status).toBe(204);
    const rated = await t.request('DELETE', `${SR}/cards/${a}/`, { token: ana.access });
    expect(rated.status).toBe(204);
    expect(await drift()).toEqual([]);
  });

  it('count the hour the learner’s day ends in, and the minute of the learn-ahead limit, exactly', async () => {
    // Kathmandu is UTC+5:45: the learner's day ends a quarter past a UTC hour, so the kept hours
    // stop before it and that quarter is read from the index.
    const ana = await t.signUp();
    const timeZone = 'Asia/Kathmandu';
    await t.deps.sql`update users set timezone = ${timeZone} where id = ${ana.user.id}`;
    const { deck, ids } = await deckOf(ana, 8);
    const now = new Date();
    const window = dueWindow(now, learnerDay(now, timeZone));
    const at = (ms: number) => new Date(ms).toISOString();
    const end = window.reviewBefore.getTime();
    const ahead = window.learnAheadBy.getTime();
    const set: [number, number, string][] = [
      [2, end - 1_000, 'due: a review a second before the day ends'],
      [2, end + 1_000, 'not due: a review a second after it'],
      [2, now.getTime() - 3 * 86_400_000, 'due: a review three days late'],
      [1, ahead - 5_000, 'due: a step 5 s inside the learn-ahead limit'],
      [1, ahead + 40_000, 'not due: a step 40 s past it'],
      [3, now.getTime() - 2 * 3_600_000, 'due: a relearning step two hours late'],
      [2, end - 15 * 60_000 - 1_000, 'due: a review in the last whole hour before the day ends'],
    ];
    for (const [i, [state, due]] of set.entries()) {
      await t.deps.sql`
        update card_schedules set state = ${state}, due = ${at(due)}
        where user_id = ${ana.user.id} and card_id = ${ids[i] as number}`;
    }
    expect(await drift()).toEqual([]);
    const dueCount = set.filter(([, , what]) => what.startsWith('due')).length;
    expect(await queueCounts(ana)).toEqual({ due: dueCount, new: 1 });
    expect(await queueCounts(ana, deck.id)).toEqual({ due: dueCount, new: 1 });
  });

  it('follow a shared deck, its learners’ ratings, and its deletion', async () => {
    const owner = await t.signUp();
    const bea = await t.signUp();
    const { deck, ids } = await deckOf(owner, 4);
    const share = await t.request('POST', `${SR}/desks/${deck.id}/share_multiple/`, {
      token: owner.access,
      body: { emails: [bea.user.email] },
    });
    expect(share.status).toBe(200);
    expect(await drift()).toEqual([]);
    expect(await queueCounts(bea)).toEqual({ due: 0, new: 4 });
    for (const who of [owner, bea])
      for (const id of ids.slice(0, 2)) await rateOk(who, id, 'again');
    await makeCard(owner, deck.id, 'Later', 'Card');
    expect(await drift()).toEqual([]);
    expect(await queueCounts(bea)).toEqual({ due: 2, new: 3 });

    const deleted = await t.request('DELETE', `${SR}/desks/${deck.id}/`, { token: owner.access });
    expect(deleted.status).toBe(204);
    expect(await drift()).toEqual([]);
    expect(await queueCounts(bea)).toEqual({ due: 0, new: 0 });
  });

  it('follow ratings sent at once', async () => {
    const ana = await t.signUp();
    const { ids } = await deckOf(ana, 8);
    const answers = await Promise.all(
      ids.flatMap((id) => [
        rate(ana, id, { difficulty: 'again' }),
        rate(ana, id, { difficulty: 'good' }),
      ]),
    );
    expect(answers.map((r) => r.status)).toEqual(answers.map(() => 200));
    expect(await drift()).toEqual([]);
  });

  it('follow ratings that race the deletion of their shared deck', async () => {
    const owner = await t.signUp();
    const learners = [await t.signUp(), await t.signUp()];
    const { deck, ids } = await deckOf(owner, 8);
    const share = await t.request('POST', `${SR}/desks/${deck.id}/share_multiple/`, {
      token: owner.access,
      body: { emails: learners.map((l) => l.user.email) },
    });
    expect(share.status).toBe(200);
    for (const who of learners) for (const id of ids.slice(0, 4)) await rateOk(who, id, 'again');
    const kept = await deckOf(learners[0] as Learner, 2);
    await rateOk(learners[0] as Learner, kept.ids[0] as number, 'again');
    const answers = await Promise.all([
      ...learners.flatMap((who) => ids.map((id) => rate(who, id, { difficulty: 'good' }))),
      t.request('DELETE', `${SR}/desks/${deck.id}/`, { token: owner.access }),
    ]);
    // Each rating applied before the deletion (200) or found its card gone (404); never a 500.
    const ratings = answers.slice(0, -1).map((r) => r.status);
    expect(ratings.filter((status) => status !== 200 && status !== 404)).toEqual([]);
    expect(answers.at(-1)?.status).toBe(204);
    expect(await drift()).toEqual([]);
    expect(await queueCounts(learners[0] as Learner)).toEqual({ due: 1, new: 1 });
    expect(await queueCounts(learners[1] as Learner)).toEqual({ due: 0, new: 0 });
  });

  it('follow an Anki import with its history', async () => {
    const ana = await t.signUp();
    const day = 86_400_000;
    const t0 = Date.UTC(2025, 0, 6, 10);
    const apkg = ankiPackage({
      decks: { 1: 'Imported' },
      notes: [
        { id: 10, fields: ['Spain', 'Madrid'], cards: [{ id: 100, deck: 1 }] },
        { id: 11, fields: ['France', 'Paris'], cards: [{ id: 101, deck: 1 }] },
        { id: 12, fields: ['Italy', 'Rome'], cards: [{ id: 102, deck: 1 }] },
      ],
      revlog: [
        [t0, 100, 3, 4000, 0],
        [t0 + day, 100, 3, 3000, 1],
        [t0 + 2 * day, 101, 4, 2000, 0],
      ],
    });
    const form = new FormData();
    form.set('file', new Blob([apkg as Uint8Array<ArrayBuffer>]), 'deck.apkg');
    const res = await t.request('POST', `${SR}/anki-import/`, { token: ana.access, form });
    expect(res.status).toBe(201);
    expect(await drift()).toEqual([]);
  });

  it('go with an account', async () => {
    const ana = await t.signUp();
    const { ids } = await deckOf(ana, 2);
    await rateOk(ana, ids[0] as number, 'again');
    await t.deps.sql`delete from users where id = ${ana.user.id}`;
    expect(await drift()).toEqual([]);
    const left = await t.deps.sql`
      select 1 from schedule_due_counts where user_id = ${ana.user.id}
      union all select 1 from schedule_new_counts where user_id = ${ana.user.id} and n <> 0`;
    expect(left).toEqual([]);
  });
});

describe('the kept queue counts of suspended cards', () => {
  it('leave suspended cards out, through suspend, unsuspend, bulk changes, ratings and deletion', async () => {
    const ana = await t.signUp();
    const { ids } = await deckOf(ana, 4);
    const [a, b, c] = ids as [number, number, number];
    await rateOk(ana, a, 'easy');
    await rateOk(ana, b, 'again');
    const act = (id: number, action: string) =>
      t.request('POST', `${SR}/cards/${id}/${action}/`, { token: ana.access });
    for (const id of [a, b, c]) expect((await act(id, 'suspend')).status).toBe(200);
    expect(await drift()).toEqual([]);
    expect(await queueCounts(ana)).toEqual({ due: 0, new: 1 });
    // A suspended learning card rated (from the browser's list, say) stays out of the counts.
    await rateOk(ana, b, 'good');
    expect(await drift()).toEqual([]);
    await act(a, 'unsuspend');
    expect(await drift()).toEqual([]);
    const bulk = await t.request('POST', `${SR}/cards/bulk/`, {
      token: ana.access,
      body: { card_ids: ids, action: 'unsuspend' },
    });
    expect(await drift()).toEqual([]);
    await t.request('POST', `${SR}/cards/bulk/${bulk.body.operation_id}/undo/`, {
      token: ana.access,
    });
    expect(await drift()).toEqual([]);
    expect((await t.request('DELETE', `${SR}/cards/${c}/`, { token: ana.access })).status).toBe(
      204,
    );
    expect(await drift()).toEqual([]);
  });
});

/**
 * The committed migration that creates the triggers and counts the schedules already there, and
 * the later one that defines `schedule_bucket` again (which the first one's would replace).
 */
async function runBackfill() {
  await runMigration(t.deps.sql, '_schedule_counts_triggers.sql');
  await runMigration(t.deps.sql, '_schedule_bucket_inline.sql');
  await runMigration(t.deps.sql, '_card_states_queue.sql');
}

describe('schedule_bucket', () => {
  it('is inlined into the statements that call it, so no row pays for a function call', async () => {
    // EXPLAIN prints the inlined epoch constant in the session's time zone, which initdb takes from
    // the machine: UTC here, so that the constant reads the same everywhere.
    const plan = await t.deps.sql.begin(async (tx) => {
      await tx`select set_config('TimeZone', 'UTC', true)`;
      return tx`
        explain (verbose, costs off)
        select schedule_bucket(state, due) from card_schedules where state <> 0`;
    });
    const text = plan.map((row) => row['QUERY PLAN']).join('\n');
    expect(text).not.toContain('schedule_bucket');
    expect(text).toContain('1970-01-01');
  });

  it('is the UTC hour of a review and the minute of a step, whatever the session’s time zone', async () => {
    const instants = [
      '1969-12-31 23:59:59.5+00',
      '1970-01-01 00:00:00+00',
      '2026-03-29 00:59:59.999+00',
      '2026-03-29 01:00:00+00',
      '2026-11-28 18:14:59+05:45',
      '2026-11-28 18:15:00+05:45',
      '2038-01-19 03:14:08+00',
    ];
    for (const zone of ['UTC', 'Asia/Kathmandu', 'America/St_Johns']) {
      const rows = await t.deps.sql.begin(async (tx) => {
        await tx`select set_config('TimeZone', ${zone}, true)`;
        return tx`
          select i, s, schedule_bucket(s::smallint, i::timestamptz) as bucket,
            floor(extract(epoch from i::timestamptz)
              / case when s = 2 then 3600 else 60 end)::int as want
          from unnest(${instants}::text[]) i cross join unnest(array[1, 2, 3]) s`;
      });
      expect(rows.length).toBe(instants.length * 3);
      for (const row of rows) expect(row.bucket, `${zone} ${row.i} ${row.s}`).toBe(row.want);
    }
  });
});

describe('the kept counts’ migration', () => {
  it('counts the schedules a database already has, and changes nothing when run again', async () => {
    const ana = await t.signUp();
    const { ids } = await deckOf(ana, 3);
    await rateOk(ana, ids[0] as number, 'again');
    await t.deps.sql`delete from schedule_due_counts where user_id = ${ana.user.id}`;
    await t.deps.sql`update schedule_new_counts set n = 9 where user_id = ${ana.user.id}`;
    await runBackfill();
    expect(await drift()).toEqual([]);
    await runBackfill();
    await rateOk(ana, ids[1] as number, 'again');
    expect(await drift()).toEqual([]);
  });
});
