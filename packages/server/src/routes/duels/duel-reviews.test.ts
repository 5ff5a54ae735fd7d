/**
 * Deck duels that count as study (issue 44, "Beyond the anchor"): a player who opted in has each
 * answer logged as a review of its card in their own schedule, right → Good, wrong → Again.
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { D, helpers, type Player } from '../../test/duels.ts';
import { createTestBackend, type TestBackend } from '../../test/harness.ts';

let t: TestBackend;

beforeAll(async () => {
  t = await createTestBackend();
});

afterAll(async () => {
  await t?.close();
});

const h = helpers(() => t);
const CAPITALS: [string, string][] = [
  ['Spain', 'Madrid'],
  ['France', 'Paris'],
  ['Peru', 'Lima'],
  ['Japan', 'Tokyo'],
  ['Chile', 'Santiago'],
];
const capitalOf = (country: string) => CAPITALS.find(([c]) => c === country)?.[1] ?? '';

async function deckDuel(a: Player, b: Player, deckId: number, extra: Record<string, unknown>) {
  const res = await h.post(a, `${D}/create/`, {
    duel_type: 'desk',
    desk_id: deckId,
    question_count: 3,
    answer_time: 30,
    opponent_id: b.user.id,
    ...extra,
  });
  expect(res.status).toBe(201);
  return res.body as { id: number };
}

async function accept(receiver: Player, duelId: number, countAsReviews: boolean) {
  const id = await h.requestFor(receiver, duelId);
  const res = await h.post(receiver, `${D}/duel-requests/${id}/respond/`, {
    action: 'accept',
    count_as_reviews: countAsReviews,
  });
  expect(res.status).toBe(200);
}

/** Answers the current question of `who`; returns the request and the prompt's card front. */
async function answer(who: Player, duelId: number, right: boolean) {
  const duel = (await h.get(who, `${D}/${duelId}/`)).body;
  const q = duel.questions[duel.my_answered];
  const body = {
    duel_id: duelId,
    question_id: q.id,
    answer: right ? capitalOf(q.prompt) : 'Nowhere',
  };
  const res = await h.post(who, `${D}/submit-response/`, body);
  expect(res.status).toBe(200);
  return { body, front: q.prompt as string };
}

/** The review log of `who`: each card's front and its rating (1 Again … 4 Easy), oldest first. */
async function reviewsOf(who: Player) {
  return t.database.sql<{ front: string; rating: number }[]>`
    select c.front, l.rating from review_logs l join cards c on c.id = l.card_id
    where l.user_id = ${who.user.id} order by l.id`;
}

describe('deck duel answers as reviews', () => {
  it('logs each answer of a player who opted in as a review: right → Good, wrong → Again', async () => {
    const [ana, ben] = await h.pair();
    const deckId = await h.deck(ana, CAPITALS);
    const duel = await deckDuel(ana, ben, deckId, { count_as_reviews: true });
    await accept(ben, duel.id, false);
    const first = await answer(ana, duel.id, true);
    const second = await answer(ana, duel.id, false);
    const third = await answer(ana, duel.id, true);
    expect((await reviewsOf(ana)).map((r) => [r.front, r.rating])).toEqual([
      [first.front, 3],
      [second.front, 1],
      [third.front, 3],
    ]);
    // The schedule moved as a rating moves it: the card answered wrong is in relearning or
    // learning, the ones answered right have one repetition each.
    const schedules = await t.database.sql<{ front: string; reps: number; lapses: number }[]>`
      select c.front, s.reps, s.lapses from card_schedules s join cards c on c.id = s.card_id
      where s.user_id = ${ana.user.id} and s.reps > 0 order by c.front`;
    expect(schedules).toHaveLength(3);
    for (const s of schedules) expect(s.reps).toBe(1);
  });

  it('logs nothing for a player who did not opt in', async () => {
    const [ana, ben] = await h.pair();
    const deckId = await h.deck(ana, CAPITALS);
    const duel = await deckDuel(ana, ben, deckId, {});
    await accept(ben, duel.id, false);
    await answer(ana, duel.id, true);
    await answer(ben, duel.id, false);
    expect(await reviewsOf(ana)).toEqual([]);
    expect(await reviewsOf(ben)).toEqual([]);
  });

  it('logs a retried answer once', async () => {
    const [ana, ben] = await h.pair();
    const deckId = await h.deck(ana, CAPITALS);
    const duel = await deckDuel(ana, ben, deckId, { count_as_reviews: true });
    await accept(ben, duel.id, false);
    const sent = await answer(ana, duel.id, false);
    const again = await h.post(ana, `${D}/submit-response/`, sent.body);
    expect(again.status).toBe(409);
    expect((await reviewsOf(ana)).map((r) => [r.front, r.rating])).toEqual([[sent.front, 1]]);
  });

  it("logs the receiver's answers on a deck shared with them, none on another's private deck", async () => {
    const [ana, ben] = await h.pair();
    const privateDeck = await h.deck(ana, CAPITALS);
    const hidden = await deckDuel(ana, ben, privateDeck, {});
    await accept(ben, hidden.id, true);
    await answer(ben, hidden.id, true);
    expect(await reviewsOf(ben)).toEqual([]);

    const sharedDeck = await h.deck(ana, CAPITALS);
    const share = await h.post(
      ana,
      `/be/api/space-repetition/desks/${sharedDeck}/share_multiple/`,
      {
        emails: [ben.user.email],
      },
    );
    expect(share.status).toBe(200);
    const seen = await deckDuel(ana, ben, sharedDeck, {});
    await accept(ben, seen.id, true);
    const right = await answer(ben, seen.id, true);
    expect((await reviewsOf(ben)).map((r) => [r.front, r.rating])).toEqual([[right.front, 3]]);
    expect(await reviewsOf(ana)).toEqual([]);
  });
});
