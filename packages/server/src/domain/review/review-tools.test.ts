import { describe, expect, it } from 'vitest';
import { buriedUntil, flagsWithNames, isBuried } from './card-states.ts';
import { becomesLeech, ratingEffects, reviewToolSettings } from './review-tools.ts';

describe('leeches', () => {
  it('a card becomes a leech on the lapse that reaches the threshold, once', () => {
    expect(becomesLeech(6, 7, 8)).toBe(false);
    expect(becomesLeech(7, 8, 8)).toBe(true);
    expect(becomesLeech(8, 9, 8)).toBe(false);
    expect(becomesLeech(8, 8, 8)).toBe(false);
  });

  it('suspends the leech or only tags it, by the leech action', () => {
    const lapse = { before: 2, after: 3 };
    expect(ratingEffects(reviewToolSettings({ leechThreshold: 3 }), lapse)).toEqual({
      leech: true,
      suspend: true,
      burySiblings: false,
    });
    expect(
      ratingEffects(reviewToolSettings({ leechThreshold: 3, leechAction: 'tag_only' }), lapse),
    ).toEqual({ leech: true, suspend: false, burySiblings: false });
    expect(ratingEffects(reviewToolSettings({ leechThreshold: 4 }), lapse).leech).toBe(false);
  });

  it('has Anki’s defaults until a preset says otherwise', () => {
    expect(reviewToolSettings()).toEqual({
      leechThreshold: 8,
      leechAction: 'suspend',
      burySiblings: false,
    });
    expect(
      ratingEffects(reviewToolSettings({ burySiblings: true }), { before: 0, after: 0 }),
    ).toEqual({
      leech: false,
      suspend: false,
      burySiblings: true,
    });
  });
});

describe('burial', () => {
  it('ends at the start of the learner’s next day in their zone', () => {
    const at = new Date('2026-07-01T22:30:00Z');
    // Madrid (UTC+2 in summer): 00:30 of the 2nd, so the 3rd's midnight.
    expect(buriedUntil(at, 'Europe/Madrid').toISOString()).toBe('2026-07-02T22:00:00.000Z');
    // Lima (UTC-5): 17:30 of the 1st, so the 2nd's midnight.
    expect(buriedUntil(at, 'America/Lima').toISOString()).toBe('2026-07-02T05:00:00.000Z');
    expect(isBuried(new Date('2026-07-02T05:00:00Z'), new Date('2026-07-02T04:59:59Z'))).toBe(true);
    expect(isBuried(new Date('2026-07-02T05:00:00Z'), new Date('2026-07-02T05:00:00Z'))).toBe(
      false,
    );
  });
});

describe('flags', () => {
  it('names each flag by the learner’s name or its colour', () => {
    const flags = flagsWithNames(new Map([[4, 'Grammar']]));
    expect(flags.map((f) => f.name)).toEqual([
      'Red',
      'Orange',
      'Green',
      'Grammar',
      'Pink',
      'Turquoise',
      'Purple',
    ]);
  });
});
