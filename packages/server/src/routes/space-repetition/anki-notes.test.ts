/**
 * An Anki package holding every stock note type, a custom one, an image, a sound, tags, LaTeX
 * and suspended and buried cards imports as notes with nothing skipped, its HTML sanitised.
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import {
  ANKI_TEST_MS,
  ankiPackage,
  BASIC_OPTIONAL_REVERSED,
  BASIC_REVERSED,
  BASIC_TYPING,
  CLOZE,
  IMAGE_OCCLUSION,
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

/** A mono 8 kHz 16-bit PCM WAV of silence. */
function wav(samples: number): Uint8Array {
  const data = samples * 2;
  const b = Buffer.alloc(44 + data);
  b.write('RIFF', 0, 'ascii');
  b.writeUInt32LE(36 + data, 4);
  b.write('WAVEfmt ', 8, 'ascii');
  b.writeUInt32LE(16, 16);
  b.writeUInt16LE(1, 20);
  b.writeUInt16LE(1, 22);
  b.writeUInt32LE(8000, 24);
  b.writeUInt32LE(16000, 28);
  b.writeUInt16LE(2, 32);
  b.writeUInt16LE(16, 34);
  b.write('data', 36, 'ascii');
  b.writeUInt32LE(data, 40);
  return new Uint8Array(b);
}

const VOCAB = {
  id: 1_600_000_000_100,
  name: 'Vocab',
  fields: ['Word', 'Meaning', 'Audio'],
  templates: [
    {
      name: 'Card 1',
      question: '{{Word}}{{tts es_ES:Word}}',
      answer: '{{FrontSide}}<hr id=answer>{{Meaning}}<br>{{Audio}}',
    },
  ],
};

const EVERY_TYPE: TestCollection = {
  decks: { 1: 'Default', 2: 'Med' },
  noteTypes: [VOCAB],
  notes: [
    {
      id: 1,
      fields: ['<b>Heart</b><script>alert(1)</script>', 'Pump<img src="heart.png" onerror="x()">'],
      tags: 'anatomy cardio',
      cards: [{ id: 11, deck: 2 }],
    },
    {
      id: 2,
      type: BASIC_REVERSED.id,
      fields: ['Lung', 'Breath'],
      cards: [
        { id: 21, deck: 2 },
        { id: 22, deck: 2, ord: 1, queue: -1 },
      ],
    },
    {
      id: 3,
      type: BASIC_OPTIONAL_REVERSED.id,
      fields: ['Liver', 'Bile', 'y'],
      cards: [
        { id: 31, deck: 2 },
        { id: 32, deck: 2, ord: 1, queue: -2 },
      ],
    },
    { id: 4, type: BASIC_TYPING.id, fields: ['2+2', '4'], cards: [{ id: 41, deck: 2 }] },
    {
      id: 5,
      type: CLOZE.id,
      fields: ['{{c1::Aorta}} leaves the {{c2::left ventricle::side}} [$]x^2[/$]', 'Extra'],
      tags: 'cloze',
      cards: [
        { id: 51, deck: 2 },
        { id: 52, deck: 2, ord: 1, queue: -3 },
      ],
    },
    {
      id: 6,
      type: IMAGE_OCCLUSION.id,
      fields: [
        '{{c1::image-occlusion:rect:left=.1:top=.2:width=.3:height=.4:oi=1}}{{c2::image-occlusion:ellipse:left=.5:top=.5:rx=.1:ry=.2:oi=1}}',
        '<img src="heart.png">',
        'Parts',
        '',
        '',
      ],
      cards: [
        { id: 61, deck: 2 },
        { id: 62, deck: 2, ord: 1 },
      ],
    },
    {
      id: 7,
      type: VOCAB.id,
      fields: ['corazón', 'heart [latex]\\frac{1}{2}[/latex]', '[sound:corazon.wav]'],
      cards: [{ id: 71, deck: 1 }],
    },
  ],
  revlog: [[Date.UTC(2025, 0, 6), 11, 3, 4000, 0]],
  media: { 'heart.png': PNG, 'corazon.wav': wav(800) },
};

function upload(learner: Learner, bytes: Uint8Array) {
  const form = new FormData();
  form.set('file', new Blob([bytes as Uint8Array<ArrayBuffer>]), 'every.apkg');
  return t.request('POST', `${SR}/anki-import/`, { token: learner.access, form });
}

interface NoteRow {
  id: number;
  stock_type: string | null;
  note_type_id: number | null;
  fields: Record<string, string>;
  tags: string[];
}

