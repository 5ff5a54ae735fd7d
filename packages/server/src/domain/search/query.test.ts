import { describe, expect, it } from 'vitest';
import { globMatches, parseSearch, SearchSyntaxError, toGlob } from './query.ts';

const lit = (literal: string) => ({ literal });
const text = (s: string) => ({ kind: 'text', pattern: [lit(s)], anyAccent: false });

/** The error a query raises: where (1-based, as the message says) and the message. */
function failure(query: string) {
  try {
    parseSearch(query);
  } catch (e) {
    if (e instanceof SearchSyntaxError) return { at: e.position + 1, message: e.message };
    throw e;
  }
  throw new Error(`“${query}” parsed`);
}

describe('parseSearch', () => {
  it('matches every card with an empty query', () => {
    expect(parseSearch('')).toEqual({ kind: 'and', children: [] });
    expect(parseSearch('   ')).toEqual({ kind: 'and', children: [] });
  });

  it('reads words, phrases and wildcards as text anywhere', () => {
    expect(parseSearch('dog')).toEqual(text('dog'));
    expect(parseSearch('"a dog"')).toEqual(text('a dog'));
    expect(parseSearch('d_g')).toEqual({
      kind: 'text',
      pattern: [lit('d'), 'one', lit('g')],
      anyAccent: false,
    });
    expect(parseSearch('d*g').kind).toBe('text');
    expect(toGlob('d**g')).toEqual([lit('d'), 'any', lit('g')]);
    expect(toGlob('100\\%\\*\\_')).toEqual([lit('100%*_')]);
    expect(parseSearch('nc:uber')).toEqual({
      kind: 'text',
      pattern: [lit('uber')],
      anyAccent: true,
    });
  });

  it('joins with implicit and explicit AND, OR (any case) and parentheses, AND binding tighter', () => {
    expect(parseSearch('dog cat')).toEqual({ kind: 'and', children: [text('dog'), text('cat')] });
    expect(parseSearch('dog and cat')).toEqual(parseSearch('dog cat'));
    expect(parseSearch('dog or cat')).toEqual({ kind: 'or', children: [text('dog'), text('cat')] });
    expect(parseSearch('dog OR cat')).toEqual(parseSearch('dog or cat'));
    expect(parseSearch('a b or c')).toEqual({
      kind: 'or',
      children: [{ kind: 'and', children: [text('a'), text('b')] }, text('c')],
    });
    expect(parseSearch('dog (cat or mouse)')).toEqual({
      kind: 'and',
      children: [text('dog'), { kind: 'or', children: [text('cat'), text('mouse')] }],
    });
    expect(parseSearch('"or"')).toEqual(text('or'));
  });

  it('negates a term, a phrase and a group with a leading -', () => {
    expect(parseSearch('-cat')).toEqual({ kind: 'not', child: text('cat') });
    expect(parseSearch('-"a dog"')).toEqual({ kind: 'not', child: text('a dog') });
    expect(parseSearch('-(cat or mouse)')).toEqual({
      kind: 'not',
      child: { kind: 'or', children: [text('cat'), text('mouse')] },
    });
    expect(parseSearch('a-b')).toEqual(text('a-b'));
  });

  it('reads sides, note fields, decks, tags and note types with quoted values and wildcards', () => {
    expect(parseSearch('front:dog')).toEqual({
      kind: 'field',
      field: 'front',
      pattern: [lit('dog')],
    });
    expect(parseSearch('Extra:*dog*')).toEqual({
      kind: 'field',
      field: 'extra',
      pattern: ['any', lit('dog'), 'any'],
    });
    expect(parseSearch('back:')).toEqual({ kind: 'field', field: 'back', pattern: [] });
    expect(parseSearch('deck:"My Deck"')).toEqual({ kind: 'deck', pattern: [lit('My Deck')] });
    expect(parseSearch('"deck:My Deck"')).toEqual({ kind: 'deck', pattern: [lit('My Deck')] });
    expect(parseSearch('deck:Lang*')).toEqual({ kind: 'deck', pattern: [lit('Lang'), 'any'] });
    expect(parseSearch('tag:geo::europe')).toEqual({ kind: 'tag', pattern: [lit('geo::europe')] });
    expect(parseSearch('tag:none')).toEqual({ kind: 'untagged' });
    expect(parseSearch('note:Cloze')).toEqual({ kind: 'note', pattern: [lit('Cloze')] });
    expect(parseSearch('12\\:30')).toEqual(text('12:30'));
  });

  it('reads states, flags, properties, ratings, added days and ids', () => {
    for (const value of ['new', 'learn', 'review', 'due', 'suspended', 'buried', 'leech']) {
      expect(parseSearch(`is:${value.toUpperCase()}`)).toEqual({ kind: 'is', value });
    }
    expect(parseSearch('flag:0')).toEqual({ kind: 'flag', flag: 0 });
    expect(parseSearch('flag:7')).toEqual({ kind: 'flag', flag: 7 });
    expect(parseSearch('prop:ivl>=10')).toEqual({ kind: 'prop', prop: 'ivl', op: '>=', value: 10 });
    expect(parseSearch('prop:due<=1')).toEqual({ kind: 'prop', prop: 'due', op: '<=', value: 1 });
    expect(parseSearch('prop:due=-1')).toEqual({ kind: 'prop', prop: 'due', op: '=', value: -1 });
    expect(parseSearch('prop:lapses>3')).toEqual({
      kind: 'prop',
      prop: 'lapses',
      op: '>',
      value: 3,
    });
    expect(parseSearch('prop:r<0.8')).toEqual({ kind: 'prop', prop: 'r', op: '<', value: 0.8 });
    expect(parseSearch('prop:reps!=2')).toEqual({ kind: 'prop', prop: 'reps', op: '!=', value: 2 });
    expect(parseSearch('rated:7')).toEqual({ kind: 'rated', days: 7, rating: null });
    expect(parseSearch('rated:2:1')).toEqual({ kind: 'rated', days: 2, rating: 1 });
    expect(parseSearch('added:30')).toEqual({ kind: 'added', days: 30 });
    expect(parseSearch('cid:1,22')).toEqual({ kind: 'card_ids', ids: [1, 22] });
    expect(parseSearch('nid:5')).toEqual({ kind: 'note_ids', ids: [5] });
  });

  it('names the problem and where it is in a bad query', () => {
    expect(failure('dog "a cat')).toEqual({
      at: 5,
      message: 'Search at character 5: this quote is never closed.',
    });
    expect(failure('(dog or cat')).toMatchObject({
      at: 1,
      message: expect.stringContaining('never closed'),
    });
    expect(failure('dog)')).toMatchObject({
      at: 4,
      message: expect.stringContaining('closes nothing'),
    });
    expect(failure('()')).toMatchObject({ at: 1, message: expect.stringContaining('empty') });
    expect(failure('is:fresh')).toEqual({
      at: 1,
      message:
        'Search at character 1: “is:fresh” is unknown; use new, learn, review, due, suspended, buried or leech.',
    });
    expect(failure('a prop:ivl>>3').at).toBe(3);
    expect(failure('prop:size>3').message).toContain('not a property comparison');
    expect(failure('prop:ivl>=1.5').message).toContain('whole number');
    expect(failure('prop:r<2').message).toContain('from 0 to 1');
    expect(failure('flag:8').message).toContain('not a flag');
    expect(failure('rated:0').message).toContain('rated:0');
    expect(failure('rated:3:5').message).toContain('rating is 1');
    expect(failure('added:x').message).toContain('added:x');
    expect(failure('deck:').message).toContain('needs a value');
    expect(failure('or dog').message).toContain('“or”');
    expect(failure('dog or').message).toContain('“or”');
    expect(failure('dog and').message).toContain('“and”');
    expect(failure('dog -)').message).toContain('“-” needs a search');
    expect(failure('(-)').message).toContain('“-” needs a search');
    expect(parseSearch('dog -')).toEqual({ kind: 'and', children: [text('dog'), text('-')] });
    expect(failure('re:dog').message).toContain('not supported');
    expect(failure(':dog').message).toContain('field name');
    expect(failure('""').message).toContain('nothing');
    expect(failure('dog\\').message).toContain('backslash');
    expect(failure('cid:1;drop').message).toContain('ids');
  });

  it('refuses nesting deeper than 32 groups or negations', () => {
    expect(parseSearch(`${'('.repeat(32)}a${')'.repeat(32)}`)).toEqual(text('a'));
    expect(failure(`${'('.repeat(33)}a${')'.repeat(33)}`)).toEqual({
      at: 33,
      message: 'Search at character 33: the search is nested more than 32 levels deep.',
    });
    expect(failure(`${'-'.repeat(999)}a`).message).toContain('more than 32 levels');
  });

  it('keeps SQL-looking input as plain text to match', () => {
    expect(parseSearch("'; drop table cards; --")).toEqual({
      kind: 'and',
      children: [
        text("';"),
        text('drop'),
        text('table'),
        text('cards;'),
        { kind: 'not', child: text('-') },
      ],
    });
  });
});

describe('globMatches', () => {
  it('matches the whole value, ignoring case, with * and _', () => {
    expect(globMatches(toGlob('cloze'), 'Cloze')).toBe(true);
    expect(globMatches(toGlob('basic*'), 'Basic (and reversed card)')).toBe(true);
    expect(globMatches(toGlob('b_sic'), 'Basic')).toBe(true);
    expect(globMatches(toGlob('asic'), 'Basic')).toBe(false);
    expect(globMatches(toGlob('(.*)'), 'anything')).toBe(false);
  });
});
