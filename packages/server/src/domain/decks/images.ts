/**
 * Card and OCR images: at most 2 MiB, PNG, JPEG, WebP or GIF, recognised by their bytes, then
 * decoded and encoded again in their own format by sharp (libvips) before anything keeps them:
 * a file that only starts like an image is refused, metadata (EXIF with its GPS position, XMP,
 * ICC, comments) is left behind, and the long side is at most MAX_IMAGE_SIDE pixels.
 */
import sharp from 'sharp';

export const MAX_IMAGE_BYTES = 2 * 1024 * 1024;
/** Longest side of a stored image, in pixels; larger images are scaled down to it. */
export const MAX_IMAGE_SIDE = 2048;
/**
 * Largest image decoded, in pixels (width × height, × frames for an animation): a 48-megapixel
 * phone photo passes; a small file declaring a huge canvas (a decompression bomb) does not.
 */
export const MAX_IMAGE_PIXELS = 50_000_000;
/** Images decoded at once; others wait (each holds up to a few hundred MB at the largest). */
export const IMAGE_DECODES_AT_ONCE = 2;

// No cache of decoded images between calls (it would hold memory for files never seen again),
// and one libvips thread per image: the limit of decodes at once is IMAGE_DECODES_AT_ONCE.
sharp.cache(false);
sharp.concurrency(1);
export const IMAGE_TYPES = ['image/png', 'image/jpeg', 'image/webp', 'image/gif'] as const;
export type ImageType = (typeof IMAGE_TYPES)[number];

export const IMAGE_MESSAGES = {
  tooLarge: 'The image is larger than 2 MiB.',
  notAnImage: 'The file is not a PNG, JPEG, WebP or GIF image.',
  malformed: 'The image is not a valid base64 data: URL.',
  undecodable: 'The image is damaged and could not be decoded.',
  tooManyPixels: 'The image has more than 50 megapixels.',
} as const;

/** The image type its first bytes (magic numbers) show, whatever the upload declared. */
export function sniffImageType(b: Uint8Array): ImageType | null {
  const starts = (bytes: number[], at = 0) => bytes.every((x, i) => b[at + i] === x);
  if (starts([0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a])) return 'image/png';
  if (starts([0xff, 0xd8, 0xff])) return 'image/jpeg';
  if (starts([0x47, 0x49, 0x46, 0x38]) && (b[4] === 0x37 || b[4] === 0x39) && b[5] === 0x61) {
    return 'image/gif';
  }
  if (starts([0x52, 0x49, 0x46, 0x46]) && starts([0x57, 0x45, 0x42, 0x50], 8)) return 'image/webp';
  return null;
}

export class ImageError extends Error {
  constructor(message: string) {
    super(message);
    this.name = 'ImageError';
  }
}

export interface StoredImage {
  bytes: Buffer;
  type: ImageType;
}

/** Checks uploaded bytes; throws ImageError with the message a form shows. */
export function checkImage(bytes: Uint8Array): StoredImage {
  if (bytes.byteLength > MAX_IMAGE_BYTES) throw new ImageError(IMAGE_MESSAGES.tooLarge);
  const type = sniffImageType(bytes);
  if (!type) throw new ImageError(IMAGE_MESSAGES.notAnImage);
  return { bytes: Buffer.from(bytes.buffer, bytes.byteOffset, bytes.byteLength), type };
}

const DATA_URL = /^data:([\w/+.-]+);base64,([A-Za-z0-9+/]*={0,2})$/;

/** A `data:image/…;base64,…` URL (the contract's ImageData) as checked bytes. */
export function imageFromDataUrl(value: string): StoredImage {
  const m = DATA_URL.exec(value);
  if (!m) throw new ImageError(IMAGE_MESSAGES.malformed);
  const base64 = m[2] ?? '';
  // Refuse before decoding when the text alone is too long for 2 MiB.
  if (
    Math.floor((base64.length * 3) / 4) - (base64.match(/=+$/)?.[0].length ?? 0) >
    MAX_IMAGE_BYTES
  ) {
    throw new ImageError(IMAGE_MESSAGES.tooLarge);
  }
  return checkImage(Buffer.from(base64, 'base64'));
}

export function toDataUrl(bytes: Uint8Array | null, type: string | null): string | null {
  if (!bytes || !type) return null;
  return `data:${type};base64,${Buffer.from(bytes).toString('base64')}`;
}

const SHARP_FORMATS: Record<ImageType, string> = {
  'image/png': 'png',
  'image/jpeg': 'jpeg',
  'image/webp': 'webp',
  'image/gif': 'gif',
};

let decoding = 0;
const waiting: (() => void)[] = [];

/** Runs `task` when fewer than IMAGE_DECODES_AT_ONCE others run; the finishing one hands over. */
async function oneOfFew<T>(task: () => Promise<T>): Promise<T> {
  if (decoding >= IMAGE_DECODES_AT_ONCE) await new Promise<void>((go) => waiting.push(go));
  else decoding += 1;
  try {
    return await task();
  } finally {
    const next = waiting.shift();
    if (next) next();
    else decoding -= 1;
  }
}

/** One encoding at most `side` pixels long, without metadata, in the image's own format. */
async function encode(bytes: Uint8Array, type: ImageType, side: number): Promise<Buffer> {
  const animated = type === 'image/gif' || type === 'image/webp';
  let image = sharp(bytes, { animated, limitInputPixels: MAX_IMAGE_PIXELS, failOn: 'warning' });
  const { pages = 1 } = await image.metadata();
  // EXIF orientation is applied to the pixels, since the EXIF itself is not kept.
  if (pages === 1) image = image.autoOrient();
  image = image.resize({
    width: side,
    height: side,
    fit: 'inside',
    withoutEnlargement: true,
  });
  if (type === 'image/png') return image.png().toBuffer();
  if (type === 'image/jpeg') return image.jpeg({ quality: 85 }).toBuffer();
  if (type === 'image/webp') return image.webp({ quality: 85 }).toBuffer();
  return image.gif().toBuffer();
}

/**
 * The uploaded bytes as they are stored: checked as `checkImage` does, decoded (ImageError when
 * they are not the image they start like), re-encoded in their format without metadata, the
 * long side at most MAX_IMAGE_SIDE; scaled down further in the rare case the new encoding is
 * over 2 MiB.
 */
export async function normalizeImage(bytes: Uint8Array): Promise<StoredImage> {
  const { type } = checkImage(bytes);
  return oneOfFew(async () => {
    try {
      const { format } = await sharp(bytes, { limitInputPixels: MAX_IMAGE_PIXELS }).metadata();
      if (format !== SHARP_FORMATS[type]) throw new ImageError(IMAGE_MESSAGES.undecodable);
      for (let side = MAX_IMAGE_SIDE; side >= 256; side = Math.floor(side * 0.75)) {
        const out = await encode(bytes, type, side);
        if (out.byteLength <= MAX_IMAGE_BYTES) return { bytes: out, type };
      }
      throw new ImageError(IMAGE_MESSAGES.tooLarge);
    } catch (error) {
      if (error instanceof ImageError) throw error;
      if (/pixel limit/i.test(String(error))) throw new ImageError(IMAGE_MESSAGES.tooManyPixels);
      throw new ImageError(IMAGE_MESSAGES.undecodable);
    }
  });
}
