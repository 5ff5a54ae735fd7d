import { describe, expect, it } from 'vitest';
import { byteSize, mediaLimits, requestedRange } from './media.ts';

describe('requestedRange', () => {
  it('reads one bytes= range of the media, the end clipped to its size', () => {
    expect(requestedRange('bytes=0-9', 100)).toEqual({ start: 0, end: 9 });
    expect(requestedRange('bytes=90-', 100)).toEqual({ start: 90, end: 99 });
    expect(requestedRange('bytes=90-500', 100)).toEqual({ start: 90, end: 99 });
    expect(requestedRange('bytes=-10', 100)).toEqual({ start: 90, end: 99 });
    expect(requestedRange('bytes=-500', 100)).toEqual({ start: 0, end: 99 });
  });

  it('ignores what it does not serve: no header, several ranges, past the end, reversed', () => {
    for (const header of [undefined, '', 'bytes=-', 'bytes=0-1,5-6', 'items=0-1', 'bytes=100-']) {
      expect(requestedRange(header, 100)).toBeUndefined();
    }
    expect(requestedRange('bytes=9-3', 100)).toBeUndefined();
    expect(requestedRange('bytes=-0', 100)).toBeUndefined();
  });
});

describe('mediaLimits', () => {
  it('reads MEDIA_IMAGE_MAX_BYTES and MEDIA_AUDIO_MAX_BYTES within their ranges', () => {
    expect(mediaLimits({})).toEqual({ imageBytes: 2 * 1024 * 1024, audioBytes: 10 * 1024 * 1024 });
    expect(
      mediaLimits({ MEDIA_IMAGE_MAX_BYTES: '1048576', MEDIA_AUDIO_MAX_BYTES: '33554432' }),
    ).toEqual({ imageBytes: 1048576, audioBytes: 33554432 });
    expect(() => mediaLimits({ MEDIA_AUDIO_MAX_BYTES: '33554433' })).toThrow(
      /MEDIA_AUDIO_MAX_BYTES must be a whole number from 1024 to 33554432/,
    );
    expect(() => mediaLimits({ MEDIA_IMAGE_MAX_BYTES: '3MB' })).toThrow(/MEDIA_IMAGE_MAX_BYTES/);
  });

  it('names sizes as the messages do', () => {
    expect([byteSize(65536), byteSize(10485760), byteSize(1572864)]).toEqual([
      '64 KiB',
      '10 MiB',
      '1.5 MiB',
    ]);
  });
});
