import { navigateTo, useHydrated, useLogin, useRegister } from '@memoria/api';
import { Button, TextField } from '@memoria/ui';
import { type FormEvent, useEffect, useRef, useState } from 'react';
import { FormattedMessage, useIntl } from 'react-intl';
import { formErrors } from '../shared/errors.ts';
import { AuthCard } from './AuthCard.tsx';
import * as s from './auth.css.ts';
import { FormAlert, type FormError, readFields } from './LoginForm.tsx';
import { applyPendingInvitation, storePendingInvitation } from './pendingInvitation.ts';
import { validateRegister } from './validation.ts';

export interface RegisterFormProps {
  /** From `/register/{code}`: stored as the pending invitation, applied after registering. */
  invitationCode?: string | undefined;
  /** After registering and the automatic login; default: go to `/`. */
  onSuccess?: () => void;
  /** Inside a dialog: no card, no heading, no link to the other screen. */
  embedded?: boolean;
  /** Where "Log in" links to (keeps the invitation code). */
  loginHref?: string;
}

/** The browser's IANA time zone, sent with a registration (the server defaults to UTC). */
export function timeZone(): string | undefined {
  try {
    return Intl.DateTimeFormat().resolvedOptions().timeZone || undefined;
  } catch {
    return undefined;
  }
}

/**
 * The registration form of `/register` and `/register/{code}`, mounted by `RegisterIsland`; also
 * the Register tab of the `AuthDialog`.
 *
 * **Use it** wherever a signed-out visitor creates an account (`/register`, the dialog's Register
 * tab). **Don't use it** with an invitation whose page offers registration
 * (`InvitationRegistration`, in steps) or to sign in (`LoginForm`, linked under it).
 *
 * **API calls and states.**
 * - `POST /auth/users/` creates the account. `400` with `field_codes`: each message under its field
 *   (a taken email, a short password); other failures: the banner (`ServerError`). Mismatched or
 *   short passwords and empty fields are caught before the call (`PasswordsDoNotMatch`,
 *   `PasswordTooShort`, `AllFieldsRequired`).
 * - Then `POST /auth/token/` signs in automatically, the pending invitation (if any) is applied,
 *   and the page goes to `/`; if that login fails, to `/login`.
 *
 * **Accessibility.** A native form: Enter in a field submits it. The fields have real labels and
 * their errors are linked to them (`aria-describedby`, `aria-invalid`); the banner is
 * `role="alert"`, so a failure is announced without moving the focus. Each password field has a
 * show/hide toggle. Submit is disabled until the island has hydrated, then busy (`aria-busy`) while
 * the account is created.
 */
export function RegisterForm({
  invitationCode,
  onSuccess,
  embedded,
  loginHref,
}: RegisterFormProps) {
  const intl = useIntl();
  const register = useRegister();
  const login = useLogin();
  const [values, setValues] = useState({ email: '', username: '', password: '', password2: '' });
  const [error, setError] = useState<FormError>(null);
  const [fields, setFields] = useState<Record<string, string>>({});
  const [done, setDone] = useState(false);
  const hydrated = useHydrated();

  const formRef = useRef<HTMLFormElement>(null);

  useEffect(() => {
    if (invitationCode) storePendingInvitation(invitationCode);
  }, [invitationCode]);

  // Keep what was typed (or autofilled) before the island hydrated.
  useEffect(() => {
    const initial = readFields(formRef.current, ['email', 'username', 'password', 'password2']);
    if (Object.keys(initial).length > 0) setValues((current) => ({ ...current, ...initial }));
  }, []);

  const set = (name: keyof typeof values) => (event: { target: { value: string } }) =>
    setValues((current) => ({ ...current, [name]: event.target.value }));

  const onSubmit = async (event: FormEvent<HTMLFormElement>) => {
    event.preventDefault();
    setFields({});
    const invalid = validateRegister(values);
    if (invalid) {
      setError({ id: invalid });
      return;
    }
    setError(null);
    const email = values.email.trim();
    try {
      await register.mutateAsync({
        email,
        username: values.username.trim(),
        password: values.password,
        password2: values.password2,
        timezone: timeZone(),
      });
    } catch (failure) {
      const shown = formErrors(
        intl,
        failure,
        ['email', 'username', 'password', 'password2'],
        'auth.register.failed',
      );
      setError({ id: 'auth.register.failed', text: shown.banner });
      setFields(shown.fields);
      return;
    }
    setDone(true);
    try {
      await login.mutateAsync({ email, password: values.password });
    } catch (failure) {
      console.error('[auth] automatic login after registering failed:', failure);
      navigateTo('/login');
      return;
    }
    await applyPendingInvitation();
    (onSuccess ?? (() => navigateTo('/')))();
  };

  const form = (
    <form ref={formRef} className={s.form} method="post" onSubmit={onSubmit} noValidate>
      {invitationCode ? (
        <p className={s.notice}>
          <FormattedMessage id="auth.register.invitationNotice" />
        </p>
      ) : null}
      <FormAlert error={error} />
      <TextField
        label={intl.formatMessage({ id: 'auth.register.email' })}
        type="email"
        name="email"
        autoComplete="email"
        inputMode="email"
        value={values.email}
        onChange={set('email')}
        error={fields.email}
      />
      <TextField
        label={intl.formatMessage({ id: 'auth.register.username' })}
        name="username"
        autoComplete="username"
        value={values.username}
        onChange={set('username')}
        error={fields.username}
      />
      <TextField
        label={intl.formatMessage({ id: 'auth.register.password' })}
        type="password"
        name="password"
        autoComplete="new-password"
        helperText={intl.formatMessage({ id: 'auth.register.passwordHint' })}
        value={values.password}
        onChange={set('password')}
        error={fields.password}
      />
      <TextField
        label={intl.formatMessage({ id: 'auth.register.confirmPassword' })}
        type="password"
        name="password2"
        autoComplete="new-password"
        value={values.password2}
        onChange={set('password2')}
        error={fields.password2}
      />
      <Button
        type="submit"
        fullWidth
        disabled={!hydrated}
        loading={register.isPending || login.isPending || done}
      >
        <FormattedMessage id="auth.register.submit" />
      </Button>
    </form>
  );

  if (embedded) return form;
  return (
    <AuthCard
      titleId="auth.register.title"
      subtitleId="auth.register.subtitle"
      switchTextId="auth.register.haveAccount"
      switchLinkId="auth.register.loginLink"
      switchHref={loginHref ?? '/login'}
    >
      {form}
    </AuthCard>
  );
}
