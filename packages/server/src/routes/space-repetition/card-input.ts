/** A card's fields from CardCreate / CardUpdate, sent as JSON or as a form with image files. */
import type { Context } from 'hono';
import type { Schemas } from '../../contract/types.ts';
import type { StoredImage } from '../../domain/decks/images.ts';
import type { AppEnv } from '../../http/context.ts';
import { type FieldErrors, validationError } from '../../http/errors.ts';
import { formText, imageField, imageFile, isForm, readForm } from './form.ts';
import { MESSAGES } from './messages.ts';

export interface CardInput {
  front?: string;
  back?: string;
  deckId?: number;
  /** undefined: keep; null: remove; an image: replace. */
  frontImage?: StoredImage | null;
  backImage?: StoredImage | null;
}

type CardJson = Schemas['CardCreate'] | Schemas['CardUpdate'];

/** The card fields of a request, whichever body it sent. */
export async function readCardInput(
  c: Context<AppEnv>,
  body: CardJson,
  creating: boolean,
): Promise<CardInput> {
  const fields: FieldErrors = {};
  const input = isForm(c)
    ? await fromForm(c, fields, creating)
    : await fromJson(body, fields, creating);
  if (Object.keys(fields).length > 0) throw validationError(fields);
  return input;
}

async function fromForm(
  c: Context<AppEnv>,
  fields: FieldErrors,
  creating: boolean,
): Promise<CardInput> {
  const form = await readForm(c);
  const input: CardInput = {
    front: formText(fields, form, 'front', true),
    back: formText(fields, form, 'back', true),
  };
  if (creating) {
    const raw = form.desk_id;
    const id = typeof raw === 'string' && /^\d+$/.test(raw.trim()) ? Number(raw) : Number.NaN;
    if (raw === undefined) fields.desk_id = ['This field is required.'];
    else if (!Number.isSafeInteger(id) || id < 1) fields.desk_id = ['Must be an integer ≥ 1.'];
    else input.deckId = id;
  }
  input.frontImage = await imageFile(fields, 'front_image', form.front_image);
  input.backImage = await imageFile(fields, 'back_image', form.back_image);
  if (!creating) {
    const removes = (name: string) => ['true', '1', 'on'].includes(String(form[name] ?? ''));
    if (input.frontImage === undefined && removes('remove_front_image')) input.frontImage = null;
    if (input.backImage === undefined && removes('remove_back_image')) input.backImage = null;
  }
  return input;
}

async function fromJson(
  body: CardJson,
  fields: FieldErrors,
  creating: boolean,
): Promise<CardInput> {
  const input: CardInput = {
    front: body.front,
    back: body.back,
    deckId: 'desk_id' in body ? body.desk_id : undefined,
    frontImage: await imageField(fields, 'front_image', body.front_image),
    backImage: await imageField(fields, 'back_image', body.back_image),
  };
  if (creating) {
    // On create an explicit null is simply no image.
    input.frontImage ??= undefined;
    input.backImage ??= undefined;
  }
  return input;
}

/** Each side needs text or an image (checked against what the card will hold). */
export function checkSides(front: string, back: string, frontImage: boolean, backImage: boolean) {
  const fields: FieldErrors = {};
  if (!front.trim() && !frontImage) fields.front = [MESSAGES.front];
  if (!back.trim() && !backImage) fields.back = [MESSAGES.back];
  if (Object.keys(fields).length > 0) throw validationError(fields);
}
