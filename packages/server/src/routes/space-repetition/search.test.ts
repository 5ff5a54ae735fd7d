import { forgetting_curve } from 'ts-fsrs';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { DEFAULT_WEIGHTS } from '../../domain/review/memory-model.ts';
import { learnerDay } from '../../domain/review/scheduling.ts';
import { createTestBackend, type TestBackend } from '../../test/harness.ts';
import { helpers, type Learner, SR } from '../../test/space-repetition.ts';

let t: TestBackend;
let ana: Learner;
let bob: Learner;
/** Ana's cards by name (A…E, Italy shared by Bob) and Bob's own private card. */
const id: Record<string, number> = {};
const name = new Map<number, string>();

const { makeDeck } = helpers(() => t);

async function note(who: Learner, body: Record<string, unknown>) {
  const res = await t.request('POST', `${SR}/notes/`, { token: who.access, body });
  expect(res.status, JSON.stringify(res.body)).toBe(201);
  return res.body.cards[0].id as number;
}

const basic = (deskId: number, front: string, back: string, tags: string[] = []) => ({
  desk_id: deskId,
  note_type: 'basic',
  fields: { front, back },
  tags,
});

beforeAll(async () => {
  t = await createTestBackend();
  [ana, bob] = [await t.signUp(), await t.signUp()];
  const geography = await makeDeck(ana, { name: 'Geography' });
  const languages = await makeDeck(ana, { name: 'Languages' });
  const french = await makeDeck(ana, { name: 'Languages::French' });
  id.A = await note(ana, basic(geography.id, 'Spain', 'Madrid', ['geo::europe']));
  id.B = await note(ana, basic(geography.id, 'Japan', 'Tokyo', ['geo::asia', 'leech']));
  id.C = await note(ana, basic(french.id, 'le chien', 'the dog', ['vocab']));
  id.D = await note(ana, {
    desk_id: languages.id,
    note_type: 'cloze',
    fields: { text: '{{c1::Über}} means over', extra: 'German <b>word</b>' },
  });
  id.E = await note(ana, basic(languages.id, '100% sure', 'a_b'));
  const bobs = await makeDeck(bob, { name: 'Geography' });
  id.bobSpain = await note(bob, basic(bobs.id, 'Spain', 'Madrid', ['geo::europe']));
  const shared = await makeDeck(bob, { name: 'Shared' });
  id.Italy = await note(bob, basic(shared.id, 'Italy', 'Rome'));
  const share = await t.request('POST', `${SR}/desks/${shared.id}/share_multiple/`, {
    token: bob.access,
    body: { emails: [ana.user.email] },
  });
  expect(share.status).toBe(200);
  for (const [k, v] of Object.entries(id)) name.set(v, k);

  // Ana's schedules, straight into storage: the actions that set them are other operations.
  const sql = t.database.sql;
  const now = Date.now();
  const today = learnerDay(new Date(now), 'UTC').start.getTime();
  const at = (ms: number) => new Date(ms).toISOString();
  const DAY = 86_400_000;
  const schedule = async (card: number, set: Record<string, unknown>) => {
    await sql`update card_schedules set ${sql(set)} where user_id = ${ana.user.id} and card_id = ${card}`;
  };
  await schedule(id.A as number, {
    state: 2,
    due: at(today),
    scheduled_days: 12,
    stability: 12,
    difficulty: 5,
    reps: 3,
    last_review: at(now - 12 * DAY),
    flag: 1,
  });
  await schedule(id.B as number, {
    state: 2,
    due: at(today + 5 * DAY),
    scheduled_days: 30,
    stability: 30,
    difficulty: 8,
    reps: 10,
    lapses: 4,
    last_review: at(now - 25 * DAY),
  });
  await schedule(id.C as number, {
    state: 1,
    due: at(now - 60_000),
    stability: 1,
    difficulty: 6,
    reps: 1,
    last_review: at(now - 600_000),
    suspended: true,
  });
  await schedule(id.E as number, {
    state: 3,
    due: at(now + 180_000),
    stability: 2,
    difficulty: 7,
    reps: 5,
    lapses: 1,
    last_review: at(now - 3_600_000),
    buried_until: at(now + 6 * 3_600_000),
  });
  await sql`update cards set created_at = ${at(now - 40 * DAY)} where id = ${id.E as number}`;
  const log = (card: number, rating: number, reviewedAt: number) => sql`
    insert into review_logs (user_id, card_id, desk_id, rating, state_before, state_after, reviewed_at)
    select ${ana.user.id}, id, desk_id, ${rating}, '{}'::jsonb, '{}'::jsonb, ${at(reviewedAt)}
    from cards where id = ${card}`;
  await log(id.A as number, 3, now);
  await log(id.B as number, 1, now - 10 * DAY);
});

