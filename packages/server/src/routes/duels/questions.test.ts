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

async function deckDuel(a: Player, b: Player, extra: Record<string, unknown> = {}) {
  const deckId = await h.deck(a, CAPITALS);
  const res = await h.post(a, `${D}/create/`, {
    duel_type: 'desk',
    desk_id: deckId,
    question_count: 3,
    answer_time: 30,
    opponent_id: b.user.id,
    ...extra,
  });
  expect(res.status).toBe(201);
  return res.body;
}

/** Answers the current question of `who`: right or wrong on purpose. */
async function answer(who: Player, duelId: number, right: boolean) {
  const duel = (await h.get(who, `${D}/${duelId}/`)).body;
  const q = duel.questions[duel.my_answered];
  return h.post(who, `${D}/submit-response/`, {
    duel_id: duelId,
    question_id: q.id,
    answer: right ? capitalOf(q.prompt) : 'Nowhere',
  });
}

describe('creating a deck duel', () => {
  it('invites the opponent with a duel request, a notification and nothing to answer yet', async () => {
    const [ana, ben] = await h.pair();
    const duel = await deckDuel(ana, ben);
    expect(duel).toMatchObject({
      duel_type: 'desk',
      status: 'waiting',
      mode: 'normal',
      question_count: 3,
      questions: [],
      result: 'in_progress',
      opponent: { id: ben.user.id },
    });
    const note = await h.lastNotification(ben);
    expect(note).toMatchObject({
      kind: 'duel_request',
      payload: { duel_id: duel.id, duel_type: 'desk', from_username: ana.user.username },
    });
    const pending = await h.get(ben, `${D}/requests/pending/`);
    expect(pending.body).toHaveLength(1);
    expect(pending.body[0]).toMatchObject({ duel_id: duel.id, direction: 'received' });
    const early = await h.post(ana, `${D}/submit-response/`, {
      duel_id: duel.id,
      question_id: 1,
      answer: 'Madrid',
    });
    expect(early.status).toBe(409);
  });

  it("refuses the spec's out-of-range settings with its messages and field keys", async () => {
    const [ana, ben] = await h.pair();
    const deckId = await h.deck(ana, CAPITALS);
    const base = {
      duel_type: 'desk',
      desk_id: deckId,
      question_count: 3,
      answer_time: 30,
      opponent_id: ben.user.id,
    };
    const cases: [Record<string, unknown>, string, string, string][] = [
      [
        { view_time: 0 },
        'view_time',
        'Value must be between 1 and 60 seconds',
        'view_time_out_of_range',
      ],
      [
        { view_time: 61 },
        'view_time',
        'Value must be between 1 and 60 seconds',
        'view_time_out_of_range',
      ],
      [
        { answer_time: 4 },
        'answer_time',
        'Value must be between 5 and 300 seconds',
        'answer_time_out_of_range',
      ],
      [
        { answer_time: 301 },
        'answer_time',
        'Value must be between 5 and 300 seconds',
        'answer_time_out_of_range',
      ],
      [
        { question_count: 6 },
        'question_count',
        'The desk does not have that many cards.',
        'question_count_above_cards',
      ],
      [{ question_count: 0 }, 'question_count', 'Must be at least 1.', 'too_small'],
    ];
    for (const [change, field, text, code] of cases) {
      const res = await h.post(ana, `${D}/create/`, { ...base, ...change });
      expect(res.status, JSON.stringify(change)).toBe(400);
      // The other branch of DuelCreate (custom) may add its own "Unknown field." beside it.
      expect(res.body.fields[field]).toContain(text);
      expect(res.body.field_codes[field]).toContain(code);
    }
    const extra = await h.post(ana, `${D}/create/`, { ...base, surprise: 1 });
    expect(extra.status).toBe(400);
    expect(extra.body.field_codes.surprise).toEqual(['unknown_field']);
  });

  it('needs an accepted friend as opponent, and a deck the creator sees', async () => {
    const [ana, ben] = await h.pair();
    const stranger = await h.player();
    const deckId = await h.deck(ana, CAPITALS);
    const body = { duel_type: 'desk', desk_id: deckId, question_count: 2, answer_time: 30 };
    for (const opponent of [stranger.user.id, ana.user.id, 999_999]) {
      const res = await h.post(ana, `${D}/create/`, { ...body, opponent_id: opponent });
      expect(res.status).toBe(400);
      expect(res.body.field_codes.opponent_id).toEqual(['opponent_not_friend']);
    }
    const bensDeck = await h.post(ben, `${D}/create/`, { ...body, opponent_id: ana.user.id });
    expect(bensDeck.status).toBe(404);
  });

  it('refuses free users with 403 plan_required', async () => {
    const free = await h.player('free');
    const ana = await h.player();
    await h.befriend(free, ana);
    const res = await h.post(free, `${D}/create/`, {
      duel_type: 'custom',
      questions: [{ question: 'Q', answer: 'A' }],
      answer_time: 30,
      opponent_id: ana.user.id,
    });
    expect(res.status).toBe(403);
    expect(res.body.code).toBe('plan_required');
  });
});

