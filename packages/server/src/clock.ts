/**
 * The clock that dates subscriptions and decides plan access. In production it is real time. A
 * test (the payments journey) may move it ahead to pass an end date, only when the server was
 * started with `MEMORIA_TEST_CLOCK=true` outside `NODE_ENV=production`.
 */
export interface Clock {
  now(): Date;
  readonly offsetSeconds: number;
  /** Whether `setOffset` is allowed (the test-only setting). */
  readonly adjustable: boolean;
  setOffset(seconds: number): void;
}

export function createClock(options: { adjustable?: boolean } = {}): Clock {
  let offsetSeconds = 0;
  const adjustable = options.adjustable ?? false;
  return {
    now: () => new Date(Date.now() + offsetSeconds * 1000),
    get offsetSeconds() {
      return offsetSeconds;
    },
    adjustable,
    setOffset(seconds) {
      if (!adjustable) throw new Error('The test clock is off');
      offsetSeconds = seconds;
    },
  };
}

/** The test clock is allowed only when asked for and never in production. */
export function testClockAllowed(env: Record<string, string | undefined>): boolean {
  return env.MEMORIA_TEST_CLOCK === 'true' && env.NODE_ENV !== 'production';
}

/** Real time, for deps that set no clock. */
export const systemClock: Clock = createClock();

/** The deps' clock, or real time when they set none. */
export function clockOf(deps: { clock?: Clock }): Clock {
  return deps.clock ?? systemClock;
}
