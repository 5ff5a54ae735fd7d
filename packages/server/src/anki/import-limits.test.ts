import { describe, expect, it } from 'vitest';
import { ankiImportLimits, DEFAULT_ANKI_IMPORT_LIMITS } from './import-limits.ts';

describe('ankiImportLimits', () => {
  it('uses the defaults without the variables', () => {
    expect(ankiImportLimits({})).toEqual(DEFAULT_ANKI_IMPORT_LIMITS);
    expect(DEFAULT_ANKI_IMPORT_LIMITS).toMatchObject({
      timeoutMs: 300_000,
      maxRssMb: 1024,
      maxHeapMb: 768,
    });
  });

  it('reads the variables; the heap limit is three quarters of the memory limit', () => {
    expect(
      ankiImportLimits({ ANKI_IMPORT_TIMEOUT_SECONDS: '60', ANKI_IMPORT_MAX_RSS_MB: '512' }),
    ).toMatchObject({ timeoutMs: 60_000, maxRssMb: 512, maxHeapMb: 384 });
  });

  it('refuses a value that is not a whole number in range, naming the variable', () => {
    expect(() => ankiImportLimits({ ANKI_IMPORT_MAX_RSS_MB: '1GB' })).toThrow(
      'ANKI_IMPORT_MAX_RSS_MB must be a whole number from 128 to 1048576; it is "1GB".',
    );
    expect(() => ankiImportLimits({ ANKI_IMPORT_TIMEOUT_SECONDS: '0' })).toThrow(
      'ANKI_IMPORT_TIMEOUT_SECONDS must be a whole number from 1 to 3600',
    );
  });
});
