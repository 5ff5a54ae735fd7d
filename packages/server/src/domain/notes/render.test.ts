import { describe, expect, it } from 'vitest';
import { cleanFields, NoteFieldsError, type NoteTypeSpec, renderNote } from './render.ts';
import type { StockNoteTypeKey } from './stock-types.ts';

const stock = (key: StockNoteTypeKey): NoteTypeSpec => ({ kind: 'stock', key });
const cardsOf = (type: NoteTypeSpec, raw: Record<string, string>, tags: string[] = []) =>
  renderNote(type, cleanFields(type, raw), tags);
const fieldErrors = (run: () => unknown) => {
  try {
    run();
  } catch (error) {
    if (error instanceof NoteFieldsError) return error.fields;
    throw error;
  }
  throw new Error('no NoteFieldsError');
};

const MASKS = JSON.stringify({
  mode: 'hide_all_guess_one',
  shapes: [
    { kind: 'rect', ordinal: 1, left: 0.1, top: 0.1, width: 0.2, height: 0.1 },
    { kind: 'ellipse', ordinal: 2, left: 0.5, top: 0.5, width: 0.2, height: 0.2 },
    {
      kind: 'polygon',
      ordinal: 2,
      points: [
        [0, 0],
        [0.1, 0],
        [0, 0.1],
      ],
    },
  ],
});
const IMAGE = '<img src="https://example.com/heart.png">';

