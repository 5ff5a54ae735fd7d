/** Rules about user fields that the contract's schemas cannot express. */
import { fullFormats } from 'ajv-formats/dist/formats.js';

/**
 * The contract's `format: email` (ajv-formats, as the contract's validator checks it), so that
 * every address the server accepts is one its answers may carry: the request schemas leave the
 * format out so the refusal is this rule's translated message. Deliverability is the mail's job.
 * It refuses what a looser rule let in and the answers then broke: letters outside ASCII
 * (`josé@…`), two dots in a row.
 */
const EMAIL = fullFormats.email as RegExp;

export const PASSWORD_MIN_LENGTH = 8;

export const MESSAGES = {
  required: 'This field is required.',
  allFieldsRequired: 'All fields are required',
  invalidEmail: 'Enter a valid email address.',
  emailTaken: 'A user with this email already exists.',
  usernameTaken: 'A user with this username already exists.',
  passwordsDoNotMatch: 'Passwords do not match',
  passwordTooShort: `Password must be at least ${PASSWORD_MIN_LENGTH} characters long`,
  invalidTimezone: 'Enter a valid IANA time zone, such as Europe/Madrid.',
  blank: 'This field may not be blank.',
} as const;

export function isValidEmail(email: string): boolean {
  return email.length <= 254 && EMAIL.test(email);
}

/** An IANA zone name the runtime knows (`UTC`, `America/Argentina/Buenos_Aires`). */
export function isValidTimezone(tz: string): boolean {
  if (!/^[A-Za-z_]+(\/[A-Za-z0-9_+-]+)*$/.test(tz)) return false;
  try {
    new Intl.DateTimeFormat('en-US', { timeZone: tz });
    return true;
  } catch {
    return false;
  }
}

/**
 * Control characters, and format characters: zero-width spaces and joiners, bidi controls and the
 * byte-order mark. They make two usernames look alike or reorder what is shown around them.
 */
const INVISIBLE = /[\p{Cc}\p{Cf}\u2028\u2029]/u;

export const USERNAME_MESSAGES = {
  invisible: 'Usernames may not contain invisible, direction or control characters.',
} as const;

/** The username as stored: NFC (one code point sequence per look) and trimmed. */
export function normalizeUsername(username: string): string {
  return username.normalize('NFC').trim();
}

/** Why a (normalised) username is refused, or null. */
export function usernameProblem(username: string): string | null {
  return INVISIBLE.test(username) ? USERNAME_MESSAGES.invisible : null;
}
