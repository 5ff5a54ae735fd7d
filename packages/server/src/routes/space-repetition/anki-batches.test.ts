/**
 * An Anki import large enough to cross every batch of the import's writes (cards, schedules,
 * review logs, images: thousands of rows per statement) writes the very rows the import wrote
 * one statement per thousand rows before issue 42 made it faster: each table's rows of the
 * learner, read back without their generated ids, hash to the figures that import gave. A count
 * off by one batch, a batch written twice or a schedule taken from another card changes a hash.
 */
import { createHash } from 'node:crypto';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import {
  ANKI_TEST_MS,
  ankiPackage,
  largeCollection,
  type TestCollection,
} from '../../test/anki-package.ts';
import { createTestBackend, type TestBackend } from '../../test/harness.ts';
import { type Learner, PNG, SR } from '../../test/space-repetition.ts';

let t: TestBackend;
beforeAll(async () => {
  t = await createTestBackend();
});
afterAll(async () => {
  await t?.close();
});

/** 5,003 cards with 3 reviews each (not a whole number of any batch), then the edge cases. */
function collection(): TestCollection {
  const c = largeCollection(5_003, 3);
  const last = Math.max(...c.revlog.map((r) => r[0]));
  // Two cards never reviewed: new, due when imported.
  c.notes.push({
    id: 9_000_001,
    fields: ['Unseen 1', 'never reviewed'],
    cards: [{ id: 9_000_001, deck: 3 }],
  });
  c.notes.push({
    id: 9_000_002,
    fields: ['Unseen 2', 'never reviewed'],
    cards: [{ id: 9_000_002, deck: 3 }],
  });
  // A card too long to import, with reviews that then belong to no card.
  c.notes.push({
    id: 9_000_003,
    fields: ['x'.repeat(5001), 'long'],
    cards: [{ id: 9_000_003, deck: 2 }],
  });
  c.revlog.push([last + 1, 9_000_003, 3, 1000, 0], [last + 2, 9_000_003, 3, 1000, 1]);
  // Images on two cards far apart.
  const image = (n: number) => c.notes[n] as TestCollection['notes'][number];
  image(7).fields[1] = `${image(7).fields[1]}<img src="a.png">`;
  image(4_321).fields[0] = `${image(4_321).fields[0]}<img src="a.png">`;
  // Reviewed again after a lapse, and a reschedule (ease 0) that is no rating.
  c.revlog.push([last + 3, 1_004_999, 1, 7000, 1], [last + 4, 1_004_999, 0, 0, 4]);
  c.revlog.push([last + 5, 1_005_002, 2, 2500, 1]);
  return { ...c, media: { 'a.png': PNG } };
}

function upload(learner: Learner, bytes: Uint8Array) {
  const form = new FormData();
  form.set('file', new Blob([bytes as Uint8Array<ArrayBuffer>]), 'large.apkg');
  return t.request('POST', `${SR}/anki-import/`, { token: learner.access, form });
}

/** A time of a card never reviewed is the import's own (now): left out of the text. */
const unlessNew = (card: string, column: string) =>
  t.deps.sql.unsafe(`case when ${card}.front like 'Unseen %' then 'now' else ${column}::text end`);

/**
 * Every row the import wrote for `userId`, table by table, as sorted text without ids. A count of
 * new cards at 0 reads as no row (the queue reads a missing one as 0), so neither is in the text.
 */
async function rowsOf(userId: number) {
  const text = async (rows: Promise<{ row: string }[]>) => (await rows).map((r) => r.row).sort();
  const sql = t.deps.sql;
  return {
    desks: await text(sql`
      select concat_ws('|', name, cards_count, new_cards_per_day) as row
      from desks where owner_id = ${userId}`),
    cards: await text(sql`
      select concat_ws('|', d.name, c.front, c.back, ${unlessNew('c', 'c.created_at')}, c.created_by,
        md5(c.front_image), c.front_image_type, md5(c.back_image), c.back_image_type) as row
      from cards c join desks d on d.id = c.desk_id where d.owner_id = ${userId}`),
    schedules: await text(sql`
      select concat_ws('|', c.front, d.name, s.state, ${unlessNew('c', 's.due')}, s.stability, s.difficulty,
        s.elapsed_days, s.scheduled_days, s.learning_steps, s.reps, s.lapses, s.last_review,
        s.introduced_at) as row
      from card_schedules s join cards c on c.id = s.card_id join desks d on d.id = s.desk_id
      where s.user_id = ${userId}`),
    reviews: await text(sql`
      select concat_ws('|', c.front, d.name, l.rating, l.state_before::text, l.state_after::text,
        l.elapsed_days, l.answer_time_ms, l.repeat_same_day, l.reviewed_at) as row
      from review_logs l join cards c on c.id = l.card_id join desks d on d.id = l.desk_id
      where l.user_id = ${userId}`),
    introduced: await text(sql`
      select concat_ws('|', d.name, n.day, n.count) as row
      from new_cards_introduced n join desks d on d.id = n.desk_id where n.user_id = ${userId}`),
    activities: await text(sql`
      select concat_ws('|', a.activity_type, d.name, a.day, a.count) as row
      from activities a join desks d on d.id = a.deck_id where a.user_id = ${userId}`),
    dueCounts: await text(sql`
      select concat_ws('|', kind, bucket, n) as row from schedule_due_counts
      where user_id = ${userId}`),
    newCounts: await text(sql`
      select concat_ws('|', d.name, n.n) as row
      from schedule_new_counts n join desks d on d.id = n.desk_id
      where n.user_id = ${userId} and n.n <> 0`),
    reviewCounts: await text(sql`
      select total::text as row from review_counts where user_id = ${userId}`),
  };
}

