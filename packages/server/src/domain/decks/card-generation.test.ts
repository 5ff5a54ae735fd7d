import { describe, expect, it } from 'vitest';
import { clozeCard, generateCardsFromText } from './card-generation.ts';

describe('rules engine', () => {
  it('reads term–definition lines in their four forms', () => {
    const text = [
      'Photosynthesis - how plants turn light into sugar',
      '• Osmosis – water moving across a membrane',
      'Mitosis: cell division into two identical cells',
      'H2O = water',
    ].join('\n');
    expect(generateCardsFromText(text)).toEqual([
      { front: 'Photosynthesis', back: 'how plants turn light into sugar', kind: 'basic' },
      { front: 'Osmosis', back: 'water moving across a membrane', kind: 'basic' },
      { front: 'Mitosis', back: 'cell division into two identical cells', kind: 'basic' },
      { front: 'H2O', back: 'water', kind: 'basic' },
    ]);
  });

  it('reads Q/A pairs on two lines or one, and question lines, in English and Spanish', () => {
    const text = [
      'Q: What is the capital of Peru?',
      'A: Lima',
      'Question: Largest planet? Answer: Jupiter',
      'P: ¿Capital de Chile?',
      'R: Santiago',
      'How many legs does a spider have? Eight',
      'Who wrote Don Quixote?',
      'Miguel de Cervantes',
    ].join('\n');
    expect(generateCardsFromText(text, { locale: 'es' })).toEqual([
      { front: 'What is the capital of Peru?', back: 'Lima', kind: 'qa' },
      { front: 'Largest planet?', back: 'Jupiter', kind: 'qa' },
      { front: '¿Capital de Chile?', back: 'Santiago', kind: 'qa' },
      { front: 'How many legs does a spider have?', back: 'Eight', kind: 'qa' },
      { front: 'Who wrote Don Quixote?', back: 'Miguel de Cervantes', kind: 'qa' },
    ]);
  });

  it('makes cloze cards from sentences: a number first, then a capitalised term, else the longest word', () => {
    expect(clozeCard('The Berlin Wall fell in 1989.')).toEqual({
      front: 'The Berlin Wall fell in _____.',
      back: '1989',
      kind: 'cloze',
    });
    expect(clozeCard('Gravity was described by Isaac Newton, an English physicist.')).toEqual({
      front: 'Gravity was described by _____, an English physicist.',
      back: 'Isaac Newton',
      kind: 'cloze',
    });
    expect(clozeCard('plants need sunlight and water to grow')).toEqual({
      front: 'plants need _____ and water to grow',
      back: 'sunlight',
      kind: 'cloze',
    });
    expect(clozeCard('Too short.')).toBeNull();
  });

  it('splits prose into sentences and leaves URLs and times whole', () => {
    const text =
      'The heart has 4 chambers. Blood leaves it through the aorta. Meet at 10:30 near the lab door.';
    // Without numbers or names the longest word that is not a stop word goes.
    expect(generateCardsFromText(text).map((c) => c.back)).toEqual(['4', 'leaves', '10:30']);
  });

  it('deduplicates by front, ignoring case and spacing, and caps the count', () => {
    const text = 'Sun: a star\nSUN : the star we orbit\nMoon: a satellite';
    expect(generateCardsFromText(text).map((c) => c.front)).toEqual(['Sun', 'Moon']);
    const many = Array.from({ length: 80 }, (_, i) => `Term ${i}: meaning ${i}`).join('\n');
    expect(generateCardsFromText(many)).toHaveLength(50);
    expect(generateCardsFromText(many, { maxCards: 5 })).toHaveLength(5);
  });

  it('is deterministic and proposes nothing for empty text', () => {
    const text = 'Paris is the capital of France.\nRome - capital of Italy';
    expect(generateCardsFromText(text)).toEqual(generateCardsFromText(text));
    expect(generateCardsFromText('  \n ')).toEqual([]);
  });
});
