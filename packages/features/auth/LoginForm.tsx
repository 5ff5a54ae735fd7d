import {
  isApiRequestError,
  navigateTo,
  useHydrated,
  useLogin,
  useRequestLoginLink,
} from '@memoria/api';
import { Button, TextField } from '@memoria/ui';
import { useEffect, useState } from 'react';
import { FormattedMessage, useIntl } from 'react-intl';
import { useApiForm } from '../shared/useApiForm.ts';
import { AuthCard } from './AuthCard.tsx';
import * as s from './auth.css.ts';
import { FormAlert } from './FormAlert.tsx';
import { applyPendingInvitation, storePendingInvitation } from './pendingInvitation.ts';
import { validateLogin } from './validation.ts';

export interface LoginFormProps {
  /** From `/login/{code}`: stored as the pending invitation, applied after login. */
  invitationCode?: string | undefined;
  /** After login (and the pending invitation); default: go to `/`. */
  onSuccess?: () => void;
  /** Inside a dialog: no card, no heading, no link to the other screen. */
  embedded?: boolean;
  /** Where "Register" links to (keeps the invitation code). */
  registerHref?: string;
}

/**
 * The login form of `/login` and `/login/{code}`, mounted by `LoginIsland`; also the Login tab of
 * the `AuthDialog`.
 *
 * **Use it** wherever a signed-out learner must sign in. **Don't use it** for registering (use
 * `RegisterForm`, linked under it).
 *
 * **API calls and states.**
 * - `POST /auth/token/` with email and password. Success: the session is stored and the page goes
 *   on (to `/`, or applies the pending invitation). `400` with `field_codes`: each message under
 *   its field; `invalid_credentials` or any other failure: the message in the banner above the form
 *   (`ServerError`). Empty fields are stopped before the call (`AllFieldsRequired`).
 * - `429` with `sign_in_link` (the account's shared failure budget is spent, not this browser's):
 *   the banner offers "Email me a sign-in link", which calls `POST /auth/login-link/` and then
 *   says a link is on its way, whether or not the email has an account (`LinkOffered`).
 *
 * **Accessibility.** A native form: Enter in either field submits it. The fields have real labels
 * and their errors are linked to them (`aria-describedby`, `aria-invalid`); the banner is
 * `role="alert"`, so a failure is announced without moving the focus. The password field's
 * show/hide button is a toggle. Submit is disabled until the island has hydrated, then busy
 * (`aria-busy`) while signing in.
 */
export function LoginForm({ invitationCode, onSuccess, embedded, registerHref }: LoginFormProps) {
  const intl = useIntl();
  const login = useLogin();
  /** Signed in: the button stays busy while the page goes on. */
  const [done, setDone] = useState(false);
  /** The account is throttled: a sign-in link by email is offered, then sent. */
  const [link, setLink] = useState<'offered' | 'sent' | null>(null);
  const requestLink = useRequestLoginLink();
  const hydrated = useHydrated();
  const form = useApiForm({
    initial: { email: '', password: '' },
    fields: ['email', 'password'],
    failedId: 'auth.login.failed',
    keepTypedBeforeHydration: true,
    validate: (values) => {
      const invalid = validateLogin(values);
      return invalid ? { bannerId: invalid } : null;
    },
    submit: (values) => {
      setLink(null);
      return login.mutateAsync({ email: values.email.trim(), password: values.password });
    },
    onFailure: (failure) => {
      if (!(isApiRequestError(failure) && failure.body.sign_in_link)) return false;
      form.showBanner('auth.login.linkOffer');
      setLink('offered');
      return true;
    },
    onSuccess: async () => {
      setDone(true);
      await applyPendingInvitation();
      (onSuccess ?? (() => navigateTo('/')))();
    },
  });

  useEffect(() => {
    if (invitationCode) storePendingInvitation(invitationCode);
  }, [invitationCode]);

  const sendLink = async () => {
    try {
      await requestLink.mutateAsync({
        email: form.values.email.trim(),
        locale: intl.locale.startsWith('es') ? 'es' : 'en',
      });
    } catch (failure) {
      form.showFailure(failure, 'auth.login.linkFailed', []);
      return;
    }
    form.showBanner(null);
    setLink('sent');
  };

  const content = (
    <form ref={form.ref} className={s.form} method="post" onSubmit={form.onSubmit} noValidate>
      {invitationCode ? (
        <p className={s.notice}>
          <FormattedMessage id="auth.login.invitationNotice" />
        </p>
      ) : null}
      <FormAlert text={form.banner} />
      {link === 'offered' ? (
        <Button
          type="button"
          variant="secondary"
          fullWidth
          onClick={sendLink}
          loading={requestLink.isPending}
        >
          <FormattedMessage id="auth.login.linkButton" />
        </Button>
      ) : null}
      {link === 'sent' ? (
        <p role="status" className={s.success}>
          <FormattedMessage id="auth.login.linkSent" />
        </p>
      ) : null}
      <TextField
        label={intl.formatMessage({ id: 'auth.login.email' })}
        type="email"
        autoComplete="email"
        inputMode="email"
        {...form.bind('email')}
      />
      <TextField
        label={intl.formatMessage({ id: 'auth.login.password' })}
        type="password"
        autoComplete="current-password"
        {...form.bind('password')}
      />
      <Button type="submit" fullWidth disabled={!hydrated} loading={form.pending || done}>
        <FormattedMessage id="auth.login.submit" />
      </Button>
    </form>
  );

  if (embedded) return content;
  return (
    <AuthCard
      titleId="auth.login.title"
      subtitleId="auth.login.subtitle"
      switchTextId="auth.login.noAccount"
      switchLinkId="auth.login.registerLink"
      switchHref={registerHref ?? '/register'}
    >
      {content}
    </AuthCard>
  );
}