describe('playing a deck duel', () => {
  it('hides answers and scores in a Normal Duel until each side finished, then names the winner', async () => {
    const [ana, ben] = await h.pair();
    const duel = await deckDuel(ana, ben);
    await h.accept(ben, duel.id);

    const started = (await h.get(ana, `${D}/${duel.id}/`)).body;
    expect(started.status).toBe('in_progress');
    expect(started.questions).toHaveLength(3);
    expect(started.question_deadline_at).not.toBeNull();
    // No view time: the first question is open at once; later ones show no choices yet.
    expect(started.answer_opens_at).not.toBeNull();
    const [current, ...later] = started.questions;
    expect(current.options).toHaveLength(4);
    expect(current.options).toContain(capitalOf(current.prompt));
    for (const q of started.questions) expect(q.correct_answer).toBeNull();
    for (const q of later) expect(q.options).toBeNull();

    const first = await answer(ana, duel.id, true);
    expect(first.status).toBe(200);
    expect(first.body).toMatchObject({
      is_correct: null,
      correct_answer: null,
      my_score: null,
      my_answered: 1,
      status: 'in_progress',
    });
    const twice = await h.post(ana, `${D}/submit-response/`, {
      duel_id: duel.id,
      question_id: 1,
      answer: 'Madrid',
    });
    expect(twice.status).toBe(409);

    await answer(ana, duel.id, true);
    const last = await answer(ana, duel.id, false);
    expect(last.body).toMatchObject({ my_finished: true, my_score: 2, opponent_score: null });
    const anaView = (await h.get(ana, `${D}/${duel.id}/`)).body;
    expect(anaView.questions.map((q: { is_correct: boolean }) => q.is_correct)).toEqual([
      true,
      true,
      false,
    ]);
    const benView = (await h.get(ben, `${D}/${duel.id}/`)).body;
    expect(benView).toMatchObject({ opponent_answered: 3, opponent_finished: true });
    expect(
      benView.questions.every((q: { correct_answer: null }) => q.correct_answer === null),
    ).toBe(true);

    for (const right of [true, false, false]) await answer(ben, duel.id, right);
    const end = (await h.get(ana, `${D}/${duel.id}/`)).body;
    expect(end).toMatchObject({
      status: 'finished',
      result: 'win',
      my_score: 2,
      opponent_score: 1,
    });
    expect((await h.get(ben, `${D}/${duel.id}/`)).body.result).toBe('lose');

    const history = await h.get(ana, '/be/api/auth/activity-history/');
    expect(history.body.results[0]).toMatchObject({
      activity_type: 'desk_duel',
      duel_id: duel.id,
      duel_type: 'desk',
      opponent_username: ben.user.username,
      result: 'win',
      my_score: 2,
      opponent_score: 1,
    });
  });

  it('reveals the correct answer after each question in Review Mode', async () => {
    const [ana, ben] = await h.pair();
    const duel = await deckDuel(ana, ben, { mode: 'review' });
    await h.accept(ben, duel.id);
    const res = await answer(ben, duel.id, false);
    expect(res.body.is_correct).toBe(false);
    expect(res.body.correct_answer).not.toBeNull();
    expect(res.body.my_score).toBe(0);
  });

  it("answers 404 for another user's duel, and for a question the duel does not have", async () => {
    const [ana, ben] = await h.pair();
    const eve = await h.player();
    const duel = await deckDuel(ana, ben);
    expect((await h.get(eve, `${D}/${duel.id}/`)).status).toBe(404);
    const foreign = await h.post(eve, `${D}/submit-response/`, {
      duel_id: duel.id,
      question_id: 1,
      answer: 'x',
    });
    expect(foreign.status).toBe(404);
    await h.accept(ben, duel.id);
    const missing = await h.post(ben, `${D}/submit-response/`, {
      duel_id: duel.id,
      question_id: 99,
      answer: 'x',
    });
    expect(missing.status).toBe(404);
    const images = await h.get(ana, `${D}/image-duels/${duel.id}/`);
    expect(images.status).toBe(404);
  });
});

