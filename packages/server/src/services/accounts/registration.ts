/**
 * Registration input, shared by `registerUser` and registering through an invitation: the checks
 * in the order of product-spec §5, and the answer to an address or username taken meanwhile.
 */
import type { Schemas } from '../../contract/types.ts';
import type { Db } from '../../db/client.ts';
import { isKnownTimezone } from '../../db/queries/timezones.ts';
import { emailTaken, usernameTaken } from '../../db/queries/users.ts';
import { uniqueViolation } from '../../db/unique-violation.ts';
import {
  isValidEmail,
  MESSAGES,
  normalizeUsername,
  PASSWORD_MIN_LENGTH,
  usernameProblem,
} from '../../domain/accounts/users.ts';
import { type ApiError, type FieldErrors, validationError } from '../../http/errors.ts';

export class Fields {
  readonly errors: FieldErrors = {};
  add(field: string, message: string) {
    const list = this.errors[field] ?? [];
    list.push(message);
    this.errors[field] = list;
  }
  has(field: string) {
    return field in this.errors;
  }
  get any() {
    return Object.keys(this.errors).length > 0;
  }
}

export interface Registration {
  email: string;
  username: string;
  password: string;
  firstName: string;
  lastName: string;
  timezone: string;
}

/** The cleaned registration, or a 400 naming every failing field. */
export async function validRegistration(
  db: Db,
  body: Schemas['RegisterRequest'],
): Promise<Registration> {
  const email = body.email.trim();
  const username = normalizeUsername(body.username);
  const { password, password2 } = body;
  const fields = new Fields();
  // In the order of product-spec §5: required, matching passwords, length.
  const required = { email, username, password, password2 };
  for (const [field, value] of Object.entries(required)) {
    if (value.trim() === '') fields.add(field, MESSAGES.required);
  }
  const missing = fields.any;
  if (email && !isValidEmail(email)) fields.add('email', MESSAGES.invalidEmail);
  const badUsername = usernameProblem(username);
  if (badUsername) fields.add('username', badUsername);
  if (password && password2 && password !== password2) {
    fields.add('password2', MESSAGES.passwordsDoNotMatch);
  }
  if (password.trim() && password.length < PASSWORD_MIN_LENGTH) {
    fields.add('password', MESSAGES.passwordTooShort);
  }
  const timezone = body.timezone?.trim() || 'UTC';
  if (!(await isKnownTimezone(db, timezone))) fields.add('timezone', MESSAGES.invalidTimezone);
  if (!fields.has('email') && (await emailTaken(db, email))) {
    fields.add('email', MESSAGES.emailTaken);
  }
  if (!fields.has('username') && (await usernameTaken(db, username))) {
    fields.add('username', MESSAGES.usernameTaken);
  }
  if (fields.any) {
    // The message a form shows on top, in the order of product-spec §5.
    const detail = missing
      ? MESSAGES.allFieldsRequired
      : fields.has('password2')
        ? MESSAGES.passwordsDoNotMatch
        : fields.has('password')
          ? MESSAGES.passwordTooShort
          : Object.values(fields.errors)[0]?.[0];
    throw validationError(fields.errors, detail);
  }
  return {
    email,
    username,
    password,
    firstName: body.first_name?.trim() ?? '',
    lastName: body.last_name?.trim() ?? '',
    timezone,
  };
}

/**
 * The 400 for an insert that lost a race on the unique email or username index (another request
 * registered it meanwhile), and the field it names; null for any other error.
 */
export function takenAccount(
  error: unknown,
): { field: 'email' | 'username'; error: ApiError } | null {
  const constraint = uniqueViolation(error);
  const field = constraint?.includes('email')
    ? 'email'
    : constraint?.includes('username')
      ? 'username'
      : null;
  if (!field) return null;
  const message = field === 'email' ? MESSAGES.emailTaken : MESSAGES.usernameTaken;
  return { field, error: validationError({ [field]: [message] }, message) };
}
