import { describe, expect, it } from 'vitest';
import { createClock, testClockAllowed } from './clock.ts';

describe('the subscription clock', () => {
  it('is movable only when asked for, and never in production', () => {
    expect(testClockAllowed({})).toBe(false);
    expect(testClockAllowed({ MEMORIA_TEST_CLOCK: 'true' })).toBe(true);
    expect(testClockAllowed({ MEMORIA_TEST_CLOCK: 'true', NODE_ENV: 'production' })).toBe(false);
    expect(() => createClock().setOffset(60)).toThrow('The test clock is off');
  });

  it('runs ahead of real time by the offset', () => {
    const clock = createClock({ adjustable: true });
    clock.setOffset(86_400);
    expect(clock.now().getTime() - Date.now()).toBeGreaterThan(86_399_000);
  });
});
