export type OcrLanguage = 'eng' | 'spa';

/** Reads the text in an image. */
export interface OcrProvider {
  readonly name: string;
  recognize(image: Uint8Array): Promise<string>;
  /** Frees the engine (called when the backend closes). */
  close(): Promise<void>;
}

/**
 * OCR failed. `unreadable`: the image itself could not be read (a client error, 400);
 * `unavailable`: the engine failed or timed out (503).
 */
export class OcrError extends Error {
  readonly kind: 'unreadable' | 'unavailable';
  constructor(kind: 'unreadable' | 'unavailable', message: string, options?: { cause?: unknown }) {
    super(message, options);
    this.name = 'OcrError';
    this.kind = kind;
  }
}
