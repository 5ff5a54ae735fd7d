import { describe, expect, it } from 'vitest';
import { wholeNumberSetting } from './settings.ts';

describe('wholeNumberSetting', () => {
  const range = { min: 1, max: 1000 };

  it('takes the default when unset or empty, else the plain decimal', () => {
    expect(wholeNumberSetting('EVENTS_MAX_STREAMS_PER_USER', 10, range, {})).toBe(10);
    expect(
      wholeNumberSetting('EVENTS_MAX_STREAMS_PER_USER', 10, range, {
        EVENTS_MAX_STREAMS_PER_USER: '',
      }),
    ).toBe(10);
    expect(
      wholeNumberSetting('EVENTS_MAX_STREAMS_PER_USER', 10, range, {
        EVENTS_MAX_STREAMS_PER_USER: '25',
      }),
    ).toBe(25);
  });

  it.each(['0', '1001', '1e2', '-5', '2.5', 'ten', ' 5'])(
    'refuses %j, naming the variable',
    (value) => {
      expect(() =>
        wholeNumberSetting('EVENTS_MAX_STREAMS_PER_USER', 10, range, {
          EVENTS_MAX_STREAMS_PER_USER: value,
        }),
      ).toThrow(
        `EVENTS_MAX_STREAMS_PER_USER must be a whole number from 1 to 1000; it is "${value}".`,
      );
    },
  );
});
