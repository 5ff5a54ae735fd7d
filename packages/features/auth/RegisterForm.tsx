import { navigateTo, useHydrated, useLogin, useRegister } from '@memoria/api';
import { Button } from '@memoria/ui';
import { useEffect, useState } from 'react';
import { FormattedMessage } from 'react-intl';
import { useApiForm } from '../shared/useApiForm.ts';
import { AuthCard } from './AuthCard.tsx';
import * as s from './auth.css.ts';
import { FormAlert } from './FormAlert.tsx';
import { applyPendingInvitation, storePendingInvitation } from './pendingInvitation.ts';
import { AccountFields, PasswordFields } from './RegistrationFields.tsx';
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
  const register = useRegister();
  const login = useLogin();
  /** Registered: the button stays busy while the page signs in and goes on. */
  const [done, setDone] = useState(false);
  const hydrated = useHydrated();
  const form = useApiForm({
    initial: { email: '', username: '', password: '', password2: '' },
    fields: ['email', 'username', 'password', 'password2'],
    failedId: 'auth.register.failed',
    keepTypedBeforeHydration: true,
    validate: (values) => {
      const invalid = validateRegister(values);
      return invalid ? { bannerId: invalid } : null;
    },
    submit: (values) =>
      register.mutateAsync({
        email: values.email.trim(),
        username: values.username.trim(),
        password: values.password,
        password2: values.password2,
        timezone: timeZone(),
      }),
    onSuccess: async (_account, values) => {
      setDone(true);
      try {
        await login.mutateAsync({ email: values.email.trim(), password: values.password });
      } catch (failure) {
        console.error('[auth] automatic login after registering failed:', failure);
        navigateTo('/login');
        return;
      }
      await applyPendingInvitation();
      (onSuccess ?? (() => navigateTo('/')))();
    },
  });

  useEffect(() => {
    if (invitationCode) storePendingInvitation(invitationCode);
  }, [invitationCode]);

  const content = (
    <form ref={form.ref} className={s.form} method="post" onSubmit={form.onSubmit} noValidate>
      {invitationCode ? (
        <p className={s.notice}>
          <FormattedMessage id="auth.register.invitationNotice" />
        </p>
      ) : null}
      <FormAlert text={form.banner} />
      <AccountFields email={form.bind('email')} username={form.bind('username')} />
      <PasswordFields password={form.bind('password')} password2={form.bind('password2')} />
      <Button type="submit" fullWidth disabled={!hydrated} loading={form.pending || done}>
        <FormattedMessage id="auth.register.submit" />
      </Button>
    </form>
  );

  if (embedded) return content;
  return (
    <AuthCard
      titleId="auth.register.title"
      subtitleId="auth.register.subtitle"
      switchTextId="auth.register.haveAccount"
      switchLinkId="auth.register.loginLink"
      switchHref={loginHref ?? '/login'}
    >
      {content}
    </AuthCard>
  );
}
