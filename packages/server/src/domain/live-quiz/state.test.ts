import { describe, expect, it } from 'vitest';
import { answerRefusal, effectiveStatus, nextPosition } from './state.ts';

describe('nextPosition', () => {
  it('walks lobby → question → reveal → … → finished', () => {
    const steps = [];
    let at = nextPosition({ status: 'lobby', questionIndex: -1 }, 2);
    while (at) {
      steps.push(`${at.status}:${at.questionIndex}`);
      at = nextPosition(at, 2);
    }
    expect(steps).toEqual(['question:0', 'reveal:0', 'question:1', 'reveal:1', 'finished:1']);
  });
});

describe('the question’s time', () => {
  const start = new Date('2026-01-01T10:00:00Z');
  const quiz = {
    status: 'question' as const,
    questionIndex: 0,
    startedAt: start,
    secondsPerQuestion: 20,
  };
  it('reads an open question past its time as closed', () => {
    expect(effectiveStatus('question', start, 20, new Date('2026-01-01T10:00:19.999Z'))).toBe(
      'question',
    );
    expect(effectiveStatus('question', start, 20, new Date('2026-01-01T10:00:20Z'))).toBe('reveal');
  });
  it('refuses answers to another question, a closed one or past the time', () => {
    const during = new Date('2026-01-01T10:00:05Z');
    expect(answerRefusal(quiz, 0, during)).toBeUndefined();
    expect(answerRefusal(quiz, 1, during)).toBe('not_open');
    expect(answerRefusal({ ...quiz, status: 'reveal' }, 0, during)).toBe('not_open');
    expect(answerRefusal(quiz, 0, new Date('2026-01-01T10:00:21Z'))).toBe('time_up');
  });
});
