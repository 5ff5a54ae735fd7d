/**
 * The offline review computes a card's next state in the browser (`rateOffline`, the shared
 * packages/api/src/scheduling module) from the state the offline pack carried as JSON. Here, over
 * many cards, models and deck presets: that equals what the server's rating computes (`review`
 * with the learner's scheduler for the deck), field by field, and the previews the buttons show.
 */
import { rateOffline } from '@memoria/api/scheduling';
import { describe, expect, it } from 'vitest';
import { DEFAULT_WEIGHTS, schedulerForDeck } from './memory-model.ts';
import {
  gradeOf,
  newSchedule,
  previewIntervals,
  RATINGS,
  review,
  type Schedule,
  scheduleToJson,
} from './scheduling.ts';

/** A small deterministic generator: the same cards on every run. */
function random(seed: number) {
  let s = seed >>> 0;
  return () => {
    s = (s * 1664525 + 1013904223) >>> 0;
    return s / 2 ** 32;
  };
}

/** The JSON the pack carries (what a browser reads back from the wire and from IndexedDB). */
function onTheWire(schedule: Schedule) {
  const { introduced_at: _, ...state } = scheduleToJson(schedule, null);
  return JSON.parse(JSON.stringify(state)) as typeof state;
}

describe('offline FSRS equals the server', () => {
  it('gives the same next state and previews over 2000 ratings of 200 cards', () => {
    const next = random(46);
    let compared = 0;
    for (let c = 0; c < 200; c++) {
      // A learner with fitted weights (defaults nudged) or the defaults, a retention, a preset.
      const model = {
        parameters: next() < 0.5 ? null : DEFAULT_WEIGHTS.map((w) => w * (0.9 + next() * 0.2)),
        desiredRetention: 0.7 + Math.round(next() * 27) / 100,
      };
      const deck =
        next() < 0.3
          ? null
          : {
              desiredRetention: next() < 0.5 ? null : 0.85,
              learningSteps:
                next() < 0.5 ? (['1m', '10m'] as const) : (['5m', '1h', '1d'] as const),
              relearningSteps: next() < 0.5 ? (['10m'] as const) : (['30m'] as const),
            };
      const scheduler = deck
        ? schedulerForDeck(model, {
            ...deck,
            learningSteps: [...deck.learningSteps],
            relearningSteps: [...deck.relearningSteps],
          })
        : schedulerForDeck(model, {
            desiredRetention: null,
            learningSteps: ['1m', '10m'],
            relearningSteps: ['10m'],
          });
      const offlineDeck = deck && {
        ...deck,
        learningSteps: [...deck.learningSteps],
        relearningSteps: [...deck.relearningSteps],
      };
      let at = new Date(Date.UTC(2026, 0, 1) + Math.floor(next() * 86_400_000));
      let schedule = newSchedule(at);
      for (let r = 0; r < 10; r++) {
        const rating = RATINGS[Math.floor(next() * 4)] ?? 'good';
        const server = review(schedule, gradeOf(rating), at, { scheduler });
        const offline = rateOffline(onTheWire(schedule), rating, at, model, offlineDeck);
        expect(offline.state).toEqual(onTheWire(server.schedule));
        const previews = previewIntervals(server.schedule, at, scheduler);
        expect(offline.intervals).toEqual(previews);
        compared += 1;
        schedule = server.schedule;
        // The next review: at the due time, give or take a day (late, early, on time).
        at = new Date(
          Math.max(at.getTime() + 1000, schedule.due.getTime() + (next() - 0.5) * 86_400_000),
        );
      }
    }
    expect(compared).toBe(2000);
  });
});
