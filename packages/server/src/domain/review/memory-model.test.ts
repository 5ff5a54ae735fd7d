import { Rating } from 'ts-fsrs';
import { describe, expect, it } from 'vitest';
import {
  DEFAULT_MODEL,
  type LoggedReview,
  schedulerFor,
  timeOrderedSplit,
  trainingItems,
} from './memory-model.ts';
import { newSchedule, review } from './scheduling.ts';

const at = (iso: string) => new Date(iso);

describe('trainingItems', () => {
  it('makes one item per review after the first, with calendar days in the learner zone', () => {
    const log: LoggedReview[] = [
      { cardId: 1, rating: 3, reviewedAt: at('2025-03-01T22:00:00Z'), fromNew: true },
      // 23:30 UTC is already 2 March in Madrid (+1): one day later there, zero in UTC.
      { cardId: 1, rating: 1, reviewedAt: at('2025-03-01T23:30:00Z'), fromNew: false },
      { cardId: 1, rating: 3, reviewedAt: at('2025-03-05T10:00:00Z'), fromNew: false },
    ];
    // In UTC the second rating is on the first's day: its item has no review on a later day and
    // is left out (fsrs-rs panics on such an item).
    expect(trainingItems(log, 'UTC').map((i) => i.reviews)).toEqual([
      [
        { rating: 3, deltaT: 0 },
        { rating: 1, deltaT: 0 },
        { rating: 3, deltaT: 4 },
      ],
    ]);
    expect(trainingItems(log, 'Europe/Madrid').map((i) => i.reviews)).toEqual([
      [
        { rating: 3, deltaT: 0 },
        { rating: 1, deltaT: 1 },
      ],
      [
        { rating: 3, deltaT: 0 },
        { rating: 1, deltaT: 1 },
        { rating: 3, deltaT: 3 },
      ],
    ]);
  });

  it('builds no item from a first day of same-day repeats (issue 38: 30 cards × 15 ratings)', () => {
    const day = Date.parse('2025-03-01T08:00:00Z');
    const log: LoggedReview[] = [];
    for (let n = 0; n < 15; n++) {
      for (let card = 1; card <= 30; card++) {
        log.push({
          cardId: card,
          rating: 1 + ((card + n) % 4),
          reviewedAt: new Date(day + (n * 30 + card) * 60_000),
          fromNew: n === 0,
        });
      }
    }
    expect(trainingItems(log, 'UTC')).toEqual([]);
    // The next day's rating of a card makes its items valid from there on: one item per card.
    log.push({ cardId: 7, rating: 3, reviewedAt: new Date(day + 86_400_000), fromNew: false });
    const items = trainingItems(log, 'UTC');
    expect(items).toHaveLength(1);
    expect(items[0]?.reviews.map((r) => r.deltaT)).toEqual([...Array(15).fill(0), 1]);
  });

  it('keeps an item whose later review is on the same day as one on a later day before it', () => {
    const log: LoggedReview[] = [
      { cardId: 4, rating: 3, reviewedAt: at('2025-03-01T10:00:00Z'), fromNew: true },
      { cardId: 4, rating: 1, reviewedAt: at('2025-03-03T10:00:00Z'), fromNew: false },
      { cardId: 4, rating: 3, reviewedAt: at('2025-03-03T10:10:00Z'), fromNew: false },
    ];
    expect(trainingItems(log, 'UTC').map((i) => i.reviews.map((r) => r.deltaT))).toEqual([
      [0, 2],
      [0, 2, 0],
    ]);
  });

  it('skips a card whose history does not start new, and starts again where a card was reset', () => {
    const log: LoggedReview[] = [
      { cardId: 2, rating: 3, reviewedAt: at('2025-03-02T10:00:00Z'), fromNew: false },
      { cardId: 2, rating: 3, reviewedAt: at('2025-03-04T10:00:00Z'), fromNew: false },
      { cardId: 3, rating: 3, reviewedAt: at('2025-03-01T10:00:00Z'), fromNew: true },
      { cardId: 3, rating: 4, reviewedAt: at('2025-03-03T10:00:00Z'), fromNew: true },
      { cardId: 3, rating: 3, reviewedAt: at('2025-03-09T10:00:00Z'), fromNew: false },
    ];
    expect(trainingItems(log, 'UTC').map((i) => i.reviews)).toEqual([
      [
        { rating: 4, deltaT: 0 },
        { rating: 3, deltaT: 6 },
      ],
    ]);
  });
});

describe('timeOrderedSplit', () => {
  it('holds out the latest reviews and trains only on earlier ones', () => {
    const items = Array.from({ length: 10 }, (_, i) => ({ reviews: [], at: (10 - i) * 1000 }));
    const { train, test } = timeOrderedSplit(items, 0.2);
    expect(test.map((i) => i.at)).toEqual([9000, 10000]);
    expect(train).toHaveLength(8);
    expect(Math.max(...train.map((i) => i.at))).toBeLessThan(Math.min(...test.map((i) => i.at)));
  });
});

describe('schedulerFor', () => {
  it('schedules a shorter interval for a higher desired retention, and uses fitted weights', () => {
    const start = at('2025-03-01T10:00:00Z');
    const reviewed = review(newSchedule(start), Rating.Good, start).schedule;
    const later = at('2025-03-06T10:00:00Z');
    const due = (model = DEFAULT_MODEL) =>
      review(reviewed, Rating.Good, later, { scheduler: schedulerFor(model) }).schedule.due;
    const at90 = due().getTime();
    expect(due({ parameters: null, desiredRetention: 0.97 }).getTime()).toBeLessThan(at90);
    expect(due({ parameters: null, desiredRetention: 0.7 }).getTime()).toBeGreaterThan(at90);
    // The default scheduler of scheduling.ts and the default model schedule alike.
    expect(review(reviewed, Rating.Good, later).schedule.due.getTime()).toBe(at90);
  });
});
