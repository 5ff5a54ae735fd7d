/** Client-side checks of the auth forms, in the order of product-spec §5. */
import type { AuthMessageId } from './messages.ts';

/** Password minimum length (§9). */
export const PASSWORD_MIN_LENGTH = 8;

export type LoginValues = { email: string; password: string };
export type RegisterValues = {
  email: string;
  username: string;
  password: string;
  password2: string;
};

/** Login: email and password are required. */
export function validateLogin({ email, password }: LoginValues): AuthMessageId | null {
  if (!email.trim() || !password) return 'auth.login.allFieldsRequired';
  return null;
}

/** Register: all four fields, then matching passwords, then at least 8 characters. */
export function validateRegister(values: RegisterValues): AuthMessageId | null {
  return validateAccount(values) ?? validatePassword(values);
}

/** The account step of a registration: email and username are required. */
export function validateAccount({
  email,
  username,
}: Pick<RegisterValues, 'email' | 'username'>): AuthMessageId | null {
  return !email.trim() || !username.trim() ? 'auth.register.allFieldsRequired' : null;
}

/** The password step: both fields, then matching, then at least 8 characters (§5's order). */
export function validatePassword({
  password,
  password2,
}: Pick<RegisterValues, 'password' | 'password2'>): AuthMessageId | null {
  if (!password || !password2) return 'auth.register.allFieldsRequired';
  if (password !== password2) return 'auth.register.passwordsDoNotMatch';
  if (password.length < PASSWORD_MIN_LENGTH) return 'auth.register.passwordTooShort';
  return null;
}

/** The name step of a registration through an invitation: first and last name are required. */
export function validateName({
  firstName,
  lastName,
}: {
  firstName: string;
  lastName: string;
}): AuthMessageId | null {
  return !firstName.trim() || !lastName.trim() ? 'auth.register.allFieldsRequired' : null;
}
