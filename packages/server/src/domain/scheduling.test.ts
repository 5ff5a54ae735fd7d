import { createEmptyCard, fsrs, Rating, State } from 'ts-fsrs';
import { describe, expect, it } from 'vitest';
import {
  addDays,
  buildQueue,
  FSRS_PARAMETERS,
  gradeOf,
  isDue,
  learnerDay,
  localDate,
  mondayOf,
  newCardsAllowance,
  newSchedule,
  previewIntervals,
  type QueueEntry,
  review,
  scheduleFromJson,
  scheduleToJson,
  startOfLocalDay,
  toFsrsCard,
  weekdayIndex,
} from './scheduling.ts';

describe('ratings', () => {
  it('maps the contract ratings and aliases to ts-fsrs grades', () => {
    expect(gradeOf('again')).toBe(Rating.Again);
    expect(gradeOf('very_hard')).toBe(Rating.Again);
    expect(gradeOf('hard')).toBe(Rating.Hard);
    expect(gradeOf('good')).toBe(Rating.Good);
    expect(gradeOf('easy')).toBe(Rating.Easy);
    expect(gradeOf('very_easy')).toBe(Rating.Easy);
  });
});

describe('review', () => {
  it('equals ts-fsrs with the same parameters for a known sequence', () => {
    const f = fsrs(FSRS_PARAMETERS);
    const t0 = new Date('2025-03-03T08:00:00Z');
    const sequence: [Rating.Again | Rating.Hard | Rating.Good | Rating.Easy, number][] = [
      [Rating.Good, 0],
      [Rating.Good, 11 * 60_000],
      [Rating.Again, 3 * 86_400_000],
      [Rating.Hard, 3 * 86_400_000 + 15 * 60_000],
      [Rating.Easy, 12 * 86_400_000],
    ];
    let ours = newSchedule(t0);
    let theirs = createEmptyCard(t0);
    for (const [grade, offset] of sequence) {
      const at = new Date(t0.getTime() + offset);
      ours = review(ours, grade, at).schedule;
      theirs = f.next(theirs, at, grade).card;
      expect(toFsrsCard(ours)).toEqual({ ...theirs, last_review: theirs.last_review });
    }
    expect(ours.reps).toBe(5);
    expect(ours.lapses).toBe(1);
    expect(ours.state).toBe(State.Review);
  });

  it('previews exactly what each rating then schedules (fuzz is seeded)', () => {
    const at = new Date('2025-05-01T10:00:00Z');
    let s = newSchedule(at);
    s = review(s, Rating.Easy, at).schedule;
    const later = new Date(s.due.getTime() + 3_600_000);
    const preview = previewIntervals(s, later);
    for (const [name, grade] of [
      ['again', Rating.Again],
      ['hard', Rating.Hard],
      ['good', Rating.Good],
      ['easy', Rating.Easy],
    ] as const) {
      expect(review(s, grade, later).schedule.due).toEqual(preview[name].due);
    }
    expect(preview.again.intervalSeconds).toBeLessThan(preview.hard.intervalSeconds);
    expect(preview.hard.intervalSeconds).toBeLessThanOrEqual(preview.good.intervalSeconds);
    expect(preview.good.intervalSeconds).toBeLessThan(preview.easy.intervalSeconds);
  });

  it('repeat the same day keeps FSRS memory state but makes the card due now', () => {
    const at = new Date('2025-05-01T10:00:00Z');
    const s = review(newSchedule(at), Rating.Easy, at, { sameDay: true }).schedule;
    expect(s.due).toEqual(at);
    expect(s.stability).toBeGreaterThan(0);
    expect(s.reps).toBe(1);
  });

  it('round-trips the state through the review log JSON', () => {
    const at = new Date('2025-05-01T10:00:00Z');
    const s = review(newSchedule(at), Rating.Good, at).schedule;
    const back = scheduleFromJson(scheduleToJson(s, at));
    expect(back.schedule).toEqual(s);
    expect(back.introducedAt).toEqual(at);
  });
});