describe('the clock', () => {
  it('shows each question without its choices for the view time, and refuses answers until then', async () => {
    const [ana, ben] = await h.pair();
    const duel = await deckDuel(ana, ben, { view_time: 5 });
    await h.accept(ben, duel.id);
    const reading = (await h.get(ana, `${D}/${duel.id}/`)).body;
    expect(reading.questions[0].prompt).not.toBe('');
    expect(reading.questions.map((q: { options: unknown }) => q.options)).toEqual([
      null,
      null,
      null,
    ]);
    const opens = Date.parse(reading.answer_opens_at);
    expect(opens - Date.parse(reading.server_now)).toBeGreaterThan(3000);
    expect(Date.parse(reading.question_deadline_at) - opens).toBe(30_000);
    const early = await h.post(ana, `${D}/submit-response/`, {
      duel_id: duel.id,
      question_id: 1,
      answer: capitalOf(reading.questions[0].prompt),
    });
    expect(early.status).toBe(409);
    expect(early.body.detail).toMatch(/still being read/);

    await h.age(duel.id, 6);
    const open = (await h.get(ana, `${D}/${duel.id}/`)).body;
    expect(open.questions[0].options).toHaveLength(4);
    expect(open.questions[1].options).toBeNull();
    expect((await answer(ana, duel.id, true)).status).toBe(200);
    // The next question reads for its own view time again.
    const second = (await h.get(ana, `${D}/${duel.id}/`)).body;
    expect(second.questions[0].options).toHaveLength(4);
    expect(second.questions[1].options).toBeNull();
    expect(Date.parse(second.answer_opens_at) - Date.parse(second.server_now)).toBeGreaterThan(
      3000,
    );
  });

  it('refuses an answer after the deadline plus grace with 409, ending that player with what was received', async () => {
    const [ana, ben] = await h.pair();
    const duel = await deckDuel(ana, ben);
    await h.accept(ben, duel.id);
    await answer(ben, duel.id, true);
    await t.deps.sql`
      update duel_players set question_started_at = question_started_at - interval '33 seconds'
      where duel_id = ${duel.id} and user_id = ${ben.user.id}`;
    const late = await answer(ben, duel.id, true);
    expect(late.status).toBe(409);
    expect(late.body.detail).toMatch(/Time is up/);
    const view = (await h.get(ben, `${D}/${duel.id}/`)).body;
    expect(view).toMatchObject({ my_finished: true, my_answered: 1, my_score: 1 });
  });

  it('finishes a duel whose opponent never plays once their time ran out, on the next read', async () => {
    const [ana, ben] = await h.pair();
    const duel = await deckDuel(ana, ben);
    await h.accept(ben, duel.id);
    for (const right of [true, true, true]) await answer(ben, duel.id, right);
    const waiting = (await h.get(ben, `${D}/${duel.id}/`)).body;
    expect(waiting).toMatchObject({ status: 'in_progress', my_finished: true });
    // Ana never opened it: her clock starts 5 minutes after acceptance, then 30 s to answer. Ben
    // is told when her question closes, to read the duel again then.
    const [row] = await t.deps.sql<{ ms: number }[]>`
      select floor(extract(epoch from accepted_at) * 1000)::float8 as ms from duels
      where id = ${duel.id}`;
    expect(Date.parse(waiting.opponent_deadline_at)).toBe((row?.ms ?? 0) + (5 * 60 + 30) * 1000);
    await h.age(duel.id, 5 * 60 + 33);
    const ended = (await h.get(ben, `${D}/${duel.id}/`)).body;
    expect(ended).toMatchObject({
      status: 'finished',
      result: 'win',
      my_score: 3,
      opponent_score: 0,
      opponent_finished: true,
      opponent_deadline_at: null,
    });
    const history = await h.get(ben, `${D}/history/`);
    expect(history.body.results[0]).toMatchObject({
      duel_id: duel.id,
      status: 'finished',
      result: 'win',
      my_score: 3,
      opponent_score: 0,
    });
  });

  it('finishes a duel once when both players send their last answer at the same instant', async () => {
    const [ana, ben] = await h.pair();
    const duel = await deckDuel(ana, ben, { question_count: 1 });
    await h.accept(ben, duel.id);
    await h.get(ana, `${D}/${duel.id}/`);
    const [a, b] = await Promise.all([answer(ana, duel.id, true), answer(ben, duel.id, true)]);
    expect([a.status, b.status]).toEqual([200, 200]);
    const views = await Promise.all([ana, ben].map((p) => h.get(p, `${D}/${duel.id}/`)));
    expect(views.map((v) => v.body.status)).toEqual(['finished', 'finished']);
    const results = views.map((v) => v.body.result).sort();
    expect(['draw,draw', 'lose,win']).toContain(results.join(','));
    const rows = await t.deps.sql`
      select count(*)::int as n from activities where duel_id = ${duel.id} and result <> 'in_progress'`;
    expect(rows[0]?.n).toBe(2);
  });
});

