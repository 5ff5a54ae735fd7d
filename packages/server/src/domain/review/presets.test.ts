import { describe, expect, it } from 'vitest';
import {
  DEFAULT_SETTINGS,
  effectivePreset,
  NO_REVIEW_LIMIT,
  reviewAllowance,
  stepMinutes,
  weekdayNames,
  weekdayNumbers,
} from './presets.ts';

describe('presets', () => {
  it('resolves the nulls: the deck’s own new-card limit, the learner’s retention', () => {
    expect(effectivePreset(null, 15, 0.85)).toMatchObject({
      presetId: null,
      newCardsPerDay: 15,
      desiredRetention: 0.85,
      maxReviewsPerDay: NO_REVIEW_LIMIT,
      leechThreshold: 8,
    });
    const stored = {
      ...DEFAULT_SETTINGS,
      id: 4,
      isDefault: false,
      newCardsPerDay: 0,
      desiredRetention: 0.95,
    };
    expect(effectivePreset(stored, 15, 0.85)).toMatchObject({
      presetId: 4,
      newCardsPerDay: 0,
      desiredRetention: 0.95,
    });
  });

  it('allows the review limit less today’s reviews, never negative; 9999 limits nothing', () => {
    expect(reviewAllowance(100, 30)).toBe(70);
    expect(reviewAllowance(10, 30)).toBe(0);
    expect(reviewAllowance(NO_REVIEW_LIMIT, 20_000)).toBe(NO_REVIEW_LIMIT);
  });

  it('converts weekdays and steps', () => {
    expect(weekdayNumbers(['sunday', 'monday', 'sunday'])).toEqual([0, 6]);
    expect(weekdayNames([0, 6])).toEqual(['monday', 'sunday']);
    expect(['10m', '1h', '2d'].map((s) => stepMinutes(s as '10m'))).toEqual([10, 60, 2880]);
  });
});
