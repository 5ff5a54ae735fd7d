import { createEmptyCard, fsrs, Rating, State } from 'ts-fsrs';
import { describe, expect, it } from 'vitest';
import {
  addDays,
  FSRS_PARAMETERS,
  gradeOf,
  learnerDay,
  localDate,
  mondayOf,
  newSchedule,
  previewIntervals,
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

  it('a relearning card of low stability: Easy gives more than Good, and rating agrees (issue 40)', () => {
    // New → Good → Good (review, ~2 days) → Again: relearning with a stability under a day, where
    // ts-fsrs gives Good and Easy the same one day.
    let at = new Date('2026-01-01T10:00:00Z');
    let s = newSchedule(at);
    for (const grade of [Rating.Good, Rating.Good, Rating.Again] as const) {
      s = review(s, grade, at).schedule;
      at = new Date(s.due.getTime() + 1000);
    }
    expect(s.state).toBe(State.Relearning);
    const preview = previewIntervals(s, at);
    expect(preview.good.intervalSeconds).toBeGreaterThanOrEqual(86_400);
    expect(preview.easy.intervalSeconds).toBeGreaterThan(preview.good.intervalSeconds);
    for (const [name, grade] of [
      ['good', Rating.Good],
      ['easy', Rating.Easy],
    ] as const) {
      expect(review(s, grade, at).schedule.due).toEqual(preview[name].due);
    }
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

  it('gives the day an instant is on, hour by hour and back, across DST changes', () => {
    // learnerDay keeps the last day found per zone: instants going forward, then backward, through
    // days of 23, 24 and 25 hours must each get their own day.
    const zones = ['Europe/Madrid', 'America/Santiago', 'Pacific/Kiritimati', 'UTC'];
    const from = Date.parse('2025-03-28T00:00:00Z');
    const hours = Array.from({ length: 24 * 6 }, (_, i) => from + i * 3_600_000 + 1_799_999);
    for (const zone of zones) {
      for (const t of [...hours, ...[...hours].reverse()]) {
        const day = learnerDay(new Date(t), zone);
        expect(day.day).toBe(localDate(new Date(t), zone));
        expect(day.start.getTime()).toBeLessThanOrEqual(t);
        expect(day.end.getTime()).toBeGreaterThan(t);
        expect(day.start.toISOString()).toBe(startOfLocalDay(day.day, zone).toISOString());
      }
    }
  });

  it('finds the week’s Monday', () => {
    expect(weekdayIndex('2025-01-13')).toBe(0);
    expect(weekdayIndex('2025-01-19')).toBe(6);
    expect(mondayOf('2025-01-19')).toBe('2025-01-13');
    expect(mondayOf('2025-01-13')).toBe('2025-01-13');
    expect(addDays('2024-12-30', 7)).toBe('2025-01-06');
  });
});