describe('custom duels', () => {
  it('plays the learner’s own questions, typed answers compared forgivingly', async () => {
    const [ana, ben] = await h.pair();
    const res = await h.post(ana, `${D}/create/`, {
      duel_type: 'custom',
      name: 'Geography',
      questions: [
        { question: 'Capital of Colombia?', answer: 'Bogotá' },
        { question: '2 + 2', answer: '4', options: ['3', '5'] },
      ],
      answer_time: 60,
      opponent_id: ben.user.id,
      mode: 'review',
    });
    expect(res.status).toBe(201);
    await h.accept(ben, res.body.id);
    const view = (await h.get(ben, `${D}/${res.body.id}/`)).body;
    expect(view.questions[0].options).toBeNull();
    const typed = await h.post(ben, `${D}/submit-response/`, {
      duel_id: res.body.id,
      question_id: 1,
      answer: '  bogota! ',
    });
    expect(typed.body).toMatchObject({ is_correct: true, correct_answer: 'Bogotá' });
    const next = (await h.get(ben, `${D}/${res.body.id}/`)).body;
    expect([...next.questions[1].options].sort()).toEqual(['3', '4', '5']);
  });

  it('proposes questions from text (offline rules) or from a deck, and needs one of them', async () => {
    const ana = await h.player();
    const fromText = await h.post(ana, `${D}/generate-custom-questions/`, {
      text: 'Photosynthesis: the process by which plants make food from light.\nMitochondria: the powerhouse of the cell.',
    });
    expect(fromText.status).toBe(200);
    expect(fromText.body.provider).toBe('rules');
    expect(fromText.body.questions.length).toBeGreaterThan(0);
    const deckId = await h.deck(ana, CAPITALS);
    const fromDeck = await h.post(ana, `${D}/generate-custom-questions/`, {
      desk_id: deckId,
      question_count: 2,
    });
    expect(fromDeck.body.questions).toEqual([
      { question: 'Spain', answer: 'Madrid' },
      { question: 'France', answer: 'Paris' },
    ]);
    const neither = await h.post(ana, `${D}/generate-custom-questions/`, {});
    expect(neither.status).toBe(400);
    expect(neither.body.field_codes.text).toEqual(['required']);
  });
});

