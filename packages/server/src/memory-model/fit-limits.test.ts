import { describe, expect, it } from 'vitest';
import { DEFAULT_FIT_LIMITS, fitLimits } from './fit-limits.ts';

describe('fitLimits', () => {
  it('uses the defaults without the variables', () => {
    expect(fitLimits({})).toEqual(DEFAULT_FIT_LIMITS);
    expect(DEFAULT_FIT_LIMITS).toMatchObject({
      timeoutMs: 600_000,
      maxRssMb: 2048,
      maxHeapMb: 1024,
    });
  });

  it('reads the variables', () => {
    expect(
      fitLimits({
        FITTER_TIMEOUT_SECONDS: '60',
        FITTER_MAX_RSS_MB: '4096',
        FITTER_MAX_HEAP_MB: '512',
      }),
    ).toMatchObject({ timeoutMs: 60_000, maxRssMb: 4096, maxHeapMb: 512 });
  });

  it('refuses a value that is not a whole number in range, naming the variable', () => {
    expect(() => fitLimits({ FITTER_MAX_RSS_MB: '2GB' })).toThrow(
      'FITTER_MAX_RSS_MB must be a whole number from 64 to 1048576; it is "2GB".',
    );
    // A fit must end before its claim goes stale (30 minutes).
    expect(() => fitLimits({ FITTER_TIMEOUT_SECONDS: '1800' })).toThrow(
      'FITTER_TIMEOUT_SECONDS must be a whole number from 1 to 1500',
    );
  });
});
