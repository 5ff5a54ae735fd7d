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
export function validateRegister({
  email,
  username,
  password,
  password2,
}: RegisterValues): AuthMessageId | null {
  if (!email.trim() || !username.trim() || !password || !password2) {
    return 'auth.register.allFieldsRequired';
  }
  if (password !== password2) return 'auth.register.passwordsDoNotMatch';
  if (password.length < PASSWORD_MIN_LENGTH) return 'auth.register.passwordTooShort';
  return null;
}
