import { randomUUID } from 'node:crypto';
import { readFileSync } from 'node:fs';
import path from 'node:path';
import { createEmptyCard, fsrs, Rating } from 'ts-fsrs';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { FSRS_PARAMETERS } from '../domain/scheduling.ts';
import { createTestBackend, type TestBackend } from '../test/harness.ts';

let t: TestBackend;

beforeAll(async () => {
  t = await createTestBackend();
});

afterAll(async () => {
  await t?.close();
});

const SR = '/be/api/space-repetition';

type Learner = Awaited<ReturnType<TestBackend['signUp']>>;

async function makeDesk(who: Learner, body: Record<string, unknown> = {}) {
  const res = await t.request('POST', `${SR}/desks/`, {
    token: who.access,
    body: { name: 'Capitals', ...body },
  });
  expect(res.status).toBe(201);
  return res.body;
}

async function makeCard(who: Learner, deskId: number, front = 'Spain', back = 'Madrid') {
  const res = await t.request('POST', `${SR}/cards/`, {
    token: who.access,
    body: { desk_id: deskId, front, back },
  });
  expect(res.status).toBe(201);
  return res.body;
}

function rate(who: Learner, cardId: number, body: Record<string, unknown>) {
  return t.request('POST', `${SR}/cards/${cardId}/update_difficulty/`, {
    token: who.access,
    body,
  });
}

const PNG = readFileSync(path.join(import.meta.dirname, '../providers/ocr/fixtures/notes.png'));
const pngDataUrl = `data:image/png;base64,${PNG.toString('base64')}`;

describe('desks', () => {
  it('creates, lists, renames and deletes a desk with its cards and review history', async () => {
    const ana = await t.signUp();
    const desk = await makeDesk(ana);
    expect(desk).toMatchObject({
      name: 'Capitals',
      cards_count: 0,
      new_cards_per_day: 10,
      new_cards_today: 0,
      remaining_today: 0,
      is_owner: true,
      can_edit: true,
      shared_with: [],
      allow_editing: false,
    });
    const card = await makeCard(ana, desk.id);
    expect((await rate(ana, card.id, { difficulty: 'good' })).status).toBe(200);

    const list = await t.request('GET', `${SR}/desks/`, { token: ana.access });
    expect(list.body).toHaveLength(1);
    expect(list.body[0]).toMatchObject({ cards_count: 1, new_cards_today: 1 });

    const renamed = await t.request('PUT', `${SR}/desks/${desk.id}/`, {
      token: ana.access,
      body: { name: '  Rivers ' },
    });
    expect(renamed.status).toBe(200);
    expect(renamed.body.name).toBe('Rivers');

    const blank = await t.request('PUT', `${SR}/desks/${desk.id}/`, {
      token: ana.access,
      body: { name: '  ' },
    });
    expect(blank.status).toBe(400);
    expect(blank.body).toMatchObject({
      detail: 'Please enter a desk name',
      fields: { name: ['Please enter a desk name'] },
    });
    const empty = await t.request('POST', `${SR}/desks/`, {
      token: ana.access,
      body: { name: '' },
    });
    expect(empty.body.fields).toEqual({ name: ['Please enter a desk name'] });

    expect(
      (await t.request('DELETE', `${SR}/desks/${desk.id}/`, { token: ana.access })).status,
    ).toBe(204);
    const [left] = await t.database.sql`
      select (select count(*)::int from cards where desk_id = ${desk.id}) as cards,
             (select count(*)::int from review_logs where desk_id = ${desk.id}) as logs,
             (select count(*)::int from card_schedules where desk_id = ${desk.id}) as schedules`;
    expect(left).toEqual({ cards: 0, logs: 0, schedules: 0 });
    const gone = await t.request('GET', `${SR}/desks/${desk.id}/`, { token: ana.access });
    expect(gone.status).toBe(404);
  });

  it('lets a free account create desks and cards', async () => {
    const free = await t.signUp();
    const desk = await makeDesk(free);
    await makeCard(free, desk.id);
    const info = await t.request('GET', '/be/api/auth/users/account_info/', { token: free.access });
    expect(info.body.account_type).toBe('free');
  });

  it('filters the list by name and sets the daily limit (1 to 9999)', async () => {
    const ana = await t.signUp();
    await makeDesk(ana, { name: 'French verbs' });
    const other = await makeDesk(ana, { name: 'Chemistry' });
    const found = await t.request('GET', `${SR}/desks/?search=FRENCH`, { token: ana.access });
    expect(found.body.map((d: { name: string }) => d.name)).toEqual(['French verbs']);

    const set = await t.request('POST', `${SR}/desks/${other.id}/configure_new_cards/`, {
      token: ana.access,
      body: { new_cards_per_day: 9999 },
    });
    expect(set.status).toBe(200);
    expect(set.body.new_cards_per_day).toBe(9999);
    for (const bad of [0, 10000]) {
      const res = await t.request('POST', `${SR}/desks/${other.id}/configure_new_cards/`, {
        token: ana.access,
        body: { new_cards_per_day: bad },
      });
      expect(res.status).toBe(400);
      expect(res.body.fields).toHaveProperty('new_cards_per_day');
    }
  });
});

