import { describe, expect, it } from 'vitest';
import { batchProblems, featureOfPage, TIME_MESSAGES, type VisitInput } from './time-tracking.ts';

const now = new Date('2025-03-10T12:00:00Z');
const at = (iso: string) => new Date(`2025-03-10T${iso}Z`);
const visit = (page: string, start: string, end: string, duration?: number): VisitInput => ({
  page,
  start: at(start),
  end: at(end),
  duration: duration ?? at(end).getTime() - at(start).getTime(),
  timestamp: at(end),
});
const batch = (visits: VisitInput[]) => ({ sessionStart: at('10:00:00'), totalTime: 0, visits });

describe('batchProblems', () => {
  it('accepts consecutive visits of a session', () => {
    const ok = batch([
      visit('/', '10:00:00', '10:01:00'),
      visit('/friends', '10:01:00', '10:02:00'),
    ]);
    expect(batchProblems(ok, now)).toEqual({});
  });

  it('names a visit that ends before it starts', () => {
    const bad = batch([visit('/', '10:02:00', '10:01:00', 0)]);
    expect(batchProblems(bad, now)).toEqual({ 'pages.0.end_time': [TIME_MESSAGES.endBeforeStart] });
  });

  it('names a duration longer than the visit (1 s of slack allowed)', () => {
    expect(batchProblems(batch([visit('/', '10:00:00', '10:00:10', 11_000)]), now)).toEqual({});
    expect(batchProblems(batch([visit('/', '10:00:00', '10:00:10', 11_001)]), now)).toEqual({
      'pages.0.duration': [TIME_MESSAGES.durationTooLong],
    });
  });

  it('names overlapping visits of one batch, in any order', () => {
    const bad = batch([visit('/b', '10:00:30', '10:02:00'), visit('/a', '10:00:00', '10:01:00')]);
    expect(batchProblems(bad, now)).toEqual({ 'pages.0.start_time': [TIME_MESSAGES.overlaps] });
  });

  it('takes the same visit twice in one batch as a repeat, not an overlap', () => {
    const v = visit('/a', '10:00:00', '10:01:00');
    expect(batchProblems(batch([v, { ...v }]), now)).toEqual({});
  });

  it('names times in the future beyond a minute of clock skew', () => {
    const skewed = batch([visit('/', '11:59:00', '12:00:59')]);
    expect(batchProblems(skewed, now)).toEqual({});
    const future = batch([visit('/', '12:05:00', '12:06:00')]);
    expect(batchProblems(future, now)).toEqual({
      'pages.0.start_time': [TIME_MESSAGES.inFuture],
      'pages.0.end_time': [TIME_MESSAGES.inFuture],
      'pages.0.timestamp': [TIME_MESSAGES.inFuture],
    });
    expect(batchProblems({ ...batch([]), sessionStart: at('13:00:00') }, now)).toEqual({
      session_start_time: [TIME_MESSAGES.inFuture],
    });
  });

  it('names a visit that starts before its session', () => {
    expect(batchProblems(batch([visit('/', '09:59:00', '10:00:30')]), now)).toEqual({
      'pages.0.start_time': [TIME_MESSAGES.beforeSession],
    });
  });
});

describe('featureOfPage', () => {
  it.each([
    ['/', 'dashboard'],
    ['/space-repetition/12', 'space_repetition'],
    ['/duel/4?x=1', 'duels'],
    ['/table-duel/4', 'duels'],
    ['/macro-images', 'macro_images'],
    ['/my-progress#top', 'my_progress'],
    ['/constructor', 'other'],
    ['/nowhere', 'other'],
  ])('%s → %s', (page, feature) => {
    expect(featureOfPage(page)).toBe(feature);
  });
});
