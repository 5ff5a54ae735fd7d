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

const { makeDeck, makeCard, rate } = helpers(() => t);

interface CardBody {
  id: number;
  note_id: number;
  ordinal: number;
  front: string;
  back: string;
  front_html: string;
  back_html: string;
  state: string;
  due: string;
  reps: number;
  stability: number;
}

async function makeNote(who: Learner, body: Record<string, unknown>) {
  const res = await t.request('POST', `${SR}/notes/`, { token: who.access, body });
  expect(res.status, JSON.stringify(res.body)).toBe(201);
  return res.body as {
    id: number;
    cards: CardBody[];
    fields: Record<string, string>;
    tags: string[];
  };
}

const sides = (cards: CardBody[]) => cards.map((c) => [c.ordinal, c.front, c.back]);

const MASKS = JSON.stringify({
  mode: 'hide_one_guess_one',
  shapes: [
    { kind: 'rect', ordinal: 1, left: 0.1, top: 0.1, width: 0.2, height: 0.1 },
    {
      kind: 'polygon',
      ordinal: 2,
      points: [
        [0.5, 0.5],
        [0.6, 0.5],
        [0.5, 0.6],
      ],
    },
  ],
});

describe('notes', () => {
  it('lists the stock note types and the learner’s own', async () => {
    const ana = await t.signUp();
    const made = await t.request('POST', `${SR}/note-types/`, {
      token: ana.access,
      body: {
        name: 'Words',
        fields: ['word', 'meaning'],
        front_template: '{{word}}',
        back_template: '{{meaning}}',
      },
    });
    expect(made.status).toBe(201);
    const list = await t.request('GET', `${SR}/note-types/`, { token: ana.access });
    expect(list.body.map((n: { id: unknown }) => n.id)).toEqual([
      'basic',
      'basic_reversed',
      'basic_optional_reversed',
      'basic_type_in',
      'cloze',
      'image_occlusion',
      made.body.id,
    ]);
    const bea = await t.signUp();
    const hers = await t.request('GET', `${SR}/note-types/`, { token: bea.access });
    expect(hers.body).toHaveLength(6);
  });

  it('makes the cards of each stock type, scheduled as new', async () => {
    const ana = await t.signUp();
    const deck = await makeDeck(ana);
    const basic = await makeNote(ana, {
      desk_id: deck.id,
      note_type: 'basic',
      fields: { front: '<b>chat</b>', back: 'cat' },
      tags: ['fr', 'fr'],
    });
    expect(sides(basic.cards)).toEqual([[1, 'chat', 'cat']]);
    expect(basic.cards[0]?.front_html).toBe('<b>chat</b>');
    expect(basic.cards[0]?.state).toBe('new');
    expect(basic.tags).toEqual(['fr']);
    const reversed = await makeNote(ana, {
      desk_id: deck.id,
      note_type: 'basic_reversed',
      fields: { front: 'chat', back: 'cat' },
    });
    expect(sides(reversed.cards)).toEqual([
      [1, 'chat', 'cat'],
      [2, 'cat', 'chat'],
    ]);
    const optional = await makeNote(ana, {
      desk_id: deck.id,
      note_type: 'basic_optional_reversed',
      fields: { front: 'chat', back: 'cat' },
    });
    expect(sides(optional.cards)).toEqual([[1, 'chat', 'cat']]);
    const typeIn = await makeNote(ana, {
      desk_id: deck.id,
      note_type: 'basic_type_in',
      fields: { front: 'chat', back: 'cat' },
    });
    expect(typeIn.cards[0]?.front_html).toContain('data-type-answer=""');
    expect(typeIn.cards[0]?.back_html).toContain('data-type-answer-expected="cat"');
    const cloze = await makeNote(ana, {
      desk_id: deck.id,
      note_type: 'cloze',
      fields: { text: '{{c1::Paris::city}} is in {{c2::France}}' },
    });
    expect(sides(cloze.cards)).toEqual([
      [1, '[city] is in France', 'Paris is in France'],
      [2, 'Paris is in […]', 'Paris is in France'],
    ]);
    const occlusion = await makeNote(ana, {
      desk_id: deck.id,
      note_type: 'image_occlusion',
      fields: { image: '<img src="https://example.com/heart.png">', masks: MASKS, header: 'Heart' },
    });
    expect(sides(occlusion.cards)).toEqual([
      [1, 'Heart (1)', 'Heart (1)'],
      [2, 'Heart (2)', 'Heart (2)'],
    ]);
    expect(occlusion.cards[1]?.front_html).toContain('<polygon class="occlusion-mask-active"');
    const listed = await t.request('GET', `${SR}/desks/${deck.id}/`, { token: ana.access });
    expect(listed.body.cards_count).toBe(9);
  });

  it('names the field at fault', async () => {
    const ana = await t.signUp();
    const deck = await makeDeck(ana);
    const post = (body: Record<string, unknown>) =>
      t.request('POST', `${SR}/notes/`, { token: ana.access, body: { desk_id: deck.id, ...body } });
    const noDeletion = await post({ note_type: 'cloze', fields: { text: 'plain' } });
    expect(noDeletion.status).toBe(400);
    expect(noDeletion.body.field_codes).toEqual({ 'fields.text': ['cloze_deletion_required'] });
    const unknownType = await post({ note_type: 999_999, fields: { front: 'x' } });
    expect(unknownType.body.field_codes).toEqual({ note_type: ['note_type_unknown'] });
    const missing = await post({ note_type: 'basic_reversed', fields: { front: 'x', verso: 'y' } });
    expect(missing.body.field_codes).toEqual({
      'fields.verso': ['note_field_unknown'],
      'fields.back': ['note_field_required'],
    });
    const masks = await post({
      note_type: 'image_occlusion',
      fields: { image: '<img src="https://e.com/a.png">', masks: '[]' },
    });
    expect(masks.body.field_codes).toEqual({ 'fields.masks': ['occlusion_masks_invalid'] });
    const tooLong = await post({ note_type: 'basic', fields: { front: 'x'.repeat(20_001) } });
    expect(tooLong.status).toBe(400);
    expect(tooLong.body.field_codes['fields.front']).toEqual(['too_long']);
    const template = await t.request('POST', `${SR}/note-types/`, {
      token: ana.access,
      body: {
        name: 'Bad',
        fields: ['word'],
        front_template: '{{verso}}',
        back_template: '{{word}}',
      },
    });
    expect(template.body.field_codes).toEqual({ front_template: ['template_invalid'] });
  });

  it('keeps the schedules of its cards when a note is edited', async () => {
    const ana = await t.signUp();
    const deck = await makeDeck(ana);
    const note = await makeNote(ana, {
      desk_id: deck.id,
      note_type: 'basic_reversed',
      fields: { front: 'chat', back: 'cat' },
    });
    const [first] = note.cards;
    expect((await rate(ana, first?.id ?? 0, { difficulty: 'good' })).status).toBe(200);
    const before = await t.request('GET', `${SR}/notes/${note.id}/`, { token: ana.access });
    const reviewed = before.body.cards[0] as CardBody;
    expect(reviewed.reps).toBe(1);
    const edited = await t.request('PUT', `${SR}/notes/${note.id}/`, {
      token: ana.access,
      body: { fields: { front: 'chien', back: 'dog' }, tags: ['animals'] },
    });
    expect(edited.status).toBe(200);
    expect(sides(edited.body.cards)).toEqual([
      [1, 'chien', 'dog'],
      [2, 'dog', 'chien'],
    ]);
    expect(edited.body.cards.map((c: CardBody) => c.id)).toEqual(note.cards.map((c) => c.id));
    const after = edited.body.cards[0] as CardBody;
    expect({
      state: after.state,
      due: after.due,
      reps: after.reps,
      stability: after.stability,
    }).toEqual({
      state: reviewed.state,
      due: reviewed.due,
      reps: reviewed.reps,
      stability: reviewed.stability,
    });
    expect(edited.body.tags).toEqual(['animals']);
  });

  it('removes the card of a removed cloze number and adds one for a new number', async () => {
    const ana = await t.signUp();
    const deck = await makeDeck(ana);
    const note = await makeNote(ana, {
      desk_id: deck.id,
      note_type: 'cloze',
      fields: { text: '{{c1::a}} {{c2::b}}' },
    });
    const [c1] = note.cards;
    const edited = await t.request('PUT', `${SR}/notes/${note.id}/`, {
      token: ana.access,
      body: { fields: { text: '{{c1::a}} b {{c3::c}}' } },
    });
    expect(edited.body.cards.map((c: CardBody) => c.ordinal)).toEqual([1, 3]);
    expect(edited.body.cards[0].id).toBe(c1?.id);
    const removed = note.cards[1]?.id;
    const gone = await t.request('PUT', `${SR}/cards/${removed}/`, {
      token: ana.access,
      body: { front: 'x', back: 'y' },
    });
    expect(gone.status).toBe(404);
    const count = await t.request('GET', `${SR}/desks/${deck.id}/`, { token: ana.access });
    expect(count.body.cards_count).toBe(2);
  });

  it('keeps the card operations: a card is a basic note, and editing it edits the note', async () => {
    const ana = await t.signUp();
    const deck = await makeDeck(ana);
    const card = await makeCard(ana, deck.id, 'a < b\nc', 'yes');
    expect(card.front_html).toBe('a &lt; b<br>c');
    const note = await t.request('GET', `${SR}/notes/${card.note_id}/`, { token: ana.access });
    expect(note.body).toMatchObject({
      note_type: 'basic',
      fields: { front: 'a &lt; b<br>c', back: 'yes' },
    });
    const edited = await t.request('PUT', `${SR}/cards/${card.id}/`, {
      token: ana.access,
      body: { front: 'a < b\nc', back: 'no' },
    });
    expect(edited.body).toMatchObject({ front: 'a < b\nc', back: 'no', back_html: 'no' });
    const after = await t.request('GET', `${SR}/notes/${card.note_id}/`, { token: ana.access });
    expect(after.body.fields).toEqual({ front: 'a &lt; b<br>c', back: 'no' });
    const cloze = await makeNote(ana, {
      desk_id: deck.id,
      note_type: 'cloze',
      fields: { text: '{{c1::a}}' },
    });
    const refused = await t.request('PUT', `${SR}/cards/${cloze.cards[0]?.id}/`, {
      token: ana.access,
      body: { front: 'x', back: 'y' },
    });
    expect(refused.body.field_codes).toEqual({ front: ['edit_through_note'] });
    expect(
      (await t.request('DELETE', `${SR}/cards/${card.id}/`, { token: ana.access })).status,
    ).toBe(204);
    const noteGone = await t.request('GET', `${SR}/notes/${card.note_id}/`, { token: ana.access });
    expect(noteGone.status).toBe(404);
  });

  it('lets share recipients read, not edit; other users get 404', async () => {
    const ana = await t.signUp();
    const bea = await t.signUp();
    const eve = await t.signUp();
    const deck = await makeDeck(ana);
    const note = await makeNote(ana, {
      desk_id: deck.id,
      note_type: 'basic',
      fields: { front: 'q', back: 'a' },
    });
    const shared = await t.request('POST', `${SR}/desks/${deck.id}/share_multiple/`, {
      token: ana.access,
      body: { emails: [bea.user.email] },
    });
    expect(shared.status).toBeLessThan(300);
    expect((await t.request('GET', `${SR}/notes/${note.id}/`, { token: bea.access })).status).toBe(
      200,
    );
    const body = { fields: { front: 'x' } };
    expect(
      (await t.request('PUT', `${SR}/notes/${note.id}/`, { token: bea.access, body })).status,
    ).toBe(403);
    expect(
      (await t.request('DELETE', `${SR}/notes/${note.id}/`, { token: bea.access })).status,
    ).toBe(403);
    for (const [method, extra] of [
      ['GET', {}],
      ['PUT', { body }],
      ['DELETE', {}],
    ] as const) {
      const res = await t.request(method, `${SR}/notes/${note.id}/`, {
        token: eve.access,
        ...extra,
      });
      expect(res.status, method).toBe(404);
    }
    const own = await t.request('POST', `${SR}/note-types/`, {
      token: ana.access,
      body: { name: 'W', fields: ['w'], front_template: '{{w}}', back_template: '{{w}}' },
    });
    const useOther = await t.request('POST', `${SR}/notes/`, {
      token: eve.access,
      body: { desk_id: (await makeDeck(eve)).id, note_type: own.body.id, fields: { w: 'x' } },
    });
    expect(useOther.body.field_codes).toEqual({ note_type: ['note_type_unknown'] });
    expect(
      (await t.request('DELETE', `${SR}/note-types/${own.body.id}/`, { token: eve.access })).status,
    ).toBe(404);
    expect(
      (await t.request('DELETE', `${SR}/notes/${note.id}/`, { token: ana.access })).status,
    ).toBe(204);
  });

  it('renders an own note type, renders its notes again when it changes, and keeps it while used', async () => {
    const ana = await t.signUp();
    const deck = await makeDeck(ana);
    const type = await t.request('POST', `${SR}/note-types/`, {
      token: ana.access,
      body: {
        name: 'Words',
        fields: ['word', 'meaning'],
        front_template: '{{word}}{{tts es_ES:word}}',
        back_template: '{{FrontSide}}<hr id=answer>{{meaning}}',
      },
    });
    const note = await makeNote(ana, {
      desk_id: deck.id,
      note_type: type.body.id,
      fields: { word: 'hola', meaning: 'hello' },
    });
    expect(note.cards[0]?.front_html).toBe('hola<tts-speak lang="es_ES">hola</tts-speak>');
    expect(note.cards[0]?.back).toBe('hello');
    const changed = await t.request('PUT', `${SR}/note-types/${type.body.id}/`, {
      token: ana.access,
      body: {
        name: 'Words',
        fields: ['word', 'meaning'],
        front_template: '{{meaning}}?',
        back_template: '{{word}}',
      },
    });
    expect(changed.status).toBe(200);
    const after = await t.request('GET', `${SR}/notes/${note.id}/`, { token: ana.access });
    expect(sides(after.body.cards)).toEqual([[1, 'hello?', 'hola']]);
    expect(after.body.cards[0].id).toBe(note.cards[0]?.id);
    const inUse = await t.request('DELETE', `${SR}/note-types/${type.body.id}/`, {
      token: ana.access,
    });
    expect(inUse.status).toBe(409);
    await t.request('DELETE', `${SR}/notes/${note.id}/`, { token: ana.access });
    expect(
      (await t.request('DELETE', `${SR}/note-types/${type.body.id}/`, { token: ana.access }))
        .status,
    ).toBe(204);
  });
});

