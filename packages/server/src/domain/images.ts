/** Card and OCR images: at most 2 MiB, PNG, JPEG, WebP or GIF, recognised by their bytes. */

export const MAX_IMAGE_BYTES = 2 * 1024 * 1024;
export const IMAGE_TYPES = ['image/png', 'image/jpeg', 'image/webp', 'image/gif'] as const;
export type ImageType = (typeof IMAGE_TYPES)[number];

export const IMAGE_MESSAGES = {
  tooLarge: 'The image is larger than 2 MiB.',
  notAnImage: 'The file is not a PNG, JPEG, WebP or GIF image.',
  malformed: 'The image is not a valid base64 data: URL.',
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
