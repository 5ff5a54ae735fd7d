/**
 * Form bodies (multipart or urlencoded), which the contract router leaves to handlers: text fields
 * and image files checked as the JSON body's fields are, failures collected per field.
 */
import type { Context } from 'hono';
import {
  IMAGE_MESSAGES,
  ImageError,
  imageFromDataUrl,
  MAX_IMAGE_BYTES,
  normalizeImage,
  type StoredImage,
} from '../../domain/decks/images.ts';
import type { AppEnv } from '../../http/context.ts';
import type { FieldErrors } from '../../http/errors.ts';

export type FormBody = Record<string, string | File | (string | File)[]>;

export function isForm(c: Context<AppEnv>): boolean {
  const type = c.req.header('content-type')?.split(';')[0]?.trim().toLowerCase();
  return type === 'multipart/form-data' || type === 'application/x-www-form-urlencoded';
}

/**
 * The form's fields. A body that cannot be parsed never gets here: the contract router parses
 * every form body first and answers 400 (`malformed_form`); this reuses Hono's cached parse.
 */
export function readForm(c: Context<AppEnv>): Promise<FormBody> {
  return c.req.parseBody({ all: true });
}

/** A text field of at most `maxLength` characters; undefined (with a field error) otherwise. */
export function formText(
  fields: FieldErrors,
  form: FormBody,
  name: string,
  required: boolean,
  maxLength = 5000,
): string | undefined {
  const value = form[name];
  if (value === undefined) {
    if (required) fields[name] = ['This field is required.'];
    return undefined;
  }
  if (typeof value !== 'string') {
    fields[name] = ['Must be a string.'];
    return undefined;
  }
  if (value.length > maxLength) {
    fields[name] = [`Must be at most ${maxLength} characters long.`];
    return undefined;
  }
  return value;
}

/**
 * A `data:` URL field (JSON bodies): undefined or null as given, else the image decoded and
 * encoded again (`normalizeImage`), as it is stored.
 */
export async function imageField(
  fields: FieldErrors,
  name: string,
  value: string | null | undefined,
): Promise<StoredImage | null | undefined> {
  if (value === undefined || value === null) return value;
  try {
    return await normalizeImage(imageFromDataUrl(value).bytes);
  } catch (error) {
    if (!(error instanceof ImageError)) throw error;
    fields[name] = [error.message];
    return undefined;
  }
}

/** An image file field (or a `data:` URL sent as text), normalized; undefined when absent or empty. */
export async function imageFile(
  fields: FieldErrors,
  name: string,
  value: FormBody[string] | undefined,
): Promise<StoredImage | undefined> {
  if (value === undefined || value === '') return undefined;
  if (typeof value === 'string') return (await imageField(fields, name, value)) ?? undefined;
  if (Array.isArray(value)) {
    fields[name] = ['Send one image file.'];
    return undefined;
  }
  if (value.size === 0) return undefined; // an empty file input
  if (value.size > MAX_IMAGE_BYTES) {
    fields[name] = [IMAGE_MESSAGES.tooLarge];
    return undefined;
  }
  try {
    return await normalizeImage(new Uint8Array(await value.arrayBuffer()));
  } catch (error) {
    if (!(error instanceof ImageError)) throw error;
    fields[name] = [error.message];
    return undefined;
  }
}
