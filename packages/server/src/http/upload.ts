/**
 * A multipart upload streamed to a file as it arrives (busboy), for bodies too large to hold in
 * memory (an Anki package of up to 256 MiB): only busboy's and the file stream's buffers are in
 * memory at any time, and a slow disk slows the upload down rather than filling memory.
 */
import { createWriteStream } from 'node:fs';
import { Readable } from 'node:stream';
import { pipeline } from 'node:stream/promises';
import type { ReadableStream as WebReadableStream } from 'node:stream/web';
import busboy from 'busboy';
import type { Context } from 'hono';
import type { AppEnv } from './context.ts';
import { ApiError } from './errors.ts';

export type UploadOutcome =
  /** The file part was written to the destination. */
  | { kind: 'stored'; bytes: number }
  /** No file part of that name. */
  | { kind: 'missing' }
  /** The file part was longer than `maxBytes` (the file is incomplete). */
  | { kind: 'too_large' };

const malformed = () =>
  new ApiError(400, 'validation_error', 'Malformed form body.', {
    fields: { non_field_errors: ['The form body could not be read.'] },
  });

/**
 * Streams the form's file part `field` into `destination`; other parts are skipped (text fields
 * up to 64 KiB). A body that is not a readable multipart form is the router's 400
 * `malformed_form`.
 */
export async function receiveFile(
  c: Context<AppEnv>,
  field: string,
  destination: string,
  maxBytes: number,
): Promise<UploadOutcome> {
  const body = c.req.raw.body;
  if (!body) return { kind: 'missing' };
  let parser: busboy.Busboy;
  try {
    parser = busboy({
      headers: { 'content-type': c.req.header('content-type') ?? '' },
      limits: { files: 1, fileSize: maxBytes, fields: 20, fieldSize: 64 * 1024, parts: 40 },
    });
  } catch {
    throw malformed();
  }
  let outcome: UploadOutcome = { kind: 'missing' };
  let writing: Promise<void> | undefined;
  parser.on('file', (name, stream) => {
    if (name !== field || writing) {
      stream.resume();
      return;
    }
    let bytes = 0;
    stream.on('data', (chunk: Buffer) => {
      bytes += chunk.length;
    });
    stream.on('limit', () => {
      outcome = { kind: 'too_large' };
    });
    writing = pipeline(stream, createWriteStream(destination)).then(() => {
      if (outcome.kind !== 'too_large') outcome = { kind: 'stored', bytes };
    });
    // Awaited below; a failure here must not be reported as unhandled first.
    writing.catch(() => {});
  });
  try {
    await pipeline(Readable.fromWeb(body as WebReadableStream<Uint8Array>), parser);
    await writing;
  } catch (error) {
    // A size limit answers 413 from the router's own body limit (counted while streamed).
    if (error instanceof ApiError) throw error;
    throw malformed();
  }
  return outcome;
}