describe('stock note types', () => {
  it('basic: one card, front and back', () => {
    const cards = cardsOf(stock('basic'), { front: '<b>chat</b>', back: 'cat' });
    expect(cards).toEqual([
      { ordinal: 1, frontHtml: '<b>chat</b>', backHtml: 'cat', front: 'chat', back: 'cat' },
    ]);
  });

  it('basic_reversed: the second card asks the back', () => {
    const cards = cardsOf(stock('basic_reversed'), { front: 'chat', back: 'cat' });
    expect(cards.map((c) => [c.ordinal, c.front, c.back])).toEqual([
      [1, 'chat', 'cat'],
      [2, 'cat', 'chat'],
    ]);
  });

  it('basic_optional_reversed: the reverse only when add_reverse is filled', () => {
    const type = stock('basic_optional_reversed');
    expect(cardsOf(type, { front: 'chat', back: 'cat' })).toHaveLength(1);
    expect(cardsOf(type, { front: 'chat', back: 'cat', add_reverse: '<br>' })).toHaveLength(1);
    const both = cardsOf(type, { front: 'chat', back: 'cat', add_reverse: 'y' });
    expect(both.map((c) => [c.ordinal, c.front])).toEqual([
      [1, 'chat'],
      [2, 'cat'],
    ]);
  });

  it('basic_type_in: an answer box on the front, the expected answer on the back', () => {
    const [card] = cardsOf(stock('basic_type_in'), { front: 'chat', back: '<i>cat</i> &amp; co' });
    expect(card?.frontHtml).toBe('chat<div class="type-answer" data-type-answer=""></div>');
    expect(card?.backHtml).toBe(
      '<div class="type-answer" data-type-answer-expected="cat &amp; co"></div>',
    );
    expect([card?.front, card?.back]).toEqual(['chat', '']);
  });

  it('cloze: one card per number, several deletions of one number together, hints', () => {
    const cards = cardsOf(stock('cloze'), {
      text: '{{c1::Canberra::city}} is in {{c2::Australia}}, {{c1::ACT}}.',
      extra: 'Since 1913',
    });
    expect(cards.map((c) => [c.ordinal, c.front, c.back])).toEqual([
      [1, '[city] is in Australia, […].', 'Canberra is in Australia, ACT.Since 1913'],
      [2, 'Canberra is in […], ACT.', 'Canberra is in Australia, ACT.Since 1913'],
    ]);
    expect(cards[1]?.frontHtml).toBe(
      '<span class="cloze-inactive" data-cloze="1">Canberra</span> is in ' +
        '<span class="cloze" data-cloze="2">[…]</span>, ' +
        '<span class="cloze-inactive" data-cloze="1">ACT</span>.',
    );
    expect(cards[1]?.backHtml).toContain('<span class="cloze" data-cloze="2">Australia</span>');
    expect(cards[1]?.backHtml).toContain('<div class="cloze-extra">Since 1913</div>');
  });

  it('cloze: a note without a deletion, or past c100, names the text field', () => {
    expect(fieldErrors(() => cardsOf(stock('cloze'), { text: 'no deletion' }))).toEqual({
      'fields.text': ['Add at least one cloze deletion, such as {{c1::answer}}.'],
    });
    expect(fieldErrors(() => cardsOf(stock('cloze'), { text: '{{c101::x}}' }))).toEqual({
      'fields.text': ['Cloze numbers run from c1 to c100.'],
    });
  });

  it('image_occlusion: one card per mask ordinal, both modes', () => {
    const cards = cardsOf(stock('image_occlusion'), {
      image: IMAGE,
      masks: MASKS,
      header: 'Heart',
      back_extra: 'Atria',
    });
    expect(cards.map((c) => [c.ordinal, c.front, c.back])).toEqual([
      [1, 'Heart (1)', 'Atria'],
      [2, 'Heart (2)', 'Atria'],
    ]);
    const front2 = cards[1]?.frontHtml ?? '';
    expect(front2).toContain('<div class="occlusion-header">Heart</div>');
    expect(front2).toContain('data-occlusion-mode="hide_all_guess_one" data-occlusion-ordinal="2"');
    expect(front2).toContain(
      '<rect class="occlusion-mask" data-ordinal="1" x="0.1" y="0.1" width="0.2" height="0.1"/>',
    );
    expect(front2).toContain(
      '<ellipse class="occlusion-mask-active" data-ordinal="2" cx="0.6" cy="0.6" rx="0.1" ry="0.1"/>',
    );
    expect(front2).toContain(
      '<polygon class="occlusion-mask-active" data-ordinal="2" points="0,0 0.1,0 0,0.1"/>',
    );
    expect(cards[1]?.backHtml).toContain('occlusion-mask-revealed');

    const hideOne = cardsOf(stock('image_occlusion'), {
      image: IMAGE,
      masks: MASKS.replace('hide_all_guess_one', 'hide_one_guess_one'),
    });
    expect(hideOne[1]?.frontHtml).not.toContain('class="occlusion-mask"');
    expect(hideOne[1]?.front).toBe('Image occlusion (2)');
  });

  it('image_occlusion: masks that do not parse and a missing image name their field', () => {
    const type = stock('image_occlusion');
    expect(fieldErrors(() => cardsOf(type, { image: IMAGE, masks: '{' }))).toEqual({
      'fields.masks': ['Masks: not valid JSON.'],
    });
    const outside = MASKS.replace('"left":0.1', '"left":0.9');
    expect(fieldErrors(() => cardsOf(type, { image: IMAGE, masks: outside }))).toEqual({
      'fields.masks': ['Masks: shape 1 must have a size and lie within the image.'],
    });
    expect(fieldErrors(() => cardsOf(type, { image: 'no image', masks: MASKS }))).toEqual({
      'fields.image': ['Add an image to hide parts of.'],
    });
  });

  it('names unknown and missing required fields', () => {
    expect(fieldErrors(() => cardsOf(stock('basic_reversed'), { front: 'x', verso: 'y' }))).toEqual(
      {
        'fields.verso': ['This note type has no such field.'],
        'fields.back': ['Please fill in this field.'],
      },
    );
  });

  it('sanitises fields before rendering', () => {
    const [card] = cardsOf(stock('basic'), { front: 'a<img src=x onerror=alert(1)>', back: 'b' });
    expect(card?.frontHtml).toBe('a');
  });
});

describe('own note types', () => {
  const vocabulary: NoteTypeSpec = {
    kind: 'custom',
    id: 7,
    name: 'Vocabulary',
    fields: ['word', 'meaning'],
    frontTemplate: '{{word}}{{tts es_ES:word}}',
    backTemplate: '{{FrontSide}}<hr id=answer>{{meaning}} {{Tags}}',
  };

  it('renders the templates, speech as a tts-speak element, the answer without the question', () => {
    const [card] = cardsOf(vocabulary, { word: 'hola', meaning: 'hello' }, ['greeting']);
    expect(card?.frontHtml).toBe('hola<tts-speak lang="es_ES">hola</tts-speak>');
    expect(card?.front).toBe('hola');
    expect(card?.backHtml).toBe('hello greeting');
  });

  it('makes one card per cloze number with {{cloze:…}}', () => {
    const type: NoteTypeSpec = {
      ...vocabulary,
      fields: ['sentence'],
      frontTemplate: '{{cloze:sentence}}',
      backTemplate: '{{cloze:sentence}}',
    };
    const cards = cardsOf(type, { sentence: '{{c1::a}} {{c3::b}}' });
    expect(cards.map((c) => [c.ordinal, c.front, c.back])).toEqual([
      [1, '[…] b', 'a b'],
      [3, 'a […]', 'a b'],
    ]);
  });
});
