import {
  isApiRequestError,
  navigateTo,
  useHydrated,
  useLogin,
  useRequestLoginLink,
} from '@memoria/api';
import { Button, TextField } from '@memoria/ui';
import { type FormEvent, useEffect, useRef, useState } from 'react';
import { FormattedMessage, useIntl } from 'react-intl';
import { formErrors } from '../shared/errors.ts';
import { AuthCard } from './AuthCard.tsx';
import * as s from './auth.css.ts';
import type { AuthMessageId } from './messages.ts';
import { applyPendingInvitation, storePendingInvitation } from './pendingInvitation.ts';
import { validateLogin } from './validation.ts';

export type FormError = { id: AuthMessageId; text?: string | undefined } | null;

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

/** Current values of named inputs of `form` (what the browser holds before hydration). */
export function readFields<K extends string>(
  form: HTMLFormElement | null,
  names: readonly K[],
): Partial<Record<K, string>> {
  const out: Partial<Record<K, string>> = {};
  for (const name of names) {
    const input = form?.elements.namedItem(name);
    if (input instanceof HTMLInputElement && input.value) out[name] = input.value;
  }
  return out;
}

export function FormAlert({ error }: { error: FormError }) {
  if (!error) return null;
  return (
    <p role="alert" className={s.alert}>
      {error.text ?? <FormattedMessage id={error.id} />}
    </p>
  );
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
  const [email, setEmail] = useState('');
  const [password, setPassword] = useState('');
  const [error, setError] = useState<FormError>(null);
  const [fields, setFields] = useState<Record<string, string>>({});
  const [done, setDone] = useState(false);
  /** The account is throttled: a sign-in link by email is offered, then sent. */
  const [link, setLink] = useState<'offered' | 'sent' | null>(null);
  const requestLink = useRequestLoginLink();
  const hydrated = useHydrated();

  const formRef = useRef<HTMLFormElement>(null);

  useEffect(() => {
    if (invitationCode) storePendingInvitation(invitationCode);
  }, [invitationCode]);

  // Keep what was typed (or autofilled) before the island hydrated.
  useEffect(() => {
    const initial = readFields(formRef.current, ['email', 'password']);
    if (initial.email) setEmail(initial.email);
    if (initial.password) setPassword(initial.password);
  }, []);

  const onSubmit = async (event: FormEvent<HTMLFormElement>) => {
    event.preventDefault();
    setFields({});
    const invalid = validateLogin({ email, password });
    if (invalid) {
      setError({ id: invalid });
      return;
    }
    setError(null);
    setLink(null);
    try {
      await login.mutateAsync({ email: email.trim(), password });
    } catch (failure) {
      if (isApiRequestError(failure) && failure.body.sign_in_link) {
        setError({ id: 'auth.login.linkOffer' });
        setLink('offered');
        return;
      }
      const shown = formErrors(intl, failure, ['email', 'password'], 'auth.login.failed');
      setError({ id: 'auth.login.failed', text: shown.banner });
      setFields(shown.fields);
      return;
    }
    setDone(true);
    await applyPendingInvitation();
    (onSuccess ?? (() => navigateTo('/')))();
  };

  const sendLink = async () => {
    try {
      await requestLink.mutateAsync({
        email: email.trim(),
        locale: intl.locale.startsWith('es') ? 'es' : 'en',
      });
    } catch (failure) {
      const shown = formErrors(intl, failure, [], 'auth.login.linkFailed');
      setError({ id: 'auth.login.linkFailed', text: shown.banner });
      return;
    }
    setError(null);
    setLink('sent');
  };

  const form = (
    <form ref={formRef} className={s.form} method="post" onSubmit={onSubmit} noValidate>
      {invitationCode ? (
        <p className={s.notice}>
          <FormattedMessage id="auth.login.invitationNotice" />
        </p>
      ) : null}
      <FormAlert error={error} />
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
        name="email"
        autoComplete="email"
        inputMode="email"
        value={email}
        onChange={(event) => setEmail(event.target.value)}
        error={fields.email}
      />
      <TextField
        label={intl.formatMessage({ id: 'auth.login.password' })}
        type="password"
        name="password"
        autoComplete="current-password"
        value={password}
        onChange={(event) => setPassword(event.target.value)}
        error={fields.password}
      />
      <Button type="submit" fullWidth disabled={!hydrated} loading={login.isPending || done}>
        <FormattedMessage id="auth.login.submit" />
      </Button>
    </form>
  );

  if (embedded) return form;
  return (
    <AuthCard
      titleId="auth.login.title"
      subtitleId="auth.login.subtitle"
      switchTextId="auth.login.noAccount"
      switchLinkId="auth.login.registerLink"
      switchHref={registerHref ?? '/register'}
    >
      {form}
    </AuthCard>
  );
}