describe('previewing a note', () => {
  const preview = (who: Learner, body: Record<string, unknown>) =>
    t.request('POST', `${SR}/notes/preview/`, { token: who.access, body });

  it('answers the cards createNote would make, and stores nothing', async () => {
    const ana = await t.signUp();
    const deck = await makeDeck(ana);
    const body = {
      desk_id: deck.id,
      note_type: 'cloze',
      fields: { text: '{{c1::Canberra::city}} is the capital of {{c2::Australia}}.' },
    };
    const shown = await preview(ana, body);
    expect(shown.status).toBe(200);
    expect(shown.body.cards.map((c: CardBody) => c.ordinal)).toEqual([1, 2]);
    const listed = await t.request('GET', `${SR}/desks/${deck.id}/`, { token: ana.access });
    expect(listed.body.cards_count).toBe(0);
    const made = await makeNote(ana, body);
    expect(shown.body.cards).toEqual(
      made.cards.map((c) => ({
        ordinal: c.ordinal,
        front_html: c.front_html,
        back_html: c.back_html,
      })),
    );
    // Without a desk, the learner's own note types still render.
    const own = await t.request('POST', `${SR}/note-types/`, {
      token: ana.access,
      body: { name: 'Words', fields: ['word'], front_template: '{{word}}', back_template: 'B' },
    });
    const custom = await preview(ana, { note_type: own.body.id, fields: { word: '<b>gato</b>' } });
    expect(custom.body.cards).toEqual([{ ordinal: 1, front_html: '<b>gato</b>', back_html: 'B' }]);
  });

  it('refuses what createNote refuses, naming the same field', async () => {
    const ana = await t.signUp();
    const noDeletion = await preview(ana, { note_type: 'cloze', fields: { text: 'plain' } });
    expect(noDeletion.status).toBe(400);
    expect(noDeletion.body.field_codes).toEqual({ 'fields.text': ['cloze_deletion_required'] });
    const masks = await preview(ana, {
      note_type: 'image_occlusion',
      fields: { image: '<img src="https://e.com/a.png">', masks: '[]' },
    });
    expect(masks.body.field_codes).toEqual({ 'fields.masks': ['occlusion_masks_invalid'] });
    const unknownType = await preview(ana, { note_type: 999_999, fields: { front: 'x' } });
    expect(unknownType.body.field_codes).toEqual({ note_type: ['note_type_unknown'] });
  });

  it('answers 404 for a desk or note type of another user', async () => {
    const ana = await t.signUp();
    const bea = await t.signUp();
    const hers = await makeDeck(bea);
    const type = await t.request('POST', `${SR}/note-types/`, {
      token: bea.access,
      body: { name: 'Hers', fields: ['word'], front_template: '{{word}}', back_template: 'B' },
    });
    const deck = await preview(ana, {
      desk_id: hers.id,
      note_type: 'basic',
      fields: { front: 'x' },
    });
    expect(deck.status).toBe(404);
    const own = await preview(ana, { note_type: type.body.id, fields: { word: 'x' } });
    expect(own.body.field_codes).toEqual({ note_type: ['note_type_unknown'] });
  });
});