describe('sharing', () => {
  it('validates the emails: an empty list is refused with the spec message', async () => {
    const ana = await t.signUp();
    const desk = await makeDesk(ana);
    const empty = await t.request('POST', `${SR}/desks/${desk.id}/share_multiple/`, {
      token: ana.access,
      body: { emails: [] },
    });
    expect(empty.status).toBe(400);
    expect(empty.body).toMatchObject({
      detail: 'Please enter at least one email address',
      fields: { emails: ['Please enter at least one email address'] },
    });
    const blank = await t.request('POST', `${SR}/desks/${desk.id}/share_multiple/`, {
      token: ana.access,
      body: {},
    });
    expect(blank.status).toBe(400);
    const malformed = await t.request('POST', `${SR}/desks/${desk.id}/share_multiple/`, {
      token: ana.access,
      body: { emails: ['not-an-email'] },
    });
    expect(malformed.status).toBe(400);
    expect(malformed.body.fields).toHaveProperty('emails.0');
  });

  it('shares read-only: the desk is listed, reviewable with its own schedule, not editable', async () => {
    const ana = await t.signUp();
    const ben = await t.signUp();
    const desk = await makeDesk(ana);
    const card = await makeCard(ana, desk.id);
    const shared = await t.request('POST', `${SR}/desks/${desk.id}/share_multiple/`, {
      token: ana.access,
      body: { emails: [ben.user.email.toUpperCase(), 'nobody@example.com'] },
    });
    expect(shared.status).toBe(200);
    expect(shared.body.shared_with).toEqual([ben.user.email]);
    expect(shared.body.not_registered).toEqual(['nobody@example.com']);
    expect(shared.body.desk.shared_with).toEqual([ben.user.email]);

    const [note] = await t.database.sql`
      select kind, payload from notifications where user_id = ${ben.user.id}`;
    expect(note).toMatchObject({ kind: 'desk_shared', payload: { desk_id: desk.id } });

    const list = await t.request('GET', `${SR}/desks/`, { token: ben.access });
    expect(list.body).toHaveLength(1);
    expect(list.body[0]).toMatchObject({
      id: desk.id,
      is_owner: false,
      can_edit: false,
      owner_username: ana.user.username,
      shared_with: [],
      new_count: 1,
    });

    // Edits are refused (read-only: 403 as the contract states), reviews are allowed.
    const edits = [
      t.request('PUT', `${SR}/desks/${desk.id}/`, { token: ben.access, body: { name: 'Mine' } }),
      t.request('DELETE', `${SR}/desks/${desk.id}/`, { token: ben.access }),
      t.request('POST', `${SR}/desks/${desk.id}/share_multiple/`, {
        token: ben.access,
        body: { emails: ['x@example.com'] },
      }),
      t.request('POST', `${SR}/cards/`, {
        token: ben.access,
        body: { desk_id: desk.id, front: 'a', back: 'b' },
      }),
      t.request('PUT', `${SR}/cards/${card.id}/`, {
        token: ben.access,
        body: { front: 'a', back: 'b' },
      }),
      t.request('DELETE', `${SR}/cards/${card.id}/`, { token: ben.access }),
      t.request('POST', `${SR}/desks/${desk.id}/generate_cards/`, {
        token: ben.access,
        body: { text: 'Sun: a star' },
      }),
    ];
    for (const res of await Promise.all(edits)) {
      expect(res.status).toBe(403);
      expect(res.body.code).toBe('forbidden');
    }
    const benRating = await rate(ben, card.id, { difficulty: 'easy' });
    expect(benRating.status).toBe(200);
    expect(benRating.body.card.state).toBe('review');
    // Ana's schedule of the same card is untouched.
    const anaCards = await t.request('GET', `${SR}/desks/${desk.id}/cards/`, { token: ana.access });
    expect(anaCards.body.results[0]).toMatchObject({ state: 'new', reps: 0 });
    // Ben sets his own daily limit.
    const limit = await t.request('POST', `${SR}/desks/${desk.id}/configure_new_cards/`, {
      token: ben.access,
      body: { new_cards_per_day: 3 },
    });
    expect(limit.body.new_cards_per_day).toBe(3);
    const anaDesk = await t.request('GET', `${SR}/desks/${desk.id}/`, { token: ana.access });
    expect(anaDesk.body.new_cards_per_day).toBe(10);
  });

  it('allow_editing lets those it is shared with edit cards, but never delete or share', async () => {
    const ana = await t.signUp();
    const ben = await t.signUp();
    const desk = await makeDesk(ana);
    await t.request('POST', `${SR}/desks/${desk.id}/share_multiple/`, {
      token: ana.access,
      body: { emails: [ben.user.email], allow_editing: true },
    });
    const card = await makeCard(ben, desk.id, 'France', 'Paris');
    // The new card is in both learners' queues.
    const anaQueue = await t.request('GET', `${SR}/cards/due_cards/?desk_id=${desk.id}`, {
      token: ana.access,
    });
    expect(anaQueue.body.cards.map((x: { id: number }) => x.id)).toContain(card.id);
    const renamed = await t.request('PUT', `${SR}/desks/${desk.id}/`, {
      token: ben.access,
      body: { name: 'Shared capitals' },
    });
    expect(renamed.status).toBe(200);
    const flip = await t.request('PUT', `${SR}/desks/${desk.id}/`, {
      token: ben.access,
      body: { name: 'x', allow_editing: false },
    });
    expect(flip.status).toBe(403);
    expect(
      (await t.request('DELETE', `${SR}/desks/${desk.id}/`, { token: ben.access })).status,
    ).toBe(403);
  });
});

