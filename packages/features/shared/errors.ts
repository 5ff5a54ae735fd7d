/**
 * What a failed call means to the learner, translated from the contract's `Error.code` and
 * `Error.field_codes` (never from the English `detail` or `fields` texts).
 */
import { type ErrorCode, type FieldErrorCode, isApiRequestError } from '@memoria/api';
import type { IntlShape } from 'react-intl';

/** The message id of each error code; a capability may say it its own way (`overrides`). */
export const ERROR_CODE_MESSAGES: Record<ErrorCode, string> = {
  validation_error: 'errors.code.validation_error',
  invalid_credentials: 'errors.code.invalid_credentials',
  not_authenticated: 'errors.code.not_authenticated',
  token_invalid: 'errors.code.token_invalid',
  forbidden: 'errors.code.forbidden',
  plan_required: 'errors.code.plan_required',
  not_found: 'errors.code.not_found',
  conflict: 'errors.code.conflict',
  rate_limited: 'errors.code.rate_limited',
  payload_too_large: 'errors.code.payload_too_large',
  unsupported_media_type: 'errors.code.unsupported_media_type',
  request_timeout: 'errors.code.request_timeout',
  idempotency_key_reused: 'errors.code.idempotency_key_reused',
  idempotency_key_in_progress: 'errors.code.idempotency_key_in_progress',
  not_implemented: 'errors.code.not_implemented',
  unavailable: 'errors.code.unavailable',
  internal_error: 'errors.code.internal_error',
  network_error: 'errors.code.network_error',
};

/** The message id of each field error key; the spec's own message where it names one. */
export const FIELD_ERROR_MESSAGES: Record<FieldErrorCode, string> = {
  required: 'errors.field.required',
  blank: 'errors.field.blank',
  wrong_type: 'errors.field.wrong_type',
  invalid_format: 'errors.field.invalid_format',
  not_allowed_value: 'errors.field.not_allowed_value',
  too_short: 'errors.field.too_short',
  too_long: 'errors.field.too_long',
  too_small: 'errors.field.too_small',
  too_large: 'errors.field.too_large',
  too_few_items: 'errors.field.too_few_items',
  too_many_items: 'errors.field.too_many_items',
  too_few_fields: 'errors.field.too_few_fields',
  unknown_field: 'errors.field.unknown_field',
  malformed_json: 'errors.field.malformed_json',
  invalid_email: 'errors.field.invalid_email',
  email_taken: 'errors.field.email_taken',
  username_taken: 'errors.field.username_taken',
  passwords_do_not_match: 'auth.register.passwordsDoNotMatch',
  password_too_short: 'auth.register.passwordTooShort',
  invalid_timezone: 'errors.field.invalid_timezone',
  desk_name_required: 'decks.validation.deskNameRequired',
  emails_required: 'decks.validation.emailsRequired',
  text_or_image_required: 'decks.validation.textOrImage',
  no_text_in_image: 'errors.field.no_text_in_image',
  front_required: 'decks.validation.frontRequired',
  back_required: 'decks.validation.backRequired',
  one_image_file: 'errors.field.one_image_file',
  image_too_large: 'errors.field.image_too_large',
  not_an_image: 'errors.field.not_an_image',
  image_malformed: 'errors.field.image_malformed',
  image_undecodable: 'errors.field.image_undecodable',
  image_too_many_pixels: 'errors.field.image_too_many_pixels',
  media_file_required: 'errors.field.media_file_required',
  media_type_not_allowed: 'errors.field.media_type_not_allowed',
  media_too_large: 'errors.field.media_too_large',
  time_in_future: 'errors.field.time_in_future',
  end_before_start: 'errors.field.end_before_start',
  duration_too_long: 'errors.field.duration_too_long',
  before_session: 'errors.field.before_session',
  visits_overlap: 'errors.field.visits_overlap',
  day_over_24h: 'errors.field.day_over_24h',
  control_characters: 'errors.field.control_characters',
  invalid_unicode: 'errors.field.invalid_unicode',
  reserved_field_name: 'errors.field.reserved_field_name',
  no_numbers_entered: 'errors.field.no_numbers_entered',
  only_numbers_and_spaces: 'errors.field.only_numbers_and_spaces',
  number_field_empty: 'errors.field.number_field_empty',
  word_does_not_encode: 'errors.field.word_does_not_encode',
  word_not_in_dictionary: 'errors.field.word_not_in_dictionary',
  one_word_letters_only: 'errors.field.one_word_letters_only',
  number_repeated: 'errors.field.number_repeated',
  too_deeply_nested: 'errors.field.too_deeply_nested',
  invisible_characters: 'errors.field.invisible_characters',
  malformed_form: 'errors.field.malformed_form',
  friend_request_to_self: 'errors.field.friend_request_to_self',
  already_subscribed: 'errors.field.already_subscribed',
  plan_already_included: 'errors.field.plan_already_included',
  not_cancellable: 'errors.field.not_cancellable',
  payment_mismatch: 'errors.field.payment_mismatch',
  checkout_decided: 'errors.field.checkout_decided',
  test_clock_disabled: 'errors.field.test_clock_disabled',
  view_time_out_of_range: 'errors.field.view_time_out_of_range',
  answer_time_out_of_range: 'errors.field.answer_time_out_of_range',
  item_limit_out_of_range: 'errors.field.item_limit_out_of_range',
  question_count_above_cards: 'errors.field.question_count_above_cards',
  opponent_not_friend: 'errors.field.opponent_not_friend',
  anki_file_required: 'errors.field.anki_file_required',
  anki_too_large: 'errors.field.anki_too_large',
  anki_not_a_zip: 'errors.field.anki_not_a_zip',
  anki_no_collection: 'errors.field.anki_no_collection',
  anki_corrupt_collection: 'errors.field.anki_corrupt_collection',
  anki_too_many_cards: 'errors.field.anki_too_many_cards',
  anki_media_type: 'errors.field.anki_media_type',
  anki_corrupt_media: 'errors.field.anki_corrupt_media',
  csv_file_required: 'errors.field.csv_file_required',
  csv_too_large: 'errors.field.csv_too_large',
  csv_not_utf8: 'errors.field.csv_not_utf8',
  csv_no_rows: 'errors.field.csv_no_rows',
  csv_too_many_rows: 'errors.field.csv_too_many_rows',
  csv_unclosed_quote: 'errors.field.csv_unclosed_quote',
  csv_column_count: 'errors.field.csv_column_count',
  invalid_website: 'errors.field.invalid_website',
  exam_date_in_past: 'errors.field.exam_date_in_past',
  live_quiz_too_few_cards: 'errors.field.live_quiz_too_few_cards',
  invitation_invalid: 'invitation.invalid.message',
  invitation_used: 'errors.field.invitation_used',
  invitation_expired: 'errors.field.invitation_expired',
  own_invitation: 'errors.field.own_invitation',
  invitation_other_email: 'errors.field.invitation_other_email',
  note_type_unknown: 'errors.field.note_type_unknown',
  note_field_unknown: 'errors.field.note_field_unknown',
  note_field_required: 'errors.field.note_field_required',
  cloze_deletion_required: 'errors.field.cloze_deletion_required',
  occlusion_masks_invalid: 'errors.field.occlusion_masks_invalid',
  template_invalid: 'errors.field.template_invalid',
  edit_through_note: 'errors.field.edit_through_note',
  search_invalid: 'errors.field.search_invalid',
  invalid: 'errors.field.invalid',
};