afterAll(async () => {
  await t?.close();
});

async function search(query: string, who: Learner = ana, extra = '') {
  const res = await t.request(
    'GET',
    `${SR}/cards/search/?q=${encodeURIComponent(query)}&page_size=100${extra}`,
    { token: who.access },
  );
  expect(res.status, JSON.stringify(res.body)).toBe(200);
  return res.body as {
    count: number;
    next: string | null;
    previous: string | null;
    results: { id: number; retrievability: number | null; [key: string]: unknown }[];
  };
}

/** The names of the cards a query finds, sorted (or in the answer's order with `ordered`). */
async function found(query: string, who: Learner = ana, extra = '', ordered = false) {
  const body = await search(query, who, extra);
  expect(body.count).toBe(body.results.length);
  const names = body.results.map((r) => name.get(r.id) ?? `#${r.id}`);
  return ordered ? names : names.sort();
}

describe('searchCards', () => {
  it('finds every card the learner can see with an empty query, and no one else’s', async () => {
    expect(await found('')).toEqual(['A', 'B', 'C', 'D', 'E', 'Italy']);
    expect(await found('', bob)).toEqual(['Italy', 'bobSpain']);
    expect(await found('spain')).toEqual(['A']);
    expect(await found('spain', bob)).toEqual(['bobSpain']);
    const carol = await t.signUp();
    expect(await found('', carol)).toEqual([]);
    expect(await found(`cid:${[id.bobSpain, id.A].join(',')}`)).toEqual(['A']);
  });

  it('describes each card with the learner’s own schedule', async () => {
    const body = await search(`cid:${id.B}`);
    expect(body.results[0]).toMatchObject({
      desk_name: 'Geography',
      note_type: 'Basic',
      front: 'Japan',
      back: 'Tokyo',
      tags: ['geo::asia', 'leech'],
      state: 'review',
      interval: 30,
      lapses: 4,
      reps: 10,
      suspended: false,
      buried: false,
      flag: 0,
    });
    // The forgetting curve the scheduler uses (ts-fsrs), over whole days since the last review.
    expect(body.results[0]?.retrievability).toBeCloseTo(
      forgetting_curve(DEFAULT_WEIGHTS, 25, 30),
      6,
    );
    const fresh = await search(`cid:${id.D}`);
    expect(fresh.results[0]).toMatchObject({
      note_type: 'Cloze',
      state: 'new',
      retrievability: null,
    });
  });

  it('matches words and phrases in the card’s text, ignoring case, accents only with nc:', async () => {
    expect(await found('MADRID')).toEqual(['A']);
    expect(await found('"the dog"')).toEqual(['C']);
    expect(await found('chien dog')).toEqual(['C']);
    expect(await found('"dog the"')).toEqual([]);
    expect(await found('d_g')).toEqual(['C']);
    expect(await found('tok*o')).toEqual(['B']);
    expect(await found('uber')).toEqual([]);
    expect(await found('nc:uber')).toEqual(['D']);
    expect(await found('über')).toEqual(['D']);
    expect(await found('100%')).toEqual(['E']);
    expect(await found('a\\_b')).toEqual(['E']);
    expect(await found('%')).toEqual(['E']);
  });

  it('matches a whole side or note field, with wildcards, fields by key in any case', async () => {
    expect(await found('front:spain')).toEqual(['A']);
    expect(await found('front:spa')).toEqual([]);
    expect(await found('front:spa*')).toEqual(['A']);
    expect(await found('back:*dog*')).toEqual(['C']);
    expect(await found('extra:"german word"')).toEqual(['D']);
    expect(await found('Text:*means*')).toEqual(['D']);
    expect(await found('extra:*')).toEqual(['D']);
    expect(await found('-extra:*')).toEqual(['A', 'B', 'C', 'E', 'Italy']);
  });

  it('finds decks with their :: children, tags with theirs, note types and leeches', async () => {
    expect(await found('deck:languages')).toEqual(['C', 'D', 'E']);
    expect(await found('deck:"Languages::French"')).toEqual(['C']);
    expect(await found('"deck:languages::french"')).toEqual(['C']);
    expect(await found('deck:lang*')).toEqual(['C', 'D', 'E']);
    expect(await found('deck:french')).toEqual([]);
    expect(await found('deck:Shared')).toEqual(['Italy']);
    expect(await found('tag:geo')).toEqual(['A', 'B']);
    expect(await found('tag:geo::asia')).toEqual(['B']);
    expect(await found('tag:GEO::*')).toEqual(['A', 'B']);
    expect(await found('tag:*asia')).toEqual(['B']);
    expect(await found('tag:ge')).toEqual([]);
    expect(await found('tag:none')).toEqual(['D', 'E', 'Italy']);
    expect(await found('is:leech')).toEqual(['B']);
    expect(await found('note:cloze')).toEqual(['D']);
    expect(await found('note:"basic*"')).toEqual(['A', 'B', 'C', 'E', 'Italy']);
  });

  it('finds states, suspended, buried and flagged cards', async () => {
    expect(await found('is:new')).toEqual(['D', 'Italy']);
    expect(await found('is:learn')).toEqual(['C', 'E']);
    expect(await found('is:review')).toEqual(['A', 'B', 'E']);
    expect(await found('is:due')).toEqual(['A']);
    expect(await found('is:suspended')).toEqual(['C']);
    expect(await found('is:buried')).toEqual(['E']);
    expect(await found('flag:1')).toEqual(['A']);
    expect(await found('flag:0')).toEqual(['B', 'C', 'D', 'E', 'Italy']);
  });

  it('compares properties: interval, due day, lapses, reps, retrievability, stability, difficulty', async () => {
    expect(await found('prop:ivl>=10')).toEqual(['A', 'B']);
    expect(await found('prop:ivl>20')).toEqual(['B']);
    expect(await found('prop:due=5')).toEqual(['B']);
    expect(await found('prop:due>=2')).toEqual(['B']);
    expect(await found('prop:due<=1 is:review')).toEqual(['A', 'E']);
    expect(await found('prop:lapses>3')).toEqual(['B']);
    expect(await found('prop:reps=5')).toEqual(['E']);
    expect(await found('prop:reps!=5 -is:new')).toEqual(['A', 'B', 'C']);
    expect(await found('prop:r<0.905')).toEqual(['A']);
    expect(await found('prop:r<0.95')).toEqual(['A', 'B']);
    expect(await found('prop:s>20')).toEqual(['B']);
    expect(await found('prop:d>0.7')).toEqual(['B']);
  });

  it('finds cards rated in the last days (by rating) and added in the last days', async () => {
    expect(await found('rated:1')).toEqual(['A']);
    expect(await found('rated:1:3')).toEqual(['A']);
    expect(await found('rated:1:1')).toEqual([]);
    expect(await found('rated:30')).toEqual(['A', 'B']);
    expect(await found('rated:30:1')).toEqual(['B']);
    expect(await found('rated:30', bob)).toEqual([]);
    expect(await found('added:1')).toEqual(['A', 'B', 'C', 'D', 'Italy']);
    expect(await found('added:60')).toEqual(['A', 'B', 'C', 'D', 'E', 'Italy']);
    expect(await found(`nid:0`)).toEqual([]);
  });

  it('combines with implicit AND, OR, negation and parentheses', async () => {
    expect(await found('tag:geo -is:leech')).toEqual(['A']);
    expect(await found('madrid or tokyo')).toEqual(['A', 'B']);
    expect(await found('madrid OR tokyo prop:lapses>0')).toEqual(['A', 'B']);
    expect(await found('(madrid OR tokyo) prop:lapses>0')).toEqual(['B']);
    expect(await found('(is:new or is:suspended) deck:lang*')).toEqual(['C', 'D']);
    expect(await found('-(deck:geo* or deck:lang*)')).toEqual(['Italy']);
    expect(await found('-is:new -is:review')).toEqual(['C']);
    expect(await found('-(-spain)')).toEqual(['A']);
    expect(await found('spain and madrid')).toEqual(['A']);
    // Negating what some cards have no value for (never buried, never rated, a stock type).
    expect(await found('-is:buried')).toEqual(['A', 'B', 'C', 'D', 'Italy']);
    expect(await found('-prop:r<0.95')).toEqual(['C', 'D', 'E', 'Italy']);
    expect(await found('-note:cloze')).toEqual(['A', 'B', 'C', 'E', 'Italy']);
    expect(await found('-tag:geo')).toEqual(['C', 'D', 'E', 'Italy']);
  });

  it('sorts by each column both ways, ties by card id ascending, never-rated cards last', async () => {
    const sorted = (sort: string, order: string, query = '') =>
      found(query, ana, `&sort=${sort}&order=${order}`, true);
    expect(await sorted('due', 'asc', 'is:review')).toEqual(['A', 'E', 'B']);
    expect(await sorted('due', 'desc', 'is:review')).toEqual(['B', 'E', 'A']);
    expect(await sorted('interval', 'desc', '-is:new')).toEqual(['B', 'A', 'C', 'E']);
    expect(await sorted('lapses', 'desc', '-is:new')).toEqual(['B', 'E', 'A', 'C']);
    expect(await sorted('difficulty', 'asc', '-is:new')).toEqual(['A', 'C', 'E', 'B']);
    expect(await sorted('retrievability', 'asc')).toEqual(['A', 'B', 'C', 'E', 'D', 'Italy']);
    expect(await sorted('retrievability', 'desc')).toEqual(['C', 'E', 'B', 'A', 'D', 'Italy']);
    expect(await sorted('added', 'asc')).toEqual(['E', 'A', 'B', 'C', 'D', 'Italy']);
    expect(await sorted('added', 'desc')).toEqual(['Italy', 'D', 'C', 'B', 'A', 'E']);
    expect(await found('', ana, '', true)).toEqual(['E', 'A', 'B', 'C', 'D', 'Italy']);
  });

  it('paginates as the other lists do', async () => {
    const first = await t.request('GET', `${SR}/cards/search/?page_size=4&sort=added`, {
      token: ana.access,
    });
    expect(first.body).toMatchObject({ count: 6, previous: null });
    expect(first.body.results).toHaveLength(4);
    expect(first.body.next).toContain('page=2');
    expect(first.body.next).toContain('sort=added');
    const second = await t.request('GET', first.body.next, { token: ana.access });
    expect(second.body.results).toHaveLength(2);
    expect(second.body.next).toBeNull();
    const ids = [...first.body.results, ...second.body.results].map((r: { id: number }) => r.id);
    expect(new Set(ids).size).toBe(6);
  });

  it('answers a query that does not parse with 400 naming q and the problem', async () => {
    const cases: [string, string][] = [
      ['dog "a cat', 'Search at character 5: this quote is never closed.'],
      ['(dog or cat', 'Search at character 1: this parenthesis is never closed.'],
      ['dog)', 'Search at character 4: this parenthesis closes nothing.'],
      [
        'is:fresh',
        'Search at character 1: “is:fresh” is unknown; use new, learn, review, due, suspended, buried or leech.',
      ],
      ['prop:ivl>>3', 'Search at character 1: “prop:ivl>>3” is not a property comparison'],
      ['prop:r<2', 'Search at character 1: “prop:r<2”: r runs from 0 to 1.'],
      ['flag:9', 'Search at character 1: “flag:9” is not a flag; use 0 (none) to 7.'],
      [`${'-'.repeat(999)}a`, 'the search is nested more than 32 levels deep.'],
    ];
    for (const [query, message] of cases) {
      const res = await t.request('GET', `${SR}/cards/search/?q=${encodeURIComponent(query)}`, {
        token: ana.access,
      });
      expect(res.status, query).toBe(400);
      expect(res.body.code).toBe('validation_error');
      expect(res.body.fields.q[0]).toContain(message);
      expect(res.body.field_codes).toEqual({ q: ['search_invalid'] });
    }
    const sort = await t.request('GET', `${SR}/cards/search/?sort=size`, { token: ana.access });
    expect(sort.status).toBe(400);
    expect(Object.keys(sort.body.fields)).toEqual(['sort']);
  });

  it('takes SQL-looking input as text to match, and leaves the data alone', async () => {
    for (const query of [
      "'; drop table cards; --",
      "%' or 1=1 --",
      "deck:\"x' or '1'='1\"",
      'front:*\\\\*',
      'tag:"\\");delete from notes;--"',
      'note:"\') or true --"',
      "1=1 or 'a'='a'",
    ]) {
      expect(await found(query), query).toEqual([]);
    }
    expect(await found('')).toHaveLength(6);
  });
});
