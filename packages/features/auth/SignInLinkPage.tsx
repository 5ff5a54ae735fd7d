import { isApiRequestError, navigateTo, useConsumeLoginLink } from '@memoria/api';
import { AlertIcon, Button, EmptyState, Spinner } from '@memoria/ui';
import { useEffect, useRef, useState } from 'react';
import { FormattedMessage, useIntl } from 'react-intl';
import * as s from './auth.css.ts';
import { applyPendingInvitation } from './pendingInvitation.ts';

/** The token of `/sign-in-link#token=…` (kept in the fragment: never sent to a server). */
export function tokenFromHash(hash: string): string | null {
  const token = new URLSearchParams(hash.replace(/^#/, '')).get('token');
  return token && /^[\w-]{1,128}$/.test(token) ? token : null;
}

type State = 'signingIn' | 'invalid' | 'failed';

export interface SignInLinkPageProps {
  /** The link's token; by default read from the address's fragment (`#token=…`) on mount. */
  token?: string | undefined;
}

/**
 * The page of `/sign-in-link#token=…`, mounted by `SignInLinkIsland`: signs in with the one-time
 * link emailed from the login form's offer (a throttled account), then goes on as a login does.
 *
 * **Use it** only on the page the emailed link opens. **Don't use it** for signing in with a
 * password (use `LoginForm`).
 *
 * **API calls and states.** `POST /auth/login-link/consume/` with the token, once, on mount
 * (`SigningIn`). Success: the session is stored, the pending invitation applied, then `/`.
 * `401 token_invalid` (unknown, used or expired) or no token: `Invalid`, with a way back to the
 * login form. Any other failure (connection, server): `Failed`, with Retry. The token is removed
 * from the address bar first, so it is not left in the history.
 *
 * **Accessibility.** The spinner is announced as a status ("Signing you in…"); the outcome is a
 * heading with its explanation and real links and buttons.
 */
export function SignInLinkPage({ token: given }: SignInLinkPageProps) {
  const intl = useIntl();
  const consume = useConsumeLoginLink();
  const [state, setState] = useState<State>('signingIn');
  const token = useRef<string | null | undefined>(given);
  const started = useRef(false);

  const run = async () => {
    setState('signingIn');
    const value = token.current;
    if (!value) {
      setState('invalid');
      return;
    }
    try {
      await consume.mutateAsync({ token: value });
    } catch (failure) {
      const unusable =
        isApiRequestError(failure) && (failure.status === 401 || failure.status === 400);
      setState(unusable ? 'invalid' : 'failed');
      return;
    }
    await applyPendingInvitation();
    navigateTo('/');
  };

  // biome-ignore lint/correctness/useExhaustiveDependencies: runs once, on mount
  useEffect(() => {
    if (started.current) return;
    started.current = true;
    if (token.current === undefined) {
      token.current = tokenFromHash(window.location.hash);
      if (window.location.hash) {
        window.history.replaceState(null, '', window.location.pathname + window.location.search);
      }
    }
    void run();
  }, []);

  if (state === 'signingIn') {
    return (
      <div className={s.card}>
        <div className={s.center}>
          <Spinner size="lg" label={intl.formatMessage({ id: 'auth.link.signingIn' })} />
          <p className={s.muted}>
            <FormattedMessage id="auth.link.signingIn" />
          </p>
        </div>
      </div>
    );
  }
  return (
    <div className={s.card}>
      <EmptyState
        icon={<AlertIcon size={28} />}
        headingLevel={2}
        title={<FormattedMessage id="auth.link.title" />}
        description={
          <FormattedMessage id={state === 'invalid' ? 'auth.link.invalid' : 'auth.link.failed'} />
        }
        action={
          <div className={s.actions}>
            {state === 'failed' ? (
              <Button onClick={() => void run()} variant="secondary">
                <FormattedMessage id="auth.link.retry" />
              </Button>
            ) : null}
            <Button href="/login">
              <FormattedMessage id="auth.link.goToLogin" />
            </Button>
          </div>
        }
      />
    </div>
  );
}
