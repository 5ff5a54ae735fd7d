/**
 * A stable machine key (`FieldErrorCode` of the contract) for every field message the server
 * sends, so clients translate `Error.field_codes` instead of matching English text.
 *
 * Why a table of the English texts rather than keys at each throw site: `fields` stays the
 * human-readable English the contract documents, the rules keep their message constants, and
 * the key is derived in one place when the error is rendered (`ApiError.toBody`).
 * `messages.test.ts` fails when a message constant of the server has no key here.
 */
import type { components } from '@memoria/api/schema';

export type FieldErrorCode = components['schemas']['FieldErrorCode'];

/** Exact texts and patterns (parametrised messages of the contract validator), first match wins. */
const FIELD_MESSAGE_KEYS: readonly (readonly [string | RegExp, FieldErrorCode])[] = [
  // The contract validator (contract/validate.ts) and generic form checks.
  ['This field is required.', 'required'],
  ['This field may not be blank.', 'blank'],
  ['Unknown field.', 'unknown_field'],
  ['Has an invalid format.', 'invalid_format'],
  [/^Must be a valid .+\.$/, 'invalid_format'],
  [/^Must be one of: .*\.$/, 'not_allowed_value'],
  [/^Must be at least \d+ characters long\.$/, 'too_short'],
  [/^Must be at most \d+ characters long\.$/, 'too_long'],
  [/^Must be (at least|greater than) -?[\d.]+\.$/, 'too_small'],
  [/^Must be (at most|less than) -?[\d.]+\.$/, 'too_large'],
  ['Must be an integer ≥ 1.', 'too_small'],
  [/^Must be \d+ to \d+\.$/, 'not_allowed_value'],
  [/^Must have at least \d+ items\.$/, 'too_few_items'],
  [/^Must have at most \d+ items\.$/, 'too_many_items'],
  [/^At least (one field is|\d+ fields are) required\.$/, 'too_few_fields'],
  [/^Must be (null|a|an) .*\.$/, 'wrong_type'],
  [/^Must be .+\.$/, 'not_allowed_value'],
  [/^Invalid JSON: /, 'malformed_json'],
  // Input hygiene of every operation (contract/input.ts, contract/router.ts).
  ['Must not contain control characters.', 'control_characters'],
  ['Must not contain unpaired surrogate characters.', 'invalid_unicode'],
  ['The request body is not valid UTF-8.', 'invalid_unicode'],
  ['This field name is not allowed.', 'reserved_field_name'],
  [/^Must not be nested more than \d+ levels deep\.$/, 'too_deeply_nested'],
  ['The form body could not be read.', 'malformed_form'],
  // Accounts (domain/accounts/users.ts).
  [/^Enter a valid email address\./, 'invalid_email'],
  ['A user with this email already exists.', 'email_taken'],
  ['A user with this username already exists.', 'username_taken'],
  ['Passwords do not match', 'passwords_do_not_match'],
  [/^Password must be at least \d+ characters long$/, 'password_too_short'],
  ['Enter a valid IANA time zone, such as Europe/Madrid.', 'invalid_timezone'],
  ['Usernames may not contain invisible, direction or control characters.', 'invisible_characters'],
  // Space repetition (routes/space-repetition.ts, domain/decks/images.ts).
  ['Please enter a desk name', 'desk_name_required'],
  ['Please enter at least one email address', 'emails_required'],
  ['Please provide either text or an image', 'text_or_image_required'],
  ['No text could be read from this image.', 'no_text_in_image'],
  // Notes (domain/notes/messages.ts, occlusion.ts, render.ts).
  ['No note type with this key or id.', 'note_type_unknown'],
  ['This note type has no such field.', 'note_field_unknown'],
  ['Please fill in this field.', 'note_field_required'],
  ['Add an image to hide parts of.', 'note_field_required'],
  ['Add at least one cloze deletion, such as {{c1::answer}}.', 'cloze_deletion_required'],
  ['Cloze numbers run from c1 to c100.', 'not_allowed_value'],
  ['The front template shows nothing with these fields.', 'note_field_required'],
  ['This card belongs to a note of another type: edit the note.', 'edit_through_note'],
  [/^Masks: /, 'occlusion_masks_invalid'],
  [/^Template: /, 'template_invalid'],
  // The card browser's search (domain/search/query.ts).
  [/^Search at character \d+: /, 'search_invalid'],
  ['Please enter the front of the card or add an image.', 'front_required'],
  ['Please enter the back of the card or add an image.', 'back_required'],
  ['Send one image file.', 'one_image_file'],
  ['The image is larger than 2 MiB.', 'image_too_large'],
  ['The file is not a PNG, JPEG, WebP or GIF image.', 'not_an_image'],
  // Card media (domain/decks/media.ts).
  ['Send the image or sound as the file part "file".', 'media_file_required'],
  [
    'The file is not a PNG, JPEG, WebP or GIF image nor MP3, Ogg, M4A, WAV or WebM audio.',
    'media_type_not_allowed',
  ],
  [/^The (image|sound) is larger than [\d.]+ [KM]iB\.$/, 'media_too_large'],
  ['The image is not a valid base64 data: URL.', 'image_malformed'],
  ['The image is damaged and could not be decoded.', 'image_undecodable'],
  ['The image has more than 50 megapixels.', 'image_too_many_pixels'],
  // Anki import: why a package is refused (anki/package-reader.ts ANKI_MESSAGES).
  ['Attach the Anki package (.apkg or .colpkg) as a file.', 'anki_file_required'],
  ['The package is larger than 256 MB.', 'anki_too_large'],
  ['The package unpacks to more than 1 GB.', 'anki_too_large'],
  ['The file is not a zip archive (.apkg or .colpkg).', 'anki_not_a_zip'],
  ['The zip archive is damaged.', 'anki_not_a_zip'],
  ['The zip holds no Anki collection.', 'anki_no_collection'],
  ['The collection could not be decompressed.', 'anki_corrupt_collection'],
  ['The collection is not a valid database.', 'anki_corrupt_collection'],
  ['The collection could not be read.', 'anki_corrupt_collection'],
  ['The package metadata (meta) could not be read.', 'anki_corrupt_collection'],
  ['The media of the package could not be read.', 'anki_corrupt_media'],
  ['The package could not be read: reading it stopped the reader.', 'anki_corrupt_collection'],
  [/^The package has \d+ cards; at most \d+ are imported at once\.$/, 'anki_too_many_cards'],
  [
    /^The media .* is not a PNG, JPEG, WebP or GIF image of at most 2 MiB nor a sound of at most 32 MiB\.$/s,
    'anki_media_type',
  ],
  // Deck CSV import: the file's problems (domain/decks/desk-csv.ts CSV_MESSAGES); a row's own fields
  // use the generic keys (blank, too_long, control_characters, invalid_format).
  ['Attach the CSV file as a file.', 'csv_file_required'],
  [/^The CSV file is larger than \d+ MiB\.$/, 'csv_too_large'],
  ['The CSV file is not UTF-8 text.', 'csv_not_utf8'],
  ['The CSV file has no cards.', 'csv_no_rows'],
  [/^The CSV file has \d+ cards; at most \d+ are imported at once\.$/, 'csv_too_many_rows'],
  ['A quoted value is not closed before the end of the file.', 'csv_unclosed_quote'],
  [/^Must have \d+ columns\.$/, 'csv_column_count'],
  // Friends (routes/friends/messages.ts).
  ['You cannot send a friend request to yourself.', 'friend_request_to_self'],
  // Mnemonics (routes/mnemonics/messages.ts).
  ['Error: No numbers entered', 'no_numbers_entered'],
  ['Error: Only numbers and spaces are allowed', 'only_numbers_and_spaces'],
  ['Error: Number field is empty', 'number_field_empty'],
  ['Enter one word, letters only.', 'one_word_letters_only'],
  ['This word is not in the pronouncing dictionary.', 'word_not_in_dictionary'],
  [/^This word's sounds encode (\d+|no digits), not \d{2}\.$/, 'word_does_not_encode'],
  ['This number is already in the list.', 'number_repeated'],
  // Progress: time tracking (domain/progress/time-tracking.ts).
  ['This time is in the future.', 'time_in_future'],
  ['The visit ends before it starts.', 'end_before_start'],
  ['The duration is longer than the time between start and end.', 'duration_too_long'],
  ['The visit starts before its session.', 'before_session'],
  ['The visit overlaps another visit of the session.', 'visits_overlap'],
  ['Visits add up to more than 24 hours on one day.', 'day_over_24h'],
  // Subscriptions (routes/subscriptions/messages.ts).
  ['You already have an active subscription.', 'already_subscribed'],
  ['Your plan already includes Standard.', 'plan_already_included'],
  ['Only an active subscription can be cancelled.', 'not_cancellable'],
  ['The payment does not match the subscription.', 'payment_mismatch'],
  ['This test checkout was already completed.', 'checkout_decided'],
  ['The test clock is off on this server.', 'test_clock_disabled'],
  // Duels (the contract's `x-range-message` texts, routes/duels/messages.ts).
  ['Value must be between 1 and 60 seconds', 'view_time_out_of_range'],
  ['Value must be between 5 and 300 seconds', 'answer_time_out_of_range'],
  ['Value must be between 1 and 100 words (or numbers)', 'item_limit_out_of_range'],
  ['The desk does not have that many cards.', 'question_count_above_cards'],
  ['You can only duel your friends.', 'opponent_not_friend'],
  // Invitations (domain/schools/invitations.ts INVITATION_MESSAGES): why a code cannot be used.
  ['Invalid or expired invitation link', 'invitation_invalid'],
  ['This invitation has already been used.', 'invitation_used'],
  ['This invitation has expired.', 'invitation_expired'],
  ['You cannot use your own invitation.', 'own_invitation'],
  ['This invitation is for another email address.', 'invitation_other_email'],
  // Schools (domain/schools/schools.ts).
  ['Enter a web address starting with http:// or https://.', 'invalid_website'],
  // Workload (routes/space-repetition/messages.ts).
  ['The exam date is in the past.', 'exam_date_in_past'],
  // Live quizzes (routes/schools/messages.ts).
  [
    'This deck needs at least 2 cards with different text answers for a quiz.',
    'live_quiz_too_few_cards',
  ],
];

/** The key of one field message; `invalid` for a text no entry matches. */
export function fieldErrorCode(message: string): FieldErrorCode {
  for (const [match, code] of FIELD_MESSAGE_KEYS) {
    if (typeof match === 'string' ? match === message : match.test(message)) return code;
  }
  return 'invalid';
}

/** `fields` with each message replaced by its key (what `Error.field_codes` carries). */
export function fieldErrorCodes(
  fields: Record<string, string[]>,
): Record<string, FieldErrorCode[]> {
  return Object.fromEntries(
    Object.entries(fields).map(([field, list]) => [field, list.map(fieldErrorCode)]),
  );
}