describe('a deck duel of notes', () => {
  it('asks a cloze card as its cloze, answered by the deletion, and leaves out occlusion cards', async () => {
    const [ana, ben] = await h.pair();
    const deckId = await h.deck(ana, []);
    const note = async (body: Record<string, unknown>) => {
      const res = await h.post(ana, '/be/api/space-repetition/notes/', {
        desk_id: deckId,
        ...body,
      });
      expect(res.status).toBe(201);
    };
    await note({
      note_type: 'cloze',
      fields: { text: '{{c1::Madrid}} is the capital of <b>{{c2::Spain::country}}</b>.' },
    });
    await note({
      note_type: 'image_occlusion',
      fields: {
        image: '<img src="https://example.com/heart.png">',
        masks: JSON.stringify({
          mode: 'hide_one_guess_one',
          shapes: [{ kind: 'rect', ordinal: 1, left: 0.1, top: 0.1, width: 0.2, height: 0.1 }],
        }),
      },
    });
    // Two questions are playable (the cloze's two cards); the occlusion card is not one.
    const tooMany = await h.post(ana, `${D}/create/`, {
      duel_type: 'desk',
      desk_id: deckId,
      question_count: 3,
      answer_time: 30,
      opponent_id: ben.user.id,
    });
    expect(tooMany.status).toBe(400);
    const res = await h.post(ana, `${D}/create/`, {
      duel_type: 'desk',
      desk_id: deckId,
      question_count: 2,
      answer_time: 30,
      opponent_id: ben.user.id,
      mode: 'review',
    });
    expect(res.status).toBe(201);
    await h.accept(ben, res.body.id);
    const prompts = (await h.get(ben, `${D}/${res.body.id}/`)).body.questions.map(
      (q: { prompt: string }) => q.prompt,
    );
    expect([...prompts].sort()).toEqual([
      'Madrid is the capital of [country].',
      '[…] is the capital of Spain.',
    ]);
    const answers: Record<string, string> = {
      'Madrid is the capital of [country].': 'Spain',
      '[…] is the capital of Spain.': 'Madrid',
    };
    for (const [i, prompt] of prompts.entries()) {
      const sent = await h.post(ben, `${D}/submit-response/`, {
        duel_id: res.body.id,
        question_id: i + 1,
        answer: answers[prompt],
      });
      expect(sent.body).toMatchObject({ is_correct: true, correct_answer: answers[prompt] });
    }
    const proposed = await h.post(ana, `${D}/generate-custom-questions/`, { desk_id: deckId });
    expect(proposed.body.questions).toEqual([
      { question: '[…] is the capital of Spain.', answer: 'Madrid' },
      { question: 'Madrid is the capital of [country].', answer: 'Spain' },
    ]);
  });
});

// Issue 40 item 2: equal scores were won or lost on time without a word, even at 0–0.
describe('equal scores', () => {
  it('are a draw for both when neither answered anything right', async () => {
    const [ana, ben] = await h.pair();
    const duel = await deckDuel(ana, ben);
    await h.accept(ben, duel.id);
    for (let i = 0; i < 3; i += 1) await answer(ana, duel.id, false);
    for (let i = 0; i < 3; i += 1) await answer(ben, duel.id, false);
    for (const who of [ana, ben]) {
      const end = (await h.get(who, `${D}/${duel.id}/`)).body;
      expect(end).toMatchObject({ status: 'finished', result: 'draw', my_score: 0 });
      const history = (await h.get(who, `${D}/history/`)).body.results[0];
      expect(history).toMatchObject({ duel_id: duel.id, result: 'draw' });
      const activity = (await h.get(who, '/be/api/auth/activity-history/')).body.results[0];
      expect(activity).toMatchObject({ duel_id: duel.id, result: 'draw' });
    }
  });

  it('go to the faster total answer time, and both times are given', async () => {
    const [ana, ben] = await h.pair();
    const duel = await deckDuel(ana, ben);
    await h.accept(ben, duel.id);
    for (const right of [true, true, false]) await answer(ana, duel.id, right);
    for (const right of [false, true, true]) await answer(ben, duel.id, right);
    await t.deps.sql`
      update duel_players set total_time_ms = case when user_id = ${ana.user.id} then 41200 else 55000 end
      where duel_id = ${duel.id}`;
    const anaEnd = (await h.get(ana, `${D}/${duel.id}/`)).body;
    expect(anaEnd).toMatchObject({
      result: 'win',
      my_score: 2,
      opponent_score: 2,
      my_time_ms: 41200,
      opponent_time_ms: 55000,
    });
    const benEnd = (await h.get(ben, `${D}/${duel.id}/`)).body;
    expect(benEnd).toMatchObject({ result: 'lose', my_time_ms: 55000, opponent_time_ms: 41200 });
    const history = (await h.get(ben, `${D}/history/`)).body.results[0];
    expect(history).toMatchObject({
      duel_id: duel.id,
      result: 'lose',
      my_time_ms: 55000,
      opponent_time_ms: 41200,
    });
  });

  it('give no times before the duel is finished', async () => {
    const [ana, ben] = await h.pair();
    const duel = await deckDuel(ana, ben);
    await h.accept(ben, duel.id);
    await answer(ana, duel.id, true);
    const running = (await h.get(ana, `${D}/${duel.id}/`)).body;
    expect(running).toMatchObject({ my_time_ms: null, opponent_time_ms: null });
  });
});