describe('authorization: another learner’s ids are 404', () => {
  it('for every desk and card operation', async () => {
    const ana = await t.signUp();
    const eve = await t.signUp();
    const desk = await makeDesk(ana);
    const card = await makeCard(ana, desk.id);
    const as = { token: eve.access };
    const calls = [
      t.request('GET', `${SR}/desks/${desk.id}/`, as),
      t.request('PUT', `${SR}/desks/${desk.id}/`, { ...as, body: { name: 'x' } }),
      t.request('DELETE', `${SR}/desks/${desk.id}/`, as),
      t.request('GET', `${SR}/desks/${desk.id}/cards/`, as),
      t.request('POST', `${SR}/desks/${desk.id}/share_multiple/`, {
        ...as,
        body: { emails: [eve.user.email] },
      }),
      t.request('POST', `${SR}/desks/${desk.id}/configure_new_cards/`, {
        ...as,
        body: { new_cards_per_day: 5 },
      }),
      t.request('POST', `${SR}/desks/${desk.id}/generate_cards/`, {
        ...as,
        body: { text: 'a: b' },
      }),
      t.request('GET', `${SR}/cards/due_cards/?desk_id=${desk.id}`, as),
      t.request('POST', `${SR}/cards/`, {
        ...as,
        body: { desk_id: desk.id, front: 'a', back: 'b' },
      }),
      t.request('PUT', `${SR}/cards/${card.id}/`, { ...as, body: { front: 'a', back: 'b' } }),
      t.request('DELETE', `${SR}/cards/${card.id}/`, as),
      t.request('POST', `${SR}/cards/${card.id}/update_difficulty/`, {
        ...as,
        body: { difficulty: 'good' },
      }),
      t.request('POST', `${SR}/cards/${card.id}/repeat_same_day/`, {
        ...as,
        body: { difficulty: 'good' },
      }),
      t.request('POST', `${SR}/cards/${card.id}/undo_review/`, as),
    ];
    for (const res of await Promise.all(calls)) {
      expect(res.status).toBe(404);
      expect(res.body.code).toBe('not_found');
    }
    const list = await t.request('GET', `${SR}/desks/`, as);
    expect(list.body).toEqual([]);
    const queue = await t.request('GET', `${SR}/cards/due_cards/`, as);
    expect(queue.body.cards).toEqual([]);
    // Nothing changed for Ana.
    const still = await t.request('GET', `${SR}/desks/${desk.id}/`, { token: ana.access });
    expect(still.body).toMatchObject({ name: 'Capitals', cards_count: 1 });
  });
});

