/**
 * Card media (images and sounds a note's fields show): which files are accepted, recognised by
 * their bytes only, how large, how they are named (the SHA-256 of the stored bytes) and which byte
 * range of them a `Range` header asks for. docs/features/media.md describes the whole.
 */
import { createHash } from 'node:crypto';
import { fileTypeFromBuffer } from 'file-type';
import { wholeFromEnv } from '../../child/env-limits.ts';
import { ImageError, MAX_IMAGE_BYTES, normalizeImage, sniffImageType } from './images.ts';

export const AUDIO_TYPES = ['audio/mpeg', 'audio/ogg', 'audio/mp4', 'audio/wav', 'audio/webm'];
export type MediaKind = 'image' | 'audio';

/** file-type's extension → the type the media is stored and served as. */
const AUDIO_BY_EXTENSION: Record<string, string> = {
  mp3: 'audio/mpeg',
  ogg: 'audio/ogg',
  oga: 'audio/ogg',
  opus: 'audio/ogg',
  m4a: 'audio/mp4',
  // Safari's recorder writes MP4 audio under a generic MP4 brand.
  mp4: 'audio/mp4',
  wav: 'audio/wav',
  // Browsers' recorders write WebM (file-type calls every WebM video/webm).
  webm: 'audio/webm',
};

export interface MediaLimits {
  imageBytes: number;
  audioBytes: number;
}

const MIB = 1024 * 1024;
/** The largest audio any setting allows: the contract's `x-max-body-bytes` is this plus 64 KiB. */
export const MAX_AUDIO_BYTES = 32 * MIB;

export const DEFAULT_MEDIA_LIMITS: MediaLimits = {
  imageBytes: MAX_IMAGE_BYTES,
  audioBytes: 10 * MIB,
};

/**
 * The limits from `MEDIA_IMAGE_MAX_BYTES` (1 KiB to 2 MiB: images are re-encoded under the card
 * images' 2 MiB) and `MEDIA_AUDIO_MAX_BYTES` (1 KiB to 32 MiB); another value stops the start.
 */
export function mediaLimits(env: NodeJS.ProcessEnv = process.env): MediaLimits {
  const d = DEFAULT_MEDIA_LIMITS;
  return {
    imageBytes: wholeFromEnv(env, 'MEDIA_IMAGE_MAX_BYTES', d.imageBytes, 1024, MAX_IMAGE_BYTES),
    audioBytes: wholeFromEnv(env, 'MEDIA_AUDIO_MAX_BYTES', d.audioBytes, 1024, MAX_AUDIO_BYTES),
  };
}

/** `1048576` → `1 MiB`, `1536` → `1.5 KiB`: the size as the messages name it. */
export function byteSize(bytes: number): string {
  const [unit, n] = bytes >= MIB ? ['MiB', bytes / MIB] : ['KiB', bytes / 1024];
  return `${Number.isInteger(n) ? n : n.toFixed(1)} ${unit}`;
}

export const MEDIA_MESSAGES = {
  fileRequired: 'Send the image or sound as the file part "file".',
  notAllowed:
    'The file is not a PNG, JPEG, WebP or GIF image nor MP3, Ogg, M4A, WAV or WebM audio.',
  imageTooLarge: (limit: number) => `The image is larger than ${byteSize(limit)}.`,
  audioTooLarge: (limit: number) => `The sound is larger than ${byteSize(limit)}.`,
} as const;

export class MediaError extends Error {
  constructor(message: string) {
    super(message);
    this.name = 'MediaError';
  }
}

export interface CheckedMedia {
  kind: MediaKind;
  mime: string;
  /** What is stored: an image encoded again, a sound as sent. */
  bytes: Buffer;
}

/** The audio type the bytes are (their magic numbers, not a name), or null. */
export async function sniffAudioType(bytes: Uint8Array): Promise<string | null> {
  const found = await fileTypeFromBuffer(bytes);
  return (found && AUDIO_BY_EXTENSION[found.ext]) ?? null;
}

/**
 * The uploaded bytes as they are stored, or a MediaError with the message the form shows: an image
 * goes through `normalizeImage` (decoded, encoded again without metadata), a sound is kept as sent.
 */
export async function checkMedia(bytes: Uint8Array, limits: MediaLimits): Promise<CheckedMedia> {
  if (sniffImageType(bytes)) {
    if (bytes.byteLength > limits.imageBytes) {
      throw new MediaError(MEDIA_MESSAGES.imageTooLarge(limits.imageBytes));
    }
    try {
      const image = await normalizeImage(bytes);
      if (image.bytes.byteLength > limits.imageBytes) {
        throw new MediaError(MEDIA_MESSAGES.imageTooLarge(limits.imageBytes));
      }
      return { kind: 'image', mime: image.type, bytes: image.bytes };
    } catch (error) {
      if (error instanceof ImageError) throw new MediaError(error.message);
      throw error;
    }
  }
  const audio = await sniffAudioType(bytes);
  if (!audio) throw new MediaError(MEDIA_MESSAGES.notAllowed);
  if (bytes.byteLength > limits.audioBytes) {
    throw new MediaError(MEDIA_MESSAGES.audioTooLarge(limits.audioBytes));
  }
  return {
    kind: 'audio',
    mime: audio,
    bytes: Buffer.from(bytes.buffer, bytes.byteOffset, bytes.byteLength),
  };
}

/** The name a media is stored and served under: the SHA-256 of its bytes, in hexadecimal. */
export function mediaHash(bytes: Uint8Array): string {
  return createHash('sha256').update(bytes).digest('hex');
}

/** Where a media is served, as card fields name it. */
export function mediaUrl(hash: string): string {
  return `/be/api/space-repetition/media/${hash}/`;
}

/** A byte range to serve: `start` and `end` inclusive, as `Content-Range` writes them. */
export interface ByteRange {
  start: number;
  end: number;
}

/**
 * The one range a `Range` header asks of `size` bytes; undefined when there is no header, it is
 * not a single `bytes=` range or it starts past the end: the whole media is served then, as
 * RFC 9110 allows a server to ignore a Range.
 */
export function requestedRange(header: string | undefined, size: number): ByteRange | undefined {
  const m = header ? /^bytes=(\d*)-(\d*)$/.exec(header.trim()) : null;
  if (!m || (m[1] === '' && m[2] === '')) return undefined;
  const [first, last] = [m[1] ?? '', m[2] ?? ''];
  if (first === '') {
    // A suffix: the last N bytes.
    const n = Number(last);
    if (n === 0) return undefined;
    return { start: Math.max(0, size - n), end: size - 1 };
  }
  const start = Number(first);
  const end = last === '' ? size - 1 : Math.min(Number(last), size - 1);
  if (start >= size || end < start) return undefined;
  return { start, end };
}