describe('the learner’s day', () => {
  it('knows the local date and midnight in any zone, DST included', () => {
    const instant = new Date('2025-01-15T02:30:00Z');
    expect(localDate(instant, 'UTC')).toBe('2025-01-15');
    expect(localDate(instant, 'America/Argentina/Buenos_Aires')).toBe('2025-01-14');
    expect(localDate(instant, 'Asia/Tokyo')).toBe('2025-01-15');
    expect(startOfLocalDay('2025-01-14', 'America/Argentina/Buenos_Aires').toISOString()).toBe(
      '2025-01-14T03:00:00.000Z',
    );
    expect(startOfLocalDay('2025-07-01', 'Europe/Madrid').toISOString()).toBe(
      '2025-06-30T22:00:00.000Z',
    );
    expect(startOfLocalDay('2025-12-01', 'Europe/Madrid').toISOString()).toBe(
      '2025-11-30T23:00:00.000Z',
    );
    // Madrid's DST day is 23 hours long.
    const dst = learnerDay(new Date('2025-03-30T12:00:00Z'), 'Europe/Madrid');
    expect((dst.end.getTime() - dst.start.getTime()) / 3_600_000).toBe(23);
    // Santiago skips its midnight on 2025-09-07: the day starts at 01:00 local.
    expect(startOfLocalDay('2025-09-07', 'America/Santiago').toISOString()).toBe(
      '2025-09-07T04:00:00.000Z',
    );
  });

  it('finds the week’s Monday', () => {
    expect(weekdayIndex('2025-01-13')).toBe(0);
    expect(weekdayIndex('2025-01-19')).toBe(6);
    expect(mondayOf('2025-01-19')).toBe('2025-01-13');
    expect(mondayOf('2025-01-13')).toBe('2025-01-13');
    expect(addDays('2024-12-30', 7)).toBe('2025-01-06');
  });
});

describe('the queue', () => {
  const tz = 'America/Argentina/Buenos_Aires'; // UTC−3
  const now = new Date('2025-01-15T02:30:00Z'); // 23:30 on the 14th there
  const today = learnerDay(now, tz);
  const entry = (cardId: number, deskId: number, state: State, due: string): QueueEntry => ({
    cardId,
    deskId,
    state,
    due: new Date(due),
  });

  it('learning steps are due at their time, review cards for the whole local day', () => {
    expect(
      isDue({ state: State.Learning, due: new Date('2025-01-15T02:29:00Z') }, now, today),
    ).toBe(true);
    expect(
      isDue({ state: State.Learning, due: new Date('2025-01-15T02:31:00Z') }, now, today),
    ).toBe(false);
    // 23:59 local today: due; 00:01 local tomorrow (03:01 UTC): not yet.
    expect(isDue({ state: State.Review, due: new Date('2025-01-15T02:59:00Z') }, now, today)).toBe(
      true,
    );
    expect(isDue({ state: State.Review, due: new Date('2025-01-15T03:01:00Z') }, now, today)).toBe(
      false,
    );
    expect(isDue({ state: State.New, due: new Date(0) }, now, today)).toBe(false);
  });

  it('orders due cards by due then id, then each desk’s allowance of new cards by id', () => {
    const entries = [
      entry(9, 1, State.New, '2025-01-01T00:00:00Z'),
      entry(3, 1, State.Review, '2025-01-14T10:00:00Z'),
      entry(5, 2, State.New, '2025-01-01T00:00:00Z'),
      entry(2, 2, State.Review, '2025-01-14T10:00:00Z'),
      entry(7, 1, State.New, '2025-01-01T00:00:00Z'),
      entry(1, 1, State.Relearning, '2025-01-15T02:00:00Z'),
      entry(4, 2, State.New, '2025-01-01T00:00:00Z'),
      entry(8, 1, State.Review, '2025-01-20T00:00:00Z'),
    ];
    const allowance = new Map([
      [1, newCardsAllowance(10, 9)],
      [2, newCardsAllowance(2, 0)],
    ]);
    const queue = buildQueue(entries, allowance, now, today).map((e) => e.cardId);
    expect(queue).toEqual([2, 3, 1, 4, 5, 7]);
    expect(buildQueue(entries, allowance, now, today, 4).map((e) => e.cardId)).toEqual([
      2, 3, 1, 4,
    ]);
  });

  it('resets the new-card allowance at the learner’s midnight, not UTC’s', () => {
    // Five new cards introduced at 22:00 local on the 14th (01:00 UTC on the 15th).
    const introduced = [new Date('2025-01-15T01:00:00Z')];
    const countToday = (at: Date) => {
      const day = learnerDay(at, tz);
      return introduced.filter((x) => x >= day.start && x < day.end).length * 5;
    };
    // At 23:30 local the same day: all five count, nothing left of a limit of 5.
    expect(newCardsAllowance(5, countToday(now))).toBe(0);
    // Past UTC midnight but before local midnight (still the 14th there): nothing new yet.
    expect(newCardsAllowance(5, countToday(new Date('2025-01-15T02:59:00Z')))).toBe(0);
    // Local midnight (03:00 UTC): a fresh allowance.
    expect(newCardsAllowance(5, countToday(new Date('2025-01-15T03:00:00Z')))).toBe(5);
  });
});