describe('cards', () => {
  it('lists a desk’s cards paginated, oldest first, searchable case-insensitively', async () => {
    const ana = await t.signUp();
    const desk = await makeDesk(ana);
    for (let i = 1; i <= 25; i++)
      await makeCard(ana, desk.id, `Front ${i}`, i === 7 ? 'Oslo' : 'x');
    const first = await t.request('GET', `${SR}/desks/${desk.id}/cards/`, { token: ana.access });
    expect(first.body.count).toBe(25);
    expect(first.body.results).toHaveLength(20);
    expect(first.body.results[0].front).toBe('Front 1');
    expect(first.body.previous).toBeNull();
    expect(first.body.next).toContain('page=2');
    const second = await t.request('GET', first.body.next, { token: ana.access });
    expect(second.body.results.map((c: { front: string }) => c.front)).toEqual([
      'Front 21',
      'Front 22',
      'Front 23',
      'Front 24',
      'Front 25',
    ]);
    expect(second.body.next).toBeNull();
    const found = await t.request('GET', `${SR}/desks/${desk.id}/cards/?search=oSLO`, {
      token: ana.access,
    });
    expect(found.body.results.map((c: { front: string }) => c.front)).toEqual(['Front 7']);
    const percent = await t.request('GET', `${SR}/desks/${desk.id}/cards/?search=%25`, {
      token: ana.access,
    });
    expect(percent.body.count).toBe(0);
  });

  it('edits text and images and keeps the schedule', async () => {
    const ana = await t.signUp();
    const desk = await makeDesk(ana);
    const card = await makeCard(ana, desk.id);
    await rate(ana, card.id, { difficulty: 'good' });
    const edited = await t.request('PUT', `${SR}/cards/${card.id}/`, {
      token: ana.access,
      body: { front: 'España', back: 'Madrid', back_image: pngDataUrl },
    });
    expect(edited.status).toBe(200);
    expect(edited.body).toMatchObject({ front: 'España', state: 'learning', reps: 1 });
    expect(edited.body.back_image).toBe(pngDataUrl);
    const kept = await t.request('PUT', `${SR}/cards/${card.id}/`, {
      token: ana.access,
      body: { front: 'España', back: 'Madrid' },
    });
    expect(kept.body.back_image).toBe(pngDataUrl);
    const removed = await t.request('PUT', `${SR}/cards/${card.id}/`, {
      token: ana.access,
      body: { front: 'España', back: 'Madrid', back_image: null },
    });
    expect(removed.body.back_image).toBeNull();
    const none = await t.request('PUT', `${SR}/cards/${card.id}/`, {
      token: ana.access,
      body: { front: ' ', back: 'Madrid' },
    });
    expect(none.status).toBe(400);
    expect(none.body.fields).toHaveProperty('front');
    expect(
      (await t.request('DELETE', `${SR}/cards/${card.id}/`, { token: ana.access })).status,
    ).toBe(204);
    const [logs] = await t.database.sql`
      select count(*)::int as n from review_logs where card_id = ${card.id}`;
    expect(logs?.n).toBe(0);
  });

  it('takes images as data: URLs or multipart files, checking their bytes and size', async () => {
    const ana = await t.signUp();
    const desk = await makeDesk(ana);
    const withImage = await t.request('POST', `${SR}/cards/`, {
      token: ana.access,
      body: { desk_id: desk.id, front: '', back: 'Notes', front_image: pngDataUrl },
    });
    expect(withImage.status).toBe(201);
    expect(withImage.body.front_image).toBe(pngDataUrl);

    // Declared PNG, but the bytes are text.
    const fake = `data:image/png;base64,${Buffer.from('hello, not an image').toString('base64')}`;
    const notImage = await t.request('POST', `${SR}/cards/`, {
      token: ana.access,
      body: { desk_id: desk.id, front: 'a', back: 'b', back_image: fake },
    });
    expect(notImage.status).toBe(400);
    expect(notImage.body.fields).toEqual({
      back_image: ['The file is not a PNG, JPEG, WebP or GIF image.'],
    });

    // A declared type outside the list is refused by the contract already.
    const svg = await t.request('POST', `${SR}/cards/`, {
      token: ana.access,
      body: {
        desk_id: desk.id,
        front: 'a',
        back: 'b',
        front_image: 'data:image/svg+xml;base64,AA==',
      },
    });
    expect(svg.status).toBe(400);
    expect(svg.body.fields).toHaveProperty('front_image');

    const form = new FormData();
    form.set('desk_id', String(desk.id));
    form.set('front', 'Diagram');
    form.set('back', '');
    form.set('back_image', new Blob([PNG], { type: 'image/png' }), 'notes.png');
    const multipart = await t.request('POST', `${SR}/cards/`, { token: ana.access, form });
    expect(multipart.status).toBe(201);
    expect(multipart.body.back_image).toBe(pngDataUrl);

    const big = new Uint8Array(2 * 1024 * 1024 + 1);
    big.set(PNG.subarray(0, 8));
    const tooLarge = new FormData();
    tooLarge.set('desk_id', String(desk.id));
    tooLarge.set('front', 'a');
    tooLarge.set('back', 'b');
    tooLarge.set('front_image', new Blob([big], { type: 'image/png' }), 'big.png');
    const refused = await t.request('POST', `${SR}/cards/`, { token: ana.access, form: tooLarge });
    expect(refused.status).toBe(400);
    expect(refused.body.fields).toEqual({ front_image: ['The image is larger than 2 MiB.'] });

    const textFile = new FormData();
    textFile.set('desk_id', String(desk.id));
    textFile.set('front', 'a');
    textFile.set('back', 'b');
    textFile.set('front_image', new Blob(['plain text'], { type: 'image/jpeg' }), 'x.jpg');
    const notJpeg = await t.request('POST', `${SR}/cards/`, { token: ana.access, form: textFile });
    expect(notJpeg.status).toBe(400);
    expect(notJpeg.body.fields).toHaveProperty('front_image');

    const update = new FormData();
    update.set('front', 'Diagram');
    update.set('back', 'text now');
    update.set('remove_back_image', 'true');
    const removed = await t.request('PUT', `${SR}/cards/${multipart.body.id}/`, {
      token: ana.access,
      form: update,
    });
    expect(removed.status).toBe(200);
    expect(removed.body.back_image).toBeNull();

    const missing = new FormData();
    missing.set('front', 'x');
    const incomplete = await t.request('POST', `${SR}/cards/`, {
      token: ana.access,
      form: missing,
    });
    expect(incomplete.status).toBe(400);
    expect(Object.keys(incomplete.body.fields).sort()).toEqual(['back', 'desk_id']);
  });
});

