import { describe, expect, it } from 'vitest';
import { cardCode, cards, DECK } from './cards.ts';
import { images } from './images.ts';
import { beats, DISCIPLINE_IDS, DISCIPLINES, resolveOptions } from './index.ts';
import { NAMES } from './name-frequencies.ts';
import { names } from './names.ts';
import type { DisciplineId, ResolvedOptions } from './types.ts';
import { concreteWords, wordMatches, words } from './words.ts';

const resolved = (id: DisciplineId, language: 'en' | 'es' = 'en'): ResolvedOptions => {
  const out = resolveOptions(id, {}, language);
  if (!('options' in out)) throw new Error('defaults must resolve');
  return out.options;
};

describe('every discipline', () => {
  it('generates the same content from the same seed, and other content from another', () => {
    for (const id of DISCIPLINE_IDS) {
      const d = DISCIPLINES[id];
      const a = d.generate(41, resolved(id));
      expect(d.generate(41, resolved(id)), id).toEqual(a);
      expect(d.generate(42, resolved(id)).truth, id).not.toEqual(a.truth);
      expect(a.truth.length, id).toBe(
        id === 'names' ? 2 * d.rules.defaultCount : d.rules.defaultCount,
      );
    }
  });

  it('scores its own truth as the maximum and an empty recall as 0', () => {
    for (const id of DISCIPLINE_IDS) {
      const d = DISCIPLINES[id];
      const options = resolved(id);
      const { truth } = d.generate(5, options);
      const full = d.score(truth, truth, options);
      expect(full.score, id).toBe(full.maxScore);
      expect(
        full.marks.every((m) => m.correct),
        id,
      ).toBe(true);
      expect(d.score(truth, [], options).score, id).toBe(0);
    }
  });

  it('refuses counts out of range or off the step and options a discipline lacks', () => {
    expect(resolveOptions('numbers', { count: 5 }, 'en')).toEqual({
      errors: { 'options.count': ['Must be between 10 and 400.'] },
    });
    expect(resolveOptions('images', { count: 12 }, 'en')).toEqual({
      errors: { 'options.count': ['Must be divisible by 5.'] },
    });
    expect(resolveOptions('cards', { scoring: 'digits', language: 'es' }, 'en')).toMatchObject({
      errors: { 'options.scoring': expect.any(Array), 'options.language': expect.any(Array) },
    });
    expect(resolveOptions('words', {}, 'es')).toEqual({
      options: { count: 50, scoring: null, language: 'es' },
    });
  });
});

describe('Images (Memory League: a point per picture in its place)', () => {
  it('shows sequences of 5 and the same pictures shuffled within each sequence', () => {
    const { view, truth } = images.generate(3, resolved('images'));
    expect(view.sequences).toHaveLength(6);
    expect(view.sequences?.flat()).toEqual(truth);
    view.shuffled_sequences?.forEach((s, i) => {
      expect([...s].sort()).toEqual([...(view.sequences?.[i] ?? [])].sort());
    });
  });

  it('scores a sequence with two pictures swapped 3 of 5', () => {
    const truth = ['🐝', '🍎', '🚗', '⚽', '🔑'];
    const given = ['🐝', '🚗', '🍎', '⚽', '🔑'];
    expect(images.score(truth, given, resolved('images')).score).toBe(3);
  });
});

describe('Words', () => {
  it('draws concrete words in the learner language', () => {
    expect(concreteWords('en').length).toBeGreaterThan(200);
    expect(concreteWords('en')).toContain('gorilla');
    expect(concreteWords('es')).toContain('gorila');
    expect(
      words
        .generate(1, resolved('words', 'es'))
        .truth.every((w) => concreteWords('es').includes(w)),
    ).toBe(true);
  });

  it('forgives one edit in words of 5+ letters only, and ignores case and accents', () => {
    // WMC: "rythm" for "rhythm" is a spelling slip; here it keeps its point.
    expect(wordMatches('rythm', 'rhythm')).toBe(true);
    expect(wordMatches('banan', 'banana')).toBe(true);
    expect(wordMatches('bananna', 'banana')).toBe(true);
    expect(wordMatches('bxnana', 'banana')).toBe(true);
    expect(wordMatches('bxnxna', 'banana')).toBe(false);
    expect(wordMatches('cot', 'cat')).toBe(false);
    expect(wordMatches('CAMIÓN', 'camion')).toBe(true);
    expect(wordMatches('', 'cat')).toBe(false);
  });
});

describe('Names & Faces (WMSC 2013: first and last names score apart)', () => {
  it('draws distinct first and last names from the language list and SVG faces', () => {
    const options = resolved('names', 'es');
    const { view, truth } = names.generate(9, options);
    expect(view.faces).toHaveLength(20);
    const firsts = view.faces?.map((f) => f.first_name) ?? [];
    expect(new Set(firsts).size).toBe(20);
    expect(firsts.every((n) => NAMES.es.first.includes(n))).toBe(true);
    expect(view.faces?.[0]?.svg).toMatch(/^<svg[\s\S]*<\/svg>$/);
    expect([...(view.recall_faces ?? [])].sort()).toEqual(view.faces?.map((f) => f.svg).sort());
    expect(truth).toHaveLength(40);
  });

  it('gives a point for a right first name alone and nothing for a wrong one', () => {
    const truth = ['Emily', 'Smith', 'Jacob', 'García'];
    const given = ['emily', 'Smyth', '', 'garcia'];
    const scored = names.score(truth, given, resolved('names'));
    expect(scored.score).toBe(2);
    expect(scored.marks.map((m) => m.correct)).toEqual([true, false, false, true]);
  });
});

describe('Cards (speed cards)', () => {
  it('shuffles one whole deck', () => {
    const { truth } = cards.generate(2, resolved('cards'));
    expect([...truth].sort()).toEqual([...DECK].sort());
    expect(truth).not.toEqual(DECK);
  });

  it('counts only the cards right up to the first error (WMC Speed Cards rule 1)', () => {
    const truth = [...DECK];
    const given = [...DECK];
    given[10] = 'KS';
    const scored = cards.score(truth, given, resolved('cards'));
    expect(scored.score).toBe(10);
    expect(scored.marks[11]?.correct).toBe(true);
  });

  it('reads 10 as T, any case', () => {
    expect(cardCode('10h')).toBe('TH');
    expect(cardCode(' as ')).toBe('AS');
  });

  it('ranks a full deck by its time, above any incomplete deck', () => {
    const full = (memorizeMs: number) => ({ score: 52, maxScore: 52, memorizeMs });
    expect(beats('cards', full(40_000), full(50_000))).toBe(true);
    expect(beats('cards', full(59_000), { score: 51, maxScore: 52, memorizeMs: 20_000 })).toBe(
      true,
    );
    expect(
      beats(
        'words',
        { score: 30, maxScore: 50, memorizeMs: 60_000 },
        { score: 29, maxScore: 50, memorizeMs: 1 },
      ),
    ).toBe(true);
  });
});