/** A capability's own message ids for some codes (a read-only deck rather than "not allowed"). */
export type ErrorCodeMessages = Partial<Record<ErrorCode, string>>;

/** How the deck screens (list, detail, review) say the codes that concern a deck. */
export const DECK_ERRORS: ErrorCodeMessages = {
  forbidden: 'decks.error.readOnly',
  plan_required: 'decks.error.readOnly',
  not_found: 'decks.error.notFound',
};

/** The translated first message of each failing field of a validation error. */
export function fieldMessages(intl: IntlShape, error: unknown): Record<string, string> {
  if (!isApiRequestError(error)) return {};
  const out: Record<string, string> = {};
  for (const [field, keys] of Object.entries(error.fieldCodes)) {
    const key = keys[0];
    if (key) out[field] = intl.formatMessage({ id: FIELD_ERROR_MESSAGES[key] });
  }
  return out;
}

/**
 * One message for a failed call: a field error when the error names fields (the first one), else
 * the message of its code. `fallbackId` replaces the messages that say nothing specific: for an
 * error that is not a call's, and for `internal_error`.
 */
export function errorMessage(
  intl: IntlShape,
  error: unknown,
  { overrides = {}, fallbackId = 'errors.code.internal_error' }: ErrorMessageOptions = {},
): string {
  if (!isApiRequestError(error)) return intl.formatMessage({ id: fallbackId });
  const field = Object.values(fieldMessages(intl, error))[0];
  if (field) return field;
  const generic = error.code === 'internal_error' ? fallbackId : ERROR_CODE_MESSAGES[error.code];
  return intl.formatMessage({ id: overrides[error.code] ?? generic });
}

export interface ErrorMessageOptions {
  overrides?: ErrorCodeMessages;
  fallbackId?: string;
}

/**
 * A form's errors, each message shown once: the fields the form shows (`formFields`) carry their
 * own message; the banner says what no field shows (the code's message, or field errors of
 * fields the form does not have), or `failedId` (e.g. "Registration failed") when every field
 * error is under its field.
 */
export function formErrors(
  intl: IntlShape,
  error: unknown,
  formFields: readonly string[],
  failedId: string,
): { banner: string; fields: Record<string, string> } {
  const all = fieldMessages(intl, error);
  const fields: Record<string, string> = {};
  const elsewhere: string[] = [];
  for (const [field, message] of Object.entries(all)) {
    if (formFields.includes(field)) fields[field] = message;
    else elsewhere.push(message);
  }
  if (elsewhere.length > 0) return { banner: elsewhere.join(' '), fields };
  if (Object.keys(fields).length > 0)
    return { banner: intl.formatMessage({ id: failedId }), fields };
  return { banner: errorMessage(intl, error, { fallbackId: failedId }), fields };
}