const digest = (rows: string[]) => createHash('sha256').update(rows.join('\n')).digest('hex');

describe('Anki import in batches', { timeout: ANKI_TEST_MS }, () => {
  it('imports 5,003 cards and 15,000 reviews into the same rows as the import before it', async () => {
    const ana = await t.signUp();
    const res = await upload(ana, ankiPackage(collection(), 'anki21b'));
    expect(res.status).toBe(201);
    const summary = res.body as {
      desks: { name: string; cards: number }[];
      cards_imported: number;
      reviews_imported: number;
      skipped: { note_id: number; reason: string }[];
    };
    expect(summary.cards_imported).toBe(5_005);
    expect(summary.reviews_imported).toBe(5_003 * 3 + 2);
    expect(summary.skipped).toEqual([{ note_id: 9_000_003, reason: 'too_long' }]);
    expect(summary.desks.map((d) => [d.name, d.cards])).toEqual([
      ['Bench::Part 1', 501],
      ['Bench::Part 2', 503],
      ['Bench::Part 3', 501],
      ['Bench::Part 4', 500],
      ['Bench::Part 5', 500],
      ['Bench::Part 6', 500],
      ['Bench::Part 7', 500],
      ['Bench::Part 8', 500],
      ['Bench::Part 9', 500],
      ['Bench::Part 10', 500],
    ]);

    const rows = await rowsOf(ana.user.id);
    const counts = Object.fromEntries(Object.entries(rows).map(([k, v]) => [k, v.length]));
    expect(counts).toMatchObject({
      desks: 10,
      cards: 5_005,
      schedules: 5_005,
      reviews: 15_011,
      reviewCounts: 1,
    });
    expect(rows.reviewCounts).toEqual(['15011']);
    // A sample: the card reviewed after a lapse, and a card never reviewed.
    // A sample: the card rated again (in learning: no lapse) after a reschedule, and a new one.
    expect(rows.schedules.find((r) => r.startsWith('Question 5000|'))).toBe(
      'Question 5000|Bench::Part 10|1|2025-05-24 00:01:02.003+00|0.71342868|9.12482021|1|0|0|4|0|' +
        '2025-05-24 00:00:02.003+00|2025-05-18 00:01:39.002+00',
    );
    expect(rows.schedules.find((r) => r.startsWith('Unseen 1|'))).toBe(
      'Unseen 1|Bench::Part 2|0|now|0|0|0|0|0|0|0',
    );
    // The two images are deck media (issue 42), shown by the cards' HTML: one file, two cards.
    const [media] = await t.deps.sql<{ cards: number; media: number }[]>`
      select count(*) filter (where c.front_html like '%<img%' or c.back_html like '%<img%')::int
          as cards,
        (select count(*)::int from desk_media dm join desks d on d.id = dm.desk_id
          where d.owner_id = ${ana.user.id}) as media
      from cards c join desks d on d.id = c.desk_id where d.owner_id = ${ana.user.id}`;
    expect(media).toEqual({ cards: 2, media: 2 });

    const digests = Object.fromEntries(Object.entries(rows).map(([k, v]) => [k, digest(v)]));
    expect(digests).toEqual(EXPECTED_DIGESTS);
  });
});

/** The hashes of `rowsOf` after the import as it was before issue 42's speed work. */
const EXPECTED_DIGESTS: Record<string, string> = {
  desks: '48c022f278c8df3dafa95a220742a0be8eb43491e7da62ae395e3dfac216cdaa',
  // Issue 42 moved the cards' two images into deck media: the image columns are empty now.
  cards: '60e3e7ac2ad45ff3b2d96bb025e1985fb539d0e697a03b6ed0bd9ca1ca399619',
  schedules: '470311d2892a66f9b9b4f67fea9a863676f15e38510b1b15507989e9d18014ec',
  reviews: 'a240a479c0ba61f82fc79f6d02662fdb3d40046276e45b18ef07873b5813eaab',
  introduced: '10c513b21164d882f1da18370bacebaf3912fc4263c981eebdbb23278c4aaae6',
  activities: 'af13df8529e3b878805b7a6bf6cedb09743d509bf5cc65b389f7a6949c50dfd7',
  dueCounts: 'f7647faf86cdf2cfe802ba39e2afb7af121bce83340b1fed0be0943d0871dd98',
  newCounts: '0c00086f3ad034a4d742d8bac2db04ff54d6b6269126a701f71a67236060786f',
  reviewCounts: 'd3f5855fe380ab8dc41fa4878e816db40b5b1e622fe50885fcc46c19415a8c8c',
};
