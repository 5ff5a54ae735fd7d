import { describe, expect, it } from 'vitest';
import {
  answerOpensAt,
  COUNTDOWN_MS,
  type DuelClock,
  doneAt,
  GRACE_MS,
  isLate,
  type PlayerClock,
  phaseStart,
  playerDone,
  questionDeadline,
  recallPhase,
  recallWindow,
  START_WINDOW_MS,
} from './duel-clock.ts';

const T0 = new Date('2026-01-10T10:00:00Z');
const at = (ms: number) => new Date(T0.getTime() + ms);
const quiz: DuelClock = {
  kind: 'desk',
  acceptedAt: T0,
  viewTime: null,
  answerTime: 10,
  questionCount: 3,
};
const recall: DuelClock = { ...quiz, kind: 'table', viewTime: 30, answerTime: 60 };
const fresh: PlayerClock = {
  phaseStartedAt: null,
  questionStartedAt: null,
  answered: 0,
  finishedAt: null,
};

describe('phase start', () => {
  it('is nothing before the opponent accepted', () => {
    expect(phaseStart({ ...quiz, acceptedAt: null }, fresh)).toBeNull();
    expect(playerDone({ ...quiz, acceptedAt: null }, fresh, at(10 * START_WINDOW_MS))).toBe(false);
  });

  it('is the first read, or the end of the start window for a player who never came', () => {
    expect(phaseStart(quiz, { ...fresh, phaseStartedAt: at(3000) })).toEqual(at(3000));
    expect(phaseStart(quiz, fresh)).toEqual(at(START_WINDOW_MS));
  });
});

describe('quiz deadlines', () => {
  const playing = { ...fresh, phaseStartedAt: at(0) };

  it('give answer_time per question, counted from the previous answer', () => {
    expect(questionDeadline(quiz, playing)).toEqual(at(10_000));
    const second = { ...playing, questionStartedAt: at(4000), answered: 1 };
    expect(questionDeadline(quiz, second)).toEqual(at(14_000));
  });

  it('give each question its view_time to read before its answer_time', () => {
    const reading = { ...quiz, viewTime: 5 };
    expect(questionDeadline(reading, playing)).toEqual(at(15_000));
    const second = { ...playing, questionStartedAt: at(4000), answered: 1 };
    expect(questionDeadline(reading, second)).toEqual(at(19_000));
    expect(playerDone(reading, playing, at(10_000 + GRACE_MS + 1))).toBe(false);
    expect(playerDone(reading, playing, at(15_000 + GRACE_MS + 1))).toBe(true);
  });

  it('open each question for answers once its view_time passed, and none after the last', () => {
    const reading = { ...quiz, viewTime: 5 };
    expect(answerOpensAt(reading, playing)).toEqual(at(5000));
    const second = { ...playing, questionStartedAt: at(4000), answered: 1 };
    expect(answerOpensAt(reading, second)).toEqual(at(9000));
    expect(answerOpensAt(quiz, second)).toEqual(at(4000));
    expect(answerOpensAt(reading, { ...playing, answered: 3 })).toBeNull();
    expect(answerOpensAt(reading, { ...playing, finishedAt: at(3000) })).toBeNull();
    expect(answerOpensAt({ ...reading, acceptedAt: null }, fresh)).toBeNull();
  });

  it('accept answers until the deadline plus the grace, and refuse them after', () => {
    const deadline = questionDeadline(quiz, playing);
    expect(isLate(deadline, at(10_000 + GRACE_MS))).toBe(false);
    expect(isLate(deadline, at(10_000 + GRACE_MS + 1))).toBe(true);
  });

  it('end the player after every question or once the current one timed out', () => {
    expect(playerDone(quiz, { ...playing, answered: 3 }, at(1000))).toBe(true);
    expect(playerDone(quiz, playing, at(5000))).toBe(false);
    expect(playerDone(quiz, playing, at(10_000 + GRACE_MS + 1))).toBe(true);
  });

  it('date the end of a player out of time at their deadline plus the grace', () => {
    expect(doneAt(quiz, playing, at(60_000))).toEqual(at(10_000 + GRACE_MS));
    expect(doneAt(quiz, playing, at(5000))).toBeNull();
    expect(doneAt(quiz, { ...playing, finishedAt: at(3000) }, at(60_000))).toEqual(at(3000));
  });

  it('end a player who never played once the start window and one question passed', () => {
    expect(playerDone(quiz, fresh, at(START_WINDOW_MS + 1000))).toBe(false);
    expect(playerDone(quiz, fresh, at(START_WINDOW_MS + 10_000 + GRACE_MS + 1))).toBe(true);
  });
});

describe('recall phases', () => {
  const playing = { ...fresh, phaseStartedAt: at(0) };

  const c = COUNTDOWN_MS;

  it('count down, memorize for view_time, then recall for answer_time', () => {
    expect(recallWindow(recall, playing)).toEqual({
      memorizeStartsAt: at(c),
      memorizeEndsAt: at(c + 30_000),
      recallEndsAt: at(c + 90_000),
    });
    expect(recallPhase(recall, playing, at(0))).toBe('countdown');
    expect(recallPhase(recall, playing, at(c - 1))).toBe('countdown');
    expect(recallPhase(recall, playing, at(c))).toBe('memorize');
    expect(recallPhase(recall, playing, at(c + 30_000))).toBe('recall');
    expect(recallPhase(recall, playing, at(c + 90_000 + GRACE_MS))).toBe('recall');
    expect(recallPhase(recall, playing, at(c + 90_000 + GRACE_MS + 1))).toBe('submitted');
  });

  it('wait before the start, and count as submitted once submitted', () => {
    expect(recallPhase(recall, fresh, at(1000))).toBe('waiting');
    expect(recallPhase(recall, { ...playing, finishedAt: at(40_000) }, at(41_000))).toBe(
      'submitted',
    );
  });

  it('end the player when the recall deadline and the grace passed', () => {
    expect(playerDone(recall, playing, at(c + 90_000))).toBe(false);
    expect(playerDone(recall, playing, at(c + 90_000 + GRACE_MS + 1))).toBe(true);
  });
});
