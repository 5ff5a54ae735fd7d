import { describe, expect, it } from 'vitest';
import {
  answersMatch,
  digitPoints,
  normalizeAnswer,
  outcome,
  scoreDigits,
  scorePictures,
  tallyQuiz,
} from './duel-scoring.ts';

describe('typed answers', () => {
  it('ignore case, accents, surrounding punctuation and repeated spaces', () => {
    expect(normalizeAnswer('  ¡Café   con Leche! ')).toBe('cafe con leche');
    expect(answersMatch('CORAZÓN.', 'corazon')).toBe(true);
    expect(answersMatch('"Madrid"', 'madrid')).toBe(true);
  });

  it('still compare the words themselves, and an empty answer never matches', () => {
    expect(answersMatch('Paris', 'London')).toBe(false);
    expect(answersMatch('cafe con', 'cafe con leche')).toBe(false);
    expect(answersMatch('', '')).toBe(false);
    expect(answersMatch('!!', '?')).toBe(false);
  });
});

describe('scores', () => {
  it('count one point per correct quiz answer and add up the answer times', () => {
    const tally = tallyQuiz([
      { questionId: 1, answer: 'a', correct: true, timeMs: 1200 },
      { questionId: 2, answer: 'b', correct: false, timeMs: 800 },
      { questionId: 3, answer: 'c', correct: true, timeMs: 500 },
    ]);
    expect(tally).toEqual({ score: 2, timeMs: 2500 });
  });

  it('count a picture only when named at its own position', () => {
    expect(scorePictures(['dog', 'red apple', 'tent'], ['Dog', 'tent', 'tent'])).toBe(2);
    expect(scorePictures(['dog', 'cat'], ['dog'])).toBe(1);
    expect(scorePictures(['dog'], [])).toBe(0);
  });

  it('count each digit at its own position', () => {
    expect(scoreDigits(['12', '34', '56'], ['12', '43', '5'])).toBe(3);
    expect(scoreDigits(['007'], ['07'])).toBe(1);
    expect(scoreDigits(['1', '2'], [])).toBe(0);
  });
});

describe('the winner', () => {
  it('is the higher score', () => {
    expect(outcome({ score: 3, timeMs: 9000 }, { score: 2, timeMs: 100 }, true)).toBe('win');
    expect(outcome({ score: 1, timeMs: 100 }, { score: 2, timeMs: 9000 }, true)).toBe('lose');
  });

  it('with equal quiz scores is the faster total answer time', () => {
    expect(outcome({ score: 2, timeMs: 1000 }, { score: 2, timeMs: 1500 }, true)).toBe('win');
    expect(outcome({ score: 2, timeMs: 1500 }, { score: 2, timeMs: 1000 }, true)).toBe('lose');
    expect(outcome({ score: 2, timeMs: 1000 }, { score: 2, timeMs: 1000 }, true)).toBe('draw');
  });

  it('with equal recall scores is nobody: time does not count there', () => {
    expect(outcome({ score: 5, timeMs: 1000 }, { score: 5, timeMs: 9000 }, false)).toBe('draw');
  });
});

describe('a duel nobody scored in', () => {
  it('is a draw, whatever the answer times', () => {
    expect(outcome({ score: 0, timeMs: 1000 }, { score: 0, timeMs: 9000 }, true)).toBe('draw');
    expect(outcome({ score: 0, timeMs: 9000 }, { score: 0, timeMs: 1000 }, true)).toBe('draw');
  });
});

describe('points per position', () => {
  it('give each number the digits in their place', () => {
    expect(digitPoints(['12', '34', '56'], ['12', '43', '5'])).toEqual([2, 0, 1]);
  });
});
