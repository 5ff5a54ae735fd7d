import type { ErrorObject } from 'ajv';
import { describe, expect, test } from 'vitest';
import { ANKI_MESSAGES } from '../anki/package-reader.ts';
import { errorsToFields } from '../contract/validate.ts';
import { MESSAGES as USER_MESSAGES } from '../domain/accounts/users.ts';
import { CSV_MESSAGES } from '../domain/decks/deck-csv.ts';
import { IMAGE_MESSAGES } from '../domain/decks/images.ts';
import { NOTE_MESSAGES } from '../domain/notes/messages.ts';
import { TIME_MESSAGES } from '../domain/progress/time-tracking.ts';
import { INVITATION_MESSAGES } from '../domain/schools/invitations.ts';
import { fieldErrorCode, fieldErrorCodes } from './messages.ts';

/** One Ajv error of `keyword` on `/field`, with the params the validator's messages read. */
function ajvError(keyword: string, params: Record<string, unknown>): ErrorObject {
  return { keyword, params, instancePath: '/field', schemaPath: '#', message: 'x' } as ErrorObject;
}

describe('field error keys', () => {
  test('every field message of the account rules has its own key', () => {
    const { allFieldsRequired: _detailOnly, ...fieldMessages } = USER_MESSAGES;
    const unkeyed = Object.values(fieldMessages).filter((m) => fieldErrorCode(m) === 'invalid');
    expect(unkeyed).toEqual([]);
  });

  test('every time-tracking message has its own key', () => {
    expect(Object.values(TIME_MESSAGES).map(fieldErrorCode)).not.toContain('invalid');
  });

  test('every reason an Anki package is refused has its anki_ key', () => {
    const texts = Object.values(ANKI_MESSAGES).map((m) =>
      typeof m === 'string' ? m : m(120_000 as never),
    );
    expect(texts.map(fieldErrorCode).every((code) => code.startsWith('anki_'))).toBe(true);
    expect(fieldErrorCode(ANKI_MESSAGES.mediaType('a "b".svg'))).toBe('anki_media_type');
    expect(fieldErrorCode(ANKI_MESSAGES.tooManyCards(100_001))).toBe('anki_too_many_cards');
  });

  test('every reason a deck CSV is refused has its key', () => {
    const texts = Object.values(CSV_MESSAGES).map((m) =>
      typeof m === 'string' ? m : m(120_000 as never),
    );
    expect(texts.map(fieldErrorCode)).toEqual([
      'csv_file_required',
      'csv_too_large',
      'csv_not_utf8',
      'csv_no_rows',
      'csv_too_many_rows',
      'csv_unclosed_quote',
      'csv_column_count',
      'blank',
      'too_long',
      'control_characters',
      'invalid_format',
      'invalid_format',
    ]);
  });

  test('every reason an invitation code is refused has its own key', () => {
    const { applied: _ok, alreadyOnPlan: _also, ...refusals } = INVITATION_MESSAGES;
    expect(Object.values(refusals).map(fieldErrorCode)).toEqual([
      'invitation_invalid',
      'invitation_used',
      'invitation_expired',
      'own_invitation',
      'invitation_other_email',
    ]);
  });

  test('every field message of notes has its own key', () => {
    const {
      noteNotFound: _a,
      noteTypeNotFound: _b,
      noteTypeInUse: _c,
      ...fieldMessages
    } = NOTE_MESSAGES;
    expect(Object.values(fieldMessages).map(fieldErrorCode)).not.toContain('invalid');
    expect(fieldErrorCode('Masks: not valid JSON.')).toBe('occlusion_masks_invalid');
    expect(fieldErrorCode('Template: no field "x".')).toBe('template_invalid');
  });

  test('every image message has its own key', () => {
    expect(Object.values(IMAGE_MESSAGES).map(fieldErrorCode)).toEqual([
      'image_too_large',
      'not_an_image',
      'image_malformed',
      'image_undecodable',
      'image_too_many_pixels',
    ]);
  });

  test("the space repetition rules' field messages have their keys", () => {
    expect(
      [
        'Please enter a desk name',
        'Please enter at least one email address',
        'Enter a valid email address. (not-an-email)',
        'Please provide either text or an image',
        'No text could be read from this image.',
        'Please enter the front of the card or add an image.',
        'Please enter the back of the card or add an image.',
        'Send one image file.',
        'Must be a string.',
        'Must be at most 20000 characters long.',
        'Must be an integer ≥ 1.',
        'Must be one of: en, es.',
        'Must be 1 to 100.',
      ].map(fieldErrorCode),
    ).toEqual([
      'desk_name_required',
      'emails_required',
      'invalid_email',
      'text_or_image_required',
      'no_text_in_image',
      'front_required',
      'back_required',
      'one_image_file',
      'wrong_type',
      'too_long',
      'too_small',
      'not_allowed_value',
      'not_allowed_value',
    ]);
  });

  test("every message of the contract validator has a key other than 'invalid'", () => {
    const cases: [string, Record<string, unknown>, string][] = [
      ['required', { missingProperty: 'field' }, 'required'],
      ['type', { type: 'string' }, 'wrong_type'],
      ['type', { type: ['integer', 'null'] }, 'wrong_type'],
      ['format', { format: 'date-time' }, 'invalid_format'],
      ['format', { format: 'email' }, 'invalid_format'],
      ['enum', { allowedValues: ['en', 'es'] }, 'not_allowed_value'],
      ['const', { allowedValue: 'ok' }, 'not_allowed_value'],
      ['minLength', { limit: 1 }, 'blank'],
      ['minLength', { limit: 8 }, 'too_short'],
      ['maxLength', { limit: 150 }, 'too_long'],
      ['minimum', { limit: 1 }, 'too_small'],
      ['exclusiveMinimum', { limit: 0 }, 'too_small'],
      ['maximum', { limit: 100 }, 'too_large'],
      ['exclusiveMaximum', { limit: 1.5 }, 'too_large'],
      ['minItems', { limit: 1 }, 'too_few_items'],
      ['maxItems', { limit: 50 }, 'too_many_items'],
      ['minProperties', { limit: 1 }, 'too_few_fields'],
      ['minProperties', { limit: 2 }, 'too_few_fields'],
      ['additionalProperties', { additionalProperty: 'field' }, 'unknown_field'],
      ['pattern', { pattern: '^a' }, 'invalid_format'],
    ];
    const keys = cases.map(([keyword, params]) => {
      const fields = errorsToFields([ajvError(keyword, params)]);
      return [keyword, Object.values(fieldErrorCodes(fields))[0]?.[0]];
    });
    expect(keys).toEqual(cases.map(([keyword, , key]) => [keyword, key]));
  });

  test('a text no entry knows is keyed invalid, never dropped', () => {
    expect(fieldErrorCodes({ a: ['Something new.', 'This field is required.'] })).toEqual({
      a: ['invalid', 'required'],
    });
  });
});
