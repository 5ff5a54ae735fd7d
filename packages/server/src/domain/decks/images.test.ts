import sharp from 'sharp';
import { describe, expect, it } from 'vitest';
import { jpegWithGps } from '../../test/images.ts';
import { IMAGE_MESSAGES, MAX_IMAGE_SIDE, normalizeImage } from './images.ts';

const PNG_SIGNATURE = [0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a];

const refusal = async (bytes: Uint8Array) =>
  normalizeImage(bytes).then(
    () => 'stored',
    (error: Error) => error.message,
  );

describe('normalizeImage', () => {
  it('refuses a PNG signature followed by zero bytes', async () => {
    const fake = new Uint8Array([...PNG_SIGNATURE, ...new Array(1024).fill(0)]);
    expect(await refusal(fake)).toBe(IMAGE_MESSAGES.undecodable);
  });

  it('refuses a truncated image and one whose bytes are another format', async () => {
    const png = await sharp({
      create: { width: 40, height: 40, channels: 3, background: 'red' },
    })
      .png()
      .toBuffer();
    expect(await refusal(png.subarray(0, png.length - 30))).toBe(IMAGE_MESSAGES.undecodable);
    // A JPEG's first bytes followed by a PNG: sniffed as JPEG, decoded as nothing.
    const mixed = Buffer.concat([Buffer.from([0xff, 0xd8, 0xff]), png]);
    expect(await refusal(mixed)).toBe(IMAGE_MESSAGES.undecodable);
  });

  it('stores a JPEG without its EXIF (GPS position, camera), as a JPEG', async () => {
    const upload = await jpegWithGps();
    expect((await sharp(upload).metadata()).exif).toBeDefined();
    const stored = await normalizeImage(upload);
    expect(stored.type).toBe('image/jpeg');
    const meta = await sharp(stored.bytes).metadata();
    expect(meta.format).toBe('jpeg');
    expect(meta.exif).toBeUndefined();
    expect(stored.bytes.includes(Buffer.from('Secret Camera'))).toBe(false);
    expect([meta.width, meta.height]).toEqual([64, 48]);
  });

  it('scales a 6000×4000 image down to the cap on its long side', async () => {
    const big = await sharp({
      create: { width: 6000, height: 4000, channels: 3, background: '#246' },
    })
      .png()
      .toBuffer();
    const stored = await normalizeImage(big);
    const meta = await sharp(stored.bytes).metadata();
    expect([meta.format, meta.width, meta.height]).toEqual(['png', MAX_IMAGE_SIDE, 1365]);
  });

  it('refuses a small file that declares more pixels than allowed (a decompression bomb)', async () => {
    const bomb = await sharp({
      create: { width: 10_000, height: 10_000, channels: 3, background: 'black' },
    })
      .toColourspace('b-w')
      .png({ compressionLevel: 9 })
      .toBuffer();
    expect(bomb.length).toBeLessThan(2 * 1024 * 1024);
    expect(await refusal(bomb)).toBe(IMAGE_MESSAGES.tooManyPixels);
  });

  it('keeps WebP and GIF in their own format', async () => {
    const base = sharp({ create: { width: 30, height: 20, channels: 3, background: 'blue' } });
    for (const [bytes, type] of [
      [await base.clone().webp().toBuffer(), 'image/webp'],
      [await base.clone().gif().toBuffer(), 'image/gif'],
    ] as const) {
      const stored = await normalizeImage(bytes);
      expect(stored.type).toBe(type);
      expect((await sharp(stored.bytes).metadata()).width).toBe(30);
    }
  });
});
