import { describe, expect, it } from 'vitest';
import { lastDays, streakFigures } from './streaks.ts';

describe('streakFigures', () => {
  it('is all zero for a learner who never did anything', () => {
    expect(streakFigures([], '2025-03-10')).toEqual({
      current: 0,
      longest: 0,
      daysActive: 0,
      todayActive: false,
      lastActivityDate: null,
    });
  });

  it('counts the run ending today', () => {
    const f = streakFigures(['2025-03-08', '2025-03-09', '2025-03-10'], '2025-03-10');
    expect(f).toMatchObject({ current: 3, longest: 3, todayActive: true });
  });

  it('keeps the streak alive until today ends (run ending yesterday)', () => {
    const f = streakFigures(['2025-03-08', '2025-03-09'], '2025-03-10');
    expect(f).toMatchObject({ current: 2, todayActive: false, lastActivityDate: '2025-03-09' });
  });

  it('breaks after a whole idle day', () => {
    const f = streakFigures(['2025-03-07', '2025-03-08'], '2025-03-10');
    expect(f).toMatchObject({ current: 0, longest: 2 });
  });

  it('keeps the longest run apart from the current one', () => {
    const days = [
      '2025-01-01',
      '2025-01-02',
      '2025-01-03',
      '2025-01-04',
      '2025-03-09',
      '2025-03-10',
    ];
    expect(streakFigures(days, '2025-03-10')).toMatchObject({
      current: 2,
      longest: 4,
      daysActive: 6,
    });
  });

  it('runs across month and year ends and 29 February', () => {
    const days = ['2023-12-31', '2024-01-01', '2024-02-28', '2024-02-29', '2024-03-01'];
    expect(streakFigures(days, '2024-03-01')).toMatchObject({ current: 3, longest: 3 });
  });

  it('counts a day past today (a move to a zone behind) as today', () => {
    // Recorded on Tokyo's 11 March; in Los Angeles it is still 10 March.
    const f = streakFigures(['2025-03-09', '2025-03-10', '2025-03-11'], '2025-03-10');
    expect(f).toMatchObject({ current: 3, todayActive: true, lastActivityDate: '2025-03-11' });
  });

  it('keeps the streak after a move to a zone ahead skips the learner past a day', () => {
    // Last active on Los Angeles' 9 March; in Tokyo it is already 11 March: 10 March was idle.
    expect(streakFigures(['2025-03-08', '2025-03-09'], '2025-03-11').current).toBe(0);
    expect(streakFigures(['2025-03-08', '2025-03-09', '2025-03-10'], '2025-03-11').current).toBe(3);
  });
});

describe('lastDays', () => {
  it('lists the days ending today, oldest first, across a month end', () => {
    expect(lastDays('2025-03-02', 4)).toEqual([
      '2025-02-27',
      '2025-02-28',
      '2025-03-01',
      '2025-03-02',
    ]);
  });
});
