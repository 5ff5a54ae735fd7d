/** The card browser's bulk actions: per-card outcomes by the caller's rights, and undo. */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
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

const bulk = (who: Learner, body: Record<string, unknown>) =>
  t.request('POST', `${SR}/cards/bulk/`, { token: who.access, body });
const undo = (who: Learner, id: number) =>
  t.request('POST', `${SR}/cards/bulk/${id}/undo/`, { token: who.access });

const card = async (who: Learner, id: number) => {
  const [row] = await t.database.sql`
    select s.suspended, s.flag, s.state, s.reps, s.due, n.tags from cards c
    join notes n on n.id = c.note_id
    left join card_schedules s on s.card_id = c.id and s.user_id = ${who.user.id}
    where c.id = ${id}`;
  if (!row) throw new Error(`no card ${id}`);
  return row;
};

/** Ana's deck of two cards, Cy's deck of one shared read-only with Ana, Bo's own card. */
async function mixedCards() {
  const ana = await t.signUp();
  const bo = await t.signUp();
  const cy = await t.signUp();
  const own = await deckOf(ana, 2);
  const shared = await deckOf(cy, 1);
  const res = await t.request('POST', `${SR}/desks/${shared.deck.id}/share_multiple/`, {
    token: cy.access,
    body: { emails: [ana.user.email] },
  });
  expect(res.status).toBeLessThan(300);
  const stranger = await deckOf(bo, 1);
  return {
    ana,
    bo,
    cy,
    ids: [...own.ids, shared.ids[0] ?? 0, stranger.ids[0] ?? 0] as [number, number, number, number],
  };
}

describe('bulk actions', () => {
  it('suspend applies to every card the caller sees, shared read-only ones too; undo puts it back', async () => {
    const { ana, cy, ids } = await mixedCards();
    const res = await bulk(ana, { card_ids: ids, action: 'suspend' });
    expect(res.status).toBe(200);
    expect(res.body.results.map((r: { outcome: string }) => r.outcome)).toEqual([
      'done',
      'done',
      'done',
      'not_found',
    ]);
    expect((await card(ana, ids[2])).suspended).toBe(true);
    // The owner's own schedule of the shared card is untouched.
    expect((await card(cy, ids[2])).suspended).toBe(false);
    expect((await card(ana, ids[3])).suspended).toBeNull();

    const undone = await undo(ana, res.body.operation_id);
    expect(undone.body).toEqual({ restored: 3 });
    for (const id of ids.slice(0, 3)) expect((await card(ana, id)).suspended).toBe(false);
    expect((await undo(ana, res.body.operation_id)).status).toBe(409);
  });

  it('tags only the notes of decks the caller may edit, and undo restores the tags', async () => {
    const { ana, ids } = await mixedCards();
    const res = await bulk(ana, { card_ids: ids, action: 'tag', tags: ['hard'] });
    expect(res.body.results.map((r: { outcome: string }) => r.outcome)).toEqual([
      'done',
      'done',
      'forbidden',
      'not_found',
    ]);
    expect((await card(ana, ids[0])).tags).toEqual(['hard']);
    expect((await card(ana, ids[2])).tags).toEqual([]);
    const untag = await bulk(ana, { card_ids: [ids[0]], action: 'untag', tags: ['HARD'] });
    expect((await card(ana, ids[0])).tags).toEqual([]);
    await undo(ana, untag.body.operation_id);
    expect((await card(ana, ids[0])).tags).toEqual(['hard']);
  });

  it('flags, resets and reschedules the caller’s schedules, each undoable', async () => {
    const { ana, ids } = await mixedCards();
    await rate(ana, ids[0], { difficulty: 'good' });
    await rate(ana, ids[0], { difficulty: 'good' });
    const rated = await card(ana, ids[0]);
    expect(rated.reps).toBe(2);

    const flagged = await bulk(ana, { card_ids: [ids[0], ids[1]], action: 'flag', flag: 5 });
    expect((await card(ana, ids[1])).flag).toBe(5);
    const reset = await bulk(ana, { card_ids: [ids[0]], action: 'reset' });
    expect(await card(ana, ids[0])).toMatchObject({ state: 0, reps: 0, flag: 5 });
    await undo(ana, reset.body.operation_id);
    expect(await card(ana, ids[0])).toMatchObject({ state: rated.state, reps: 2, flag: 5 });
    expect(new Date((await card(ana, ids[0])).due).getTime()).toBe(new Date(rated.due).getTime());
    await undo(ana, flagged.body.operation_id);
    expect((await card(ana, ids[1])).flag).toBe(0);

    const moved = await bulk(ana, { card_ids: [ids[0]], action: 'reschedule', days: 10 });
    expect(moved.status).toBe(200);
    const due = new Date((await card(ana, ids[0])).due).getTime();
    expect(due).toBeGreaterThan(Date.now() + 9 * 86_400_000);
    expect(due).toBeLessThanOrEqual(Date.now() + 10 * 86_400_000);
  });

  it('needs the action’s field, and keeps each learner’s changes their own', async () => {
    const { ana, bo, ids } = await mixedCards();
    const missing = await bulk(ana, { card_ids: [ids[0]], action: 'flag' });
    expect(missing.status).toBe(400);
    expect(missing.body.fields).toEqual({ flag: ['This field is required.'] });
    expect((await bulk(ana, { card_ids: [ids[0]], action: 'reschedule' })).status).toBe(400);
    expect((await bulk(ana, { card_ids: [ids[0]], action: 'tag' })).status).toBe(400);

    const none = await bulk(bo, { card_ids: [ids[0]], action: 'suspend' });
    expect(none.body).toEqual({
      operation_id: null,
      results: [{ card_id: ids[0], outcome: 'not_found' }],
    });
    const mine = await bulk(ana, { card_ids: [ids[0]], action: 'suspend' });
    expect((await undo(bo, mine.body.operation_id)).status).toBe(404);
    expect((await card(ana, ids[0])).suspended).toBe(true);
  });
});

