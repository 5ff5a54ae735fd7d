// Seeds one learner with many cards for the spaced-repetition rows of `npm run bench`, with SQL
// (not through the API): decks, cards and a realistic mix of FSRS states and due times.
import type postgres from 'postgres';

export interface SeedOptions {
  desks: number;
  cards: number;
}

export interface Seeded {
  desks: number;
  cards: number;
  newCards: number;
  dueNow: number;
  /** Rated cards (learning, review, relearning), interleaved across decks, to rate in turn. */
  reviewCardIds: number[];
  ms: number;
}

/**
 * Card i of the learner is in deck i mod `decks`. States, as in a long-used Anki collection (by
 * id mod 100): 40 % new, 1 % learning (due within ±30 min), 1 % relearning (due within ±15 min),
 * 58 % review with intervals spread so that due times run from 3 days overdue to 90 days ahead
 * (about 2,000 cards due today).
 */
export async function seedReviewAccount(
  sql: postgres.Sql,
  userId: number,
  options: SeedOptions,
): Promise<Seeded> {
  const started = performance.now();
  const decks = await sql`
    insert into desks (owner_id, name, new_cards_per_day)
    select ${userId}, 'Bench desk ' || lpad(g::text, 2, '0'), 10 from generate_series(1, ${options.desks}) g
    returning id`;
  const deckIds = decks.map((d) => d.id as number);
  await sql`
    insert into cards (desk_id, front, back, created_by, created_at, updated_at)
    select (${deckIds}::int[])[1 + (g % ${options.desks})],
           'Question ' || g, 'Answer ' || g, ${userId},
           now() - interval '90 days' + g * interval '1 second',
           now() - interval '90 days' + g * interval '1 second'
    from generate_series(0, ${options.cards - 1}) g`;
  await insertSchedules(sql, deckIds);
  await sql`
    update desks set cards_count = (select count(*) from cards where cards.desk_id = desks.id)
    where id = any(${deckIds}::int[])`;
  // What autovacuum does soon after a bulk load: statistics and the visibility map.
  await sql`vacuum analyze cards`;
  await sql`vacuum analyze card_schedules`;
  const [counts] = await sql`
    select count(*) filter (where state = 0)::int as new_cards,
           count(*) filter (where state <> 0 and due <= now())::int as due_now
    from card_schedules where user_id = ${userId}`;
  const rated = await sql`
    select card_id from card_schedules where user_id = ${userId} and state <> 0
    order by (card_id % ${options.desks}), card_id limit 50000`;
  // Interleave decks so that consecutive requests rate cards of different decks.
  const byDeck = new Map<number, number[]>();
  for (const r of rated) {
    const k = (r.card_id as number) % options.desks;
    const list = byDeck.get(k) ?? [];
    list.push(r.card_id as number);
    byDeck.set(k, list);
  }
  const lists = [...byDeck.values()];
  const reviewCardIds: number[] = [];
  for (let i = 0; reviewCardIds.length < rated.length; i++) {
    for (const list of lists) if (list[i] !== undefined) reviewCardIds.push(list[i] as number);
  }
  return {
    desks: deckIds.length,
    cards: options.cards,
    newCards: counts?.new_cards as number,
    dueNow: counts?.due_now as number,
    reviewCardIds,
    ms: Math.round(performance.now() - started),
  };
}

/**
 * Each deck owner's schedule of every card of `deckIds`, in the mix `seedReviewAccount` describes
 * (by card id mod 100).
 */
async function insertSchedules(sql: postgres.Sql, deckIds: number[]): Promise<void> {
  await sql`
    insert into card_schedules (user_id, card_id, desk_id, state, due, stability, difficulty,
      elapsed_days, scheduled_days, learning_steps, reps, lapses, last_review, introduced_at)
    select d.owner_id, c.id, c.desk_id, k.state,
      case k.state
        when 0 then c.created_at
        when 1 then now() + ((c.id % 60) - 30) * interval '1 minute'
        when 3 then now() + ((c.id % 30) - 15) * interval '1 minute'
        else now() + ((c.id % 9300) / 100.0 - 3) * interval '1 day'
      end,
      case k.state when 0 then 0 else 1 + (c.id % 90) end,
      case k.state when 0 then 0 else 2 + (c.id % 7) end,
      0, case k.state when 2 then 1 + (c.id % 60) else 0 end, 0,
      case k.state when 0 then 0 else 1 + (c.id % 12) end,
      case k.state when 3 then 1 + (c.id % 3) else 0 end,
      case k.state when 0 then null else now() - (1 + c.id % 30) * interval '1 day' end,
      case k.state when 0 then null else now() - (20 + c.id % 60) * interval '1 day' end
    from cards c
    join desks d on d.id = c.desk_id
    cross join lateral (
      select case
        when c.id % 100 < 40 then 0
        when c.id % 100 = 40 then 1
        when c.id % 100 = 41 then 3
        else 2 end::smallint as state
    ) k
    where c.desk_id = any(${deckIds}::int[])`;
}

export interface CrowdOptions {
  /** Learners added besides `userId` (accounts that never sign in). */
  others: number;
  decksEach: number;
  cardsEach: number;
}

/**
 * `userId` and `others` more learners, each with `cardsEach` cards in `decksEach` decks in the
 * same mix of states: the queue of one learner among many (a large table, a small share of it).
 */
export async function seedCrowd(
  sql: postgres.Sql,
  userId: number,
  options: CrowdOptions,
): Promise<{ learners: number; cards: number; ms: number }> {
  const started = performance.now();
  const stamp = Date.now().toString(36);
  const others = await sql`
    insert into users (email, username, password_hash)
    select 'crowd-' || ${stamp} || '-' || g || '@example.com', 'crowd_' || ${stamp} || '_' || g, '!'
    from generate_series(1, ${options.others}) g
    returning id`;
  const learners = [userId, ...others.map((u) => u.id as number)];
  const decks = await sql`
    insert into desks (owner_id, name, new_cards_per_day)
    select u, 'Crowd desk ' || g, 10
    from unnest(${learners}::int[]) u cross join generate_series(1, ${options.decksEach}) g
    returning id`;
  const deckIds = decks.map((d) => d.id as number);
  const perDeck = Math.ceil(options.cardsEach / options.decksEach);
  await sql`
    insert into cards (desk_id, front, back, created_by, created_at, updated_at)
    select d.id, 'Question ' || g, 'Answer ' || g, d.owner_id,
           now() - interval '90 days' + g * interval '1 minute',
           now() - interval '90 days' + g * interval '1 minute'
    from desks d cross join generate_series(1, ${perDeck}) g
    where d.id = any(${deckIds}::int[])`;
  await insertSchedules(sql, deckIds);
  await sql`
    update desks set cards_count = ${perDeck} where id = any(${deckIds}::int[])`;
  await sql`vacuum analyze cards`;
  await sql`vacuum analyze card_schedules`;
  return {
    learners: learners.length,
    cards: learners.length * options.decksEach * perDeck,
    ms: Math.round(performance.now() - started),
  };
}