describe('Anki import of every note type', { timeout: ANKI_TEST_MS }, () => {
  it.each(['anki2', 'anki21b'] as const)(
    '%s: every note present, nothing skipped, media linked, states kept, HTML sanitised',
    async (format) => {
      const ana = await t.signUp();
      const res = await upload(ana, ankiPackage(EVERY_TYPE, format));
      expect(res.status).toBe(201);
      const summary = res.body as { cards_imported: number; skipped: unknown[] };
      expect(summary.skipped).toEqual([]);
      expect(summary.cards_imported).toBe(11);

      const notes = await t.deps.sql<NoteRow[]>`
        select n.id, n.stock_type, n.note_type_id, n.fields, n.tags from notes n
        join desks d on d.id = n.desk_id where d.owner_id = ${ana.user.id} order by n.id`;
      expect(notes.map((n) => n.stock_type ?? 'own')).toEqual([
        'basic',
        'basic_reversed',
        'basic_optional_reversed',
        'basic_type_in',
        'cloze',
        'image_occlusion',
        'own',
      ]);
      const [basic, , , , cloze, occlusion, vocab] = notes as NoteRow[];
      expect(basic?.tags).toEqual(['anatomy', 'cardio']);
      expect(basic?.fields.front).toBe('<b>Heart</b>');
      expect(basic?.fields.back).toMatch(
        /^Pump<img src="\/be\/api\/space-repetition\/media\/[0-9a-f]{64}\/" \/>$/,
      );
      expect(JSON.stringify(notes)).not.toMatch(/script|onerror/);
      expect(cloze?.fields.text).toContain('\\(x^2\\)');
      expect(JSON.parse(occlusion?.fields.masks ?? '')).toEqual({
        mode: 'hide_all_guess_one',
        shapes: [
          { kind: 'rect', ordinal: 1, left: 0.1, top: 0.2, width: 0.3, height: 0.4 },
          { kind: 'ellipse', ordinal: 2, left: 0.5, top: 0.5, width: 0.2, height: 0.4 },
        ],
      });
      expect(vocab?.fields.Audio).toMatch(
        /^<audio src="\/be\/api\/space-repetition\/media\/[0-9a-f]{64}\/" controls/,
      );
      expect(vocab?.fields.Meaning).toBe('heart \\[\\frac{1}{2}\\]');
      const [own] = await t.deps.sql<{ name: string; fields: string[] }[]>`
        select name, fields from note_types where owner_id = ${ana.user.id}`;
      expect(own).toEqual({ name: 'Vocab', fields: ['Word', 'Meaning', 'Audio'] });

      const cards = await t.deps.sql<
        {
          note_id: number;
          ordinal: number;
          front_html: string;
          suspended: boolean;
          buried: boolean;
        }[]
      >`
        select c.note_id, c.ordinal, c.front_html, s.suspended, s.buried_until is not null as buried
        from cards c join card_schedules s on s.card_id = c.id and s.user_id = ${ana.user.id}
        join notes n on n.id = c.note_id join desks d on d.id = n.desk_id
        where d.owner_id = ${ana.user.id} order by c.note_id, c.ordinal`;
      expect(cards.map((c) => [notes.findIndex((n) => n.id === c.note_id) + 1, c.ordinal])).toEqual(
        [
          [1, 1],
          [2, 1],
          [2, 2],
          [3, 1],
          [3, 2],
          [4, 1],
          [5, 1],
          [5, 2],
          [6, 1],
          [6, 2],
          [7, 1],
        ],
      );
      expect(cards.filter((c) => c.suspended).length).toBe(1);
      expect(cards.filter((c) => c.buried).length).toBe(2);
      expect(cards.at(-1)?.front_html).toContain('<tts-speak lang="es_ES">');

      const media = await t.deps.sql<{ mime: string }[]>`
        select m.mime from desk_media dm join media m on m.hash = dm.media_hash
        join desks d on d.id = dm.desk_id where d.owner_id = ${ana.user.id} order by m.mime`;
      expect(media.map((m) => m.mime)).toEqual(['audio/wav', 'image/png']);
    },
  );

  it('exports a deck that imports back as the same notes, fields, tags, cards, states and media', async () => {
    const ana = await t.signUp();
    // Every note in one deck: an export is one deck.
    const oneDeck = {
      ...EVERY_TYPE,
      notes: EVERY_TYPE.notes.map((n) => ({
        ...n,
        cards: n.cards.map((c) => ({ ...c, deck: 2 })),
      })),
    };
    const first = await upload(ana, ankiPackage(oneDeck, 'anki21b'));
    expect(first.status).toBe(201);
    const deckId = (first.body as { desks: { id: number }[] }).desks[0]?.id as number;
    // The harness's request reads JSON only: the package is read raw.
    const exported = await t.app.request(`${SR}/desks/${deckId}/export/?format=apkg`, {
      headers: { authorization: `Bearer ${ana.access}` },
    });
    expect(exported.status).toBe(200);
    const bob = await t.signUp();
    const again = await upload(bob, new Uint8Array(await exported.arrayBuffer()));
    expect(again.status).toBe(201);
    expect((again.body as { skipped: unknown[] }).skipped).toEqual([]);

    const collection = async (who: Learner) => {
      const notes = await t.deps.sql<Record<string, unknown>[]>`
        select n.stock_type, t.name as own_type, t.fields as own_fields,
          t.front_template, t.back_template, n.fields, n.tags,
          (select json_agg(json_build_object('ordinal', c.ordinal, 'front', c.front_html,
              'back', c.back_html, 'suspended', s.suspended, 'buried', s.buried_until,
              'state', s.state, 'reps', s.reps, 'stability', s.stability,
              -- a new card is due when it was imported
              'due', case when s.state = 0 then null else s.due end)
              order by c.ordinal)
            from cards c join card_schedules s on s.card_id = c.id and s.user_id = ${who.user.id}
            where c.note_id = n.id) as cards
        from notes n join desks d on d.id = n.desk_id
        left join note_types t on t.id = n.note_type_id
        where d.owner_id = ${who.user.id} order by n.id`;
      const media = await t.deps.sql<{ media_hash: string }[]>`
        select dm.media_hash from desk_media dm join desks d on d.id = dm.desk_id
        where d.owner_id = ${who.user.id} order by 1`;
      return { notes, media: media.map((m) => m.media_hash) };
    };
    const before = await collection(ana);
    const after = await collection(bob);
    expect(before.notes).toHaveLength(7);
    expect(before.media).toHaveLength(2);
    const cards = before.notes.flatMap((n) => n.cards as Record<string, unknown>[]);
    expect(cards.filter((c) => c.suspended).length).toBe(1);
    expect(cards.filter((c) => c.buried).length).toBe(2);
    expect(cards.filter((c) => c.reps === 1).length).toBe(1);
    expect(after).toEqual(before);
  });
});