describe('reviews', () => {
  it('schedules exactly as ts-fsrs for good, good, again, hard, easy at fixed times', async () => {
    const ana = await t.signUp();
    const desk = await makeDesk(ana);
    const card = await makeCard(ana, desk.id);
    const f = fsrs(FSRS_PARAMETERS);
    const start = new Date(Date.now() - 40 * 86_400_000);
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
    const desk = await makeDesk(ana);
    const a = await makeCard(ana, desk.id, 'a', '1');
    const b = await makeCard(ana, desk.id, 'b', '2');
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
    const [log] = await t.database.sql`
      select answer_time_ms from review_logs where card_id = ${a.id}`;
    expect(log?.answer_time_ms).toBe(4200);
  });

  it('refuses a rating dated before the card’s last review (409)', async () => {
    const ana = await t.signUp();
    const desk = await makeDesk(ana);
    const card = await makeCard(ana, desk.id);
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
    const desk = await makeDesk(ana);
    const card = await makeCard(ana, desk.id);
    const key = randomUUID();
    const first = await rate(ana, card.id, { difficulty: 'good', idempotency_key: key });
    const again = await rate(ana, card.id, { difficulty: 'good', idempotency_key: key });
    expect(again.status).toBe(200);
    expect(again.body.review_id).toBe(first.body.review_id);
    expect(again.body.next_due).toBe(first.body.next_due);
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
    const other = await makeCard(ana, desk.id, 'x', 'y');
    const reused = await rate(ana, other.id, { difficulty: 'good', idempotency_key: key });
    expect(reused.status).toBe(409);
  });

  it('serialises two ratings of one card sent at once: two log rows, a consistent state', async () => {
    const ana = await t.signUp();
    const desk = await makeDesk(ana);
    const card = await makeCard(ana, desk.id);
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

  it('repeat_same_day puts the card back into today’s queue', async () => {
    const ana = await t.signUp();
    const desk = await makeDesk(ana);
    const card = await makeCard(ana, desk.id);
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
    const desk = await makeDesk(ana);
    const card = await makeCard(ana, desk.id);
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
    const deskNow = await t.request('GET', `${SR}/desks/${desk.id}/`, { token: ana.access });
    expect(deskNow.body).toMatchObject({ new_cards_today: 0, new_count: 1 });
    const [logs] = await t.database.sql`
      select count(*)::int as n from review_logs where card_id = ${card.id}`;
    expect(logs?.n).toBe(0);
    const activity = await t.database.sql`
      select count from activities where user_id = ${ana.user.id}`;
    expect(activity).toHaveLength(0);
  });

  it('records the day’s activity per desk for streaks and history', async () => {
    const ana = await t.signUp();
    const desk = await makeDesk(ana, { name: 'Rivers' });
    const a = await makeCard(ana, desk.id, 'a', '1');
    const b = await makeCard(ana, desk.id, 'b', '2');
    await rate(ana, a.id, { difficulty: 'good' });
    await rate(ana, b.id, { difficulty: 'good' });
    const rows = await t.database.sql`
      select activity_type, deck_id, deck_name, count, day::text as day
      from activities where user_id = ${ana.user.id}`;
    expect(rows).toEqual([
      {
        activity_type: 'space_repetition',
        deck_id: desk.id,
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
    const desk = await makeDesk(ana);
    const cards = [];
    for (let i = 0; i < 5; i++) cards.push(await makeCard(ana, desk.id, `q${i}`, `a${i}`));
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

  it('keeps to the daily new-card limit and starts a new day at the learner’s midnight', async () => {
    // Buenos Aires is UTC−3 all year: its day ends at 03:00 UTC.
    const ana = await t.signUp({ timezone: 'America/Argentina/Buenos_Aires' });
    const desk = await makeDesk(ana, { new_cards_per_day: 2 });
    const cards = [];
    for (let i = 0; i < 5; i++) cards.push(await makeCard(ana, desk.id, `w${i}`, `m${i}`));
    const queue = await t.request('GET', `${SR}/cards/due_cards/`, { token: ana.access });
    expect(queue.body.cards.map((c: { id: number }) => c.id)).toEqual([cards[0].id, cards[1].id]);
    expect(queue.body.new_count).toBe(2);

    await rate(ana, cards[0].id, { difficulty: 'easy' });
    await rate(ana, cards[1].id, { difficulty: 'easy' });
    const spent = await t.request('GET', `${SR}/desks/${desk.id}/`, { token: ana.access });
    expect(spent.body).toMatchObject({ new_cards_today: 2, new_count: 0, remaining_today: 0 });
    const empty = await t.request('GET', `${SR}/cards/due_cards/`, { token: ana.access });
    expect(empty.body.cards).toEqual([]);

    // Move those introductions to just before the learner's last midnight: yesterday for them.
    const now = Date.now();
    const local = new Date(now - 3 * 3_600_000);
    const midnightUtc = Date.UTC(
      local.getUTCFullYear(),
      local.getUTCMonth(),
      local.getUTCDate(),
      3,
    );
    await t.database.sql`
      update card_schedules set introduced_at = ${new Date(midnightUtc - 60_000).toISOString()}
      where user_id = ${ana.user.id} and introduced_at is not null`;
    const nextDay = await t.request('GET', `${SR}/cards/due_cards/`, { token: ana.access });
    expect(nextDay.body.new_count).toBe(2);
    expect(nextDay.body.cards.map((c: { id: number }) => c.id)).toEqual([cards[2].id, cards[3].id]);
    // One minute after that midnight they would still count as today.
    await t.database.sql`
      update card_schedules set introduced_at = ${new Date(midnightUtc + 60_000).toISOString()}
      where user_id = ${ana.user.id} and introduced_at is not null`;
    const sameDay = await t.request('GET', `${SR}/cards/due_cards/`, { token: ana.access });
    expect(sameDay.body.new_count).toBe(0);
  });

  it('shows review cards due later today from the start of the learner’s day', async () => {
    const ana = await t.signUp({ timezone: 'Asia/Tokyo' });
    const desk = await makeDesk(ana);
    const card = await makeCard(ana, desk.id);
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

describe('card generation', () => {
  it('proposes cards from text with the offline rules engine, saving nothing', async () => {
    const ana = await t.signUp();
    const desk = await makeDesk(ana);
    const res = await t.request('POST', `${SR}/desks/${desk.id}/generate_cards/`, {
      token: ana.access,
      body: {
        text: 'Mitochondria - the powerhouse of the cell\nQ: Capital of Peru?\nA: Lima\nThe Battle of Hastings took place in 1066.',
      },
    });
    expect(res.status).toBe(200);
    expect(res.body).toEqual({
      source: 'text',
      extracted_text: null,
      provider: 'rules',
      cards: [
        { front: 'Mitochondria', back: 'the powerhouse of the cell', kind: 'basic' },
        { front: 'Capital of Peru?', back: 'Lima', kind: 'qa' },
        { front: 'The Battle of Hastings took place in _____.', back: '1066', kind: 'cloze' },
      ],
    });
    const saved = await t.request('GET', `${SR}/desks/${desk.id}/`, { token: ana.access });
    expect(saved.body.cards_count).toBe(0);
  });

  it('needs text or an image', async () => {
    const ana = await t.signUp();
    const desk = await makeDesk(ana);
    for (const body of [{}, { text: '   ' }, { image: null }]) {
      const res = await t.request('POST', `${SR}/desks/${desk.id}/generate_cards/`, {
        token: ana.access,
        body,
      });
      expect(res.status).toBe(400);
      expect(res.body.detail).toBe('Please provide either text or an image');
    }
  });

  it('reads an image with OCR (English traineddata from npm) and proposes cards', async () => {
    const ana = await t.signUp();
    const desk = await makeDesk(ana);
    const res = await t.request('POST', `${SR}/desks/${desk.id}/generate_cards/`, {
      token: ana.access,
      body: { image: pngDataUrl },
    });
    expect(res.status).toBe(200);
    expect(res.body.source).toBe('image');
    expect(res.body.extracted_text).toContain('Photosynthesis - how plants make food');
    expect(res.body.cards).toEqual([
      { front: 'Photosynthesis', back: 'how plants make food', kind: 'basic' },
      { front: 'Madrid', back: 'capital of Spain', kind: 'basic' },
    ]);
    // The same worker serves a multipart upload.
    const form = new FormData();
    form.set('image', new Blob([PNG], { type: 'image/png' }), 'notes.png');
    form.set('language', 'es');
    const multipart = await t.request('POST', `${SR}/desks/${desk.id}/generate_cards/`, {
      token: ana.access,
      form,
    });
    expect(multipart.status).toBe(200);
    expect(multipart.body.cards).toHaveLength(2);
  }, 60_000);

  it('answers 400 naming the image when OCR finds no text, and for non-images', async () => {
    const ana = await t.signUp();
    const desk = await makeDesk(ana);
    const blankPng = readFileSync(
      path.join(import.meta.dirname, '../providers/ocr/fixtures/blank.png'),
    );
    const blank = `data:image/png;base64,${blankPng.toString('base64')}`;
    const res = await t.request('POST', `${SR}/desks/${desk.id}/generate_cards/`, {
      token: ana.access,
      body: { image: blank },
    });
    expect(res.status).toBe(400);
    expect(res.body).toMatchObject({
      code: 'validation_error',
      fields: { image: ['No text could be read from this image.'] },
    });
    const fake = `data:image/png;base64,${Buffer.from('nope').toString('base64')}`;
    const notImage = await t.request('POST', `${SR}/desks/${desk.id}/generate_cards/`, {
      token: ana.access,
      body: { image: fake },
    });
    expect(notImage.status).toBe(400);
    expect(notImage.body.fields).toEqual({
      image: ['The file is not a PNG, JPEG, WebP or GIF image.'],
    });
  }, 60_000);
});

describe('card stats', () => {
  it('counts reviews Monday to Sunday of the learner’s week', async () => {
    const ana = await t.signUp({ timezone: 'Europe/Madrid' });
    const desk = await makeDesk(ana);
    const a = await makeCard(ana, desk.id, 'a', '1');
    const b = await makeCard(ana, desk.id, 'b', '2');
    await rate(ana, a.id, { difficulty: 'good' });
    await rate(ana, b.id, { difficulty: 'good' });
    await rate(ana, b.id, { difficulty: 'good' });
    // One review last week (8 days ago) counts in the total only.
    await t.database.sql`
      update review_logs set reviewed_at = now() - interval '8 days'
      where id = (select min(id) from review_logs where user_id = ${ana.user.id})`;
    const res = await t.request('GET', `${SR}/card-stats/`, { token: ana.access });
    expect(res.status).toBe(200);
    const madridToday = new Intl.DateTimeFormat('en-CA', { timeZone: 'Europe/Madrid' }).format(
      new Date(),
    );
    const week = res.body.week_daily_breakdown;
    expect(week.map((d: { day: string }) => d.day)).toEqual([
      'monday',
      'tuesday',
      'wednesday',
      'thursday',
      'friday',
      'saturday',
      'sunday',
    ]);
    expect(week[0].date).toBe(res.body.week_start);
    expect(new Date(`${res.body.week_start}T12:00:00Z`).getUTCDay()).toBe(1);
    const todayEntry = week.find((d: { date: string }) => d.date === madridToday);
    expect(todayEntry.count).toBe(2);
    expect(res.body).toMatchObject({ total_this_week: 2, reviews_today: 2, total_reviews: 3 });
  });
});