const where = async (id: number) => {
  const [row] = await t.database.sql`
    select c.desk_id as card_deck, n.desk_id as note_deck, n.id as note_id,
      (select count(*)::int from card_schedules s where s.card_id = c.id) as schedules,
      (select count(*)::int from review_logs l where l.card_id = c.id) as logs
    from cards c join notes n on n.id = c.note_id where c.id = ${id}`;
  return row;
};
const cardsCount = async (deckId: number) => {
  const [row] = await t.database.sql`select cards_count from desks where id = ${deckId}`;
  return row?.cards_count;
};

describe('move and delete', () => {
  it('moves the cards’ notes into a deck of the caller’s, and undo moves them back', async () => {
    const { ana, ids } = await mixedCards();
    const from = (await where(ids[0]))?.card_deck as number;
    const target = await deckOf(ana, 0);
    await rate(ana, ids[0], { difficulty: 'good' });
    const res = await bulk(ana, { card_ids: ids, action: 'move', desk_id: target.deck.id });
    expect(res.status).toBe(200);
    expect(res.body.results.map((r: { outcome: string }) => r.outcome)).toEqual([
      'done',
      'done',
      'forbidden',
      'not_found',
    ]);
    expect(await where(ids[0])).toMatchObject({
      card_deck: target.deck.id,
      note_deck: target.deck.id,
    });
    const [schedule] = await t.database.sql`
      select desk_id from card_schedules where card_id = ${ids[0]} and user_id = ${ana.user.id}`;
    expect(schedule?.desk_id).toBe(target.deck.id);
    expect(await cardsCount(target.deck.id)).toBe(2);
    expect(await cardsCount(from)).toBe(0);

    expect((await undo(ana, res.body.operation_id)).body).toEqual({ restored: 2 });
    expect(await where(ids[0])).toMatchObject({ card_deck: from, note_deck: from });
    expect(await cardsCount(target.deck.id)).toBe(0);
    expect(await cardsCount(from)).toBe(2);
  });

  it('moves only into a deck the caller owns, naming desk_id otherwise', async () => {
    const { ana, cy, ids } = await mixedCards();
    expect((await bulk(ana, { card_ids: [ids[0]], action: 'move' })).body.fields).toEqual({
      desk_id: ['This field is required.'],
    });
    const others = await deckOf(cy, 0);
    const res = await bulk(ana, { card_ids: [ids[0]], action: 'move', desk_id: others.deck.id });
    expect(res.status).toBe(400);
    expect(Object.keys(res.body.fields)).toEqual(['desk_id']);
  });

  it('deletes the cards with their history, and undo brings them back as they were', async () => {
    const { ana, cy, ids } = await mixedCards();
    const from = (await where(ids[0]))?.card_deck as number;
    await rate(ana, ids[0], { difficulty: 'good' });
    const before = await card(ana, ids[0]);
    const res = await bulk(ana, { card_ids: [ids[0], ids[2]], action: 'delete' });
    expect(res.body.results.map((r: { outcome: string }) => r.outcome)).toEqual([
      'done',
      'forbidden',
    ]);
    expect(await where(ids[0])).toBeUndefined();
    expect(await where(ids[2])).toBeDefined();
    expect(await cardsCount(from)).toBe(1);
    // Cy, whose deck Ana may not edit, keeps her card.
    expect((await card(cy, ids[2])).tags).toEqual([]);

    expect((await undo(ana, res.body.operation_id)).body).toEqual({ restored: 1 });
    expect(await where(ids[0])).toMatchObject({ card_deck: from, schedules: 1, logs: 1 });
    expect(await card(ana, ids[0])).toMatchObject({ reps: before.reps, state: before.state });
    expect(await cardsCount(from)).toBe(2);
    expect((await undo(ana, res.body.operation_id)).status).toBe(409);
  });

  it('cannot undo a delete once the deck is gone: 409', async () => {
    const { ana, ids } = await mixedCards();
    const from = (await where(ids[0]))?.card_deck as number;
    const res = await bulk(ana, { card_ids: [ids[0]], action: 'delete' });
    await t.database.sql`delete from desks where id = ${from}`;
    const undone = await undo(ana, res.body.operation_id);
    expect(undone.status).toBe(409);
    expect(undone.body.code).toBe('conflict');
  });
});
