import {
  INVITATION_APPLIED_REDIRECT_MS,
  invalidateAndRefetch,
  navigateTo,
  queryKeys,
  type Schemas,
  useAccountInfo,
  useInvitationVerification,
  useSignedIn,
} from '@memoria/api';
import { AlertIcon, Button, EmptyState, Spinner, Tabs } from '@memoria/ui';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { useEffect, useRef, useState } from 'react';
import { FormattedDate, FormattedMessage, useIntl } from 'react-intl';
import {
  type ErrorCodeMessages,
  errorMessage,
  FIELD_ERROR_MESSAGES,
  fieldMessages,
} from '../shared/errors.ts';
import * as s from './auth.css.ts';
import { InvitationRegistration } from './InvitationRegistration.tsx';
import type { AuthMessageId } from './messages.ts';
import { applyInvitationCode } from './pendingInvitation.ts';

type Verification = Schemas['InvitationVerification'];

/** A check that failed for a reason about the code itself says the spec's invalid message. */
const CHECK_ERRORS: ErrorCodeMessages = {
  not_found: 'invitation.invalid.message',
  not_implemented: 'invitation.invalid.message',
  validation_error: 'invitation.invalid.message',
};

const planMessage = (plan: Schemas['AccountType']): AuthMessageId => `invitation.plan.${plan}`;

export function InvitationLoading() {
  return (
    <div className={s.card}>
      <div className={s.center}>
        <Spinner size="lg" label={useIntl().formatMessage({ id: 'invitation.loading' })} />
        <p className={s.muted}>
          <FormattedMessage id="invitation.loading" />
        </p>
      </div>
    </div>
  );
}

/**
 * Invalid or expired code, an unknown one, or a check that failed. `reason` is the translated
 * message (default: the spec's "Invalid or expired invitation link"); `onRetry` adds Retry for a
 * check that failed rather than a code found invalid.
 */
export function InvalidInvitation({
  reason,
  onRetry,
}: {
  reason?: string | undefined;
  onRetry?: (() => void) | undefined;
}) {
  return (
    <div className={s.card}>
      <EmptyState
        icon={<AlertIcon size={28} />}
        headingLevel={2}
        title={<FormattedMessage id="invitation.invalid.title" />}
        description={
          <>
            {reason ?? <FormattedMessage id="invitation.invalid.message" />}
            <br />
            <FormattedMessage id="invitation.invalid.contact" />
          </>
        }
        action={
          <div className={s.actions}>
            {onRetry ? (
              <Button onClick={onRetry} variant="secondary">
                <FormattedMessage id="invitation.retry" />
              </Button>
            ) : null}
            <Button href="/login">
              <FormattedMessage id="invitation.goToLogin" />
            </Button>
            <Button href="/" variant="text">
              <FormattedMessage id="invitation.goHome" />
            </Button>
          </div>
        }
      />
    </div>
  );
}

function PlanDetails({ invitation }: { invitation: Verification }) {
  return (
    <dl className={s.details}>
      {invitation.plan_type ? (
        <>
          <dt className={s.term}>
            <FormattedMessage id="invitation.valid.plan" />
          </dt>
          <dd className={s.definition}>
            <FormattedMessage id={planMessage(invitation.plan_type)} />
          </dd>
        </>
      ) : null}
      {invitation.invitation_type ? (
        <>
          <dt className={s.term}>
            <FormattedMessage id="invitation.valid.type" />
          </dt>
          <dd className={s.definition}>
            <FormattedMessage id={`invitation.type.${invitation.invitation_type}`} />
          </dd>
        </>
      ) : null}
      {invitation.invited_by ? (
        <>
          <dt className={s.term}>
            <FormattedMessage id="invitation.valid.invitedBy" />
          </dt>
          <dd className={s.definition}>{invitation.invited_by}</dd>
        </>
      ) : null}
      <dt className={s.term}>
        <FormattedMessage id="invitation.valid.expires" />
      </dt>
      <dd className={s.definition}>
        {invitation.expires_at ? (
          <FormattedDate value={invitation.expires_at} dateStyle="long" timeStyle="short" />
        ) : (
          <FormattedMessage id="invitation.valid.noExpiry" />
        )}
      </dd>
    </dl>
  );
}

function SignedOutActions({
  code,
  invitation,
  registering,
  setRegistering,
}: {
  code: string;
  invitation: Verification;
  registering: boolean;
  setRegistering: (on: boolean) => void;
}) {
  const intl = useIntl();
  const start = useRef<HTMLButtonElement>(null);
  const refocus = useRef(false);
  useEffect(() => {
    if (!registering && refocus.current) start.current?.focus();
  }, [registering]);
  return (
    <Tabs
      aria-label={intl.formatMessage({ id: 'invitation.tabs' })}
      fullWidth
      tabs={[
        {
          id: 'login',
          label: intl.formatMessage({ id: 'invitation.tab.login' }),
          content: (
            <div className={s.tabPanel}>
              <p className={s.muted}>
                <FormattedMessage id="invitation.login.description" />
              </p>
              <Button href={`/login/${encodeURIComponent(code)}`} fullWidth>
                <FormattedMessage id="invitation.login.button" />
              </Button>
            </div>
          ),
        },
        {
          id: 'register',
          label: intl.formatMessage({ id: 'invitation.tab.register' }),
          content: registering ? (
            <InvitationRegistration
              code={code}
              invitation={invitation}
              onCancel={() => {
                refocus.current = true;
                setRegistering(false);
              }}
            />
          ) : (
            <div className={s.tabPanel}>
              <p className={s.muted}>
                <FormattedMessage id="invitation.register.description" />
              </p>
              <Button ref={start} onClick={() => setRegistering(true)} fullWidth>
                <FormattedMessage id="invitation.register.button" />
              </Button>
            </div>
          ),
        },
      ]}
    />
  );
}

function SignedInActions({ code, invitation }: { code: string; invitation: Verification }) {
  const intl = useIntl();
  const client = useQueryClient();
  const account = useAccountInfo();
  const apply = useMutation({
    mutationFn: () => applyInvitationCode(code),
    onSuccess: () => invalidateAndRefetch(client, queryKeys.auth.all),
    onError: (error) => console.error('[invitation] apply failed:', error),
  });

  useEffect(() => {
    if (!apply.isSuccess) return;
    const timer = setTimeout(() => navigateTo('/'), INVITATION_APPLIED_REDIRECT_MS);
    return () => clearTimeout(timer);
  }, [apply.isSuccess]);

  const alreadyOnPlan =
    invitation.plan_type !== null && account.data?.account_type === invitation.plan_type;

  return (
    <>
      {alreadyOnPlan && invitation.plan_type ? (
        <p className={s.notice} role="status">
          <FormattedMessage
            id="invitation.alreadyOnPlan"
            values={{ plan: <FormattedMessage id={planMessage(invitation.plan_type)} /> }}
          />
        </p>
      ) : null}
      {apply.isSuccess ? (
        <p className={s.success} role="status">
          <FormattedMessage id="invitation.applied" />
        </p>
      ) : null}
      {apply.isError ? (
        <p className={s.alert} role="alert">
          {Object.values(fieldMessages(intl, apply.error))[0] ??
            intl.formatMessage({ id: 'invitation.applyFailed' })}
        </p>
      ) : null}
      <div className={s.actions}>
        {alreadyOnPlan || apply.isSuccess ? null : (
          <Button
            onClick={() => apply.mutate()}
            loading={apply.isPending}
            disabled={account.isPending}
          >
            <FormattedMessage id="invitation.apply" />
          </Button>
        )}
        <Button href="/" variant={alreadyOnPlan ? 'primary' : 'secondary'}>
          <FormattedMessage id="invitation.goToDashboard" />
        </Button>
      </div>
    </>
  );
}

export function ValidInvitation({ code, invitation }: { code: string; invitation: Verification }) {
  const signedIn = useSignedIn();
  // Registering signs the visitor in before the welcome shows: the steps stay until `/`.
  const [registering, setRegistering] = useState(false);
  return (
    <div className={s.card}>
      <h1 className={s.title}>
        <FormattedMessage id="invitation.valid.title" />
      </h1>
      <p className={s.subtitle}>
        <FormattedMessage id="invitation.valid.subtitle" />
      </p>
      <PlanDetails invitation={invitation} />
      {signedIn && !registering ? (
        <SignedInActions code={code} invitation={invitation} />
      ) : (
        <SignedOutActions
          code={code}
          invitation={invitation}
          registering={registering}
          setRegistering={setRegistering}
        />
      )}
    </div>
  );
}

/**
 * `/invitation/{code}`, mounted by `InvitationIsland`: checks an invitation code and lets the
 * visitor accept it.
 *
 * **Use it** only for the invitation link's page, `/invitation/{code}`. **Don't use it** to sign in
 * or register without an invitation (`LoginForm`, `RegisterForm`) or for managing invitations
 * (`InvitationSections` on `/profile`).
 *
 * **API calls and states.**
 * - `GET /auth/verify-invitation/{code}/` (cached 10 minutes, never retried). Pending: a spinner
 *   (`Loading`). A code found unknown, used or expired shows the invalid view with the reason
 *   translated from `error_code` (`Invalid`, `Used`, `Expired`). A check that failed shows the
 *   invalid view with its reason and Retry: too many tries (`429`, `RateLimited`), no connection,
 *   `501` (`NotImplemented`). A valid code shows who invites and the plan it grants.
 * - Signed out (`ValidSignedOut`): the Login tab links to `/login/{code}` (log in, then the code is
 *   applied); the Register tab's Register to accept opens `InvitationRegistration`, the
 *   registration in steps (its own stories).
 * - Signed in: Apply Invitation (`ValidSignedIn`), or a notice when the account already has that
 *   plan (`AlreadyOnPlan`, from `GET /auth/users/account_info/`). Apply sends
 *   `POST /auth/enterprise-invitation/{code}/apply/`, then the teacher path when the enterprise one
 *   fails; success says so and goes to `/` after 2 s; a refusal says why, translated from
 *   `field_codes.code` (`ApplyRefused`); any other failure says the spec's "Error applying
 *   invitation. Please try again." with Apply still there to retry.
 *
 * **Accessibility.** The loading spinner is announced as a status ("Checking your invitation…");
 * the invalid view is a level 2 heading with its reason; a valid one is the page's `h1` with the
 * Login and Register tabs (WAI-ARIA tabs: one tab stop, Left and Right switch). The apply result is
 * `role="status"`, a refusal or failure `role="alert"`, so both are announced. Cancel in the
 * registration steps returns the focus to Register to accept.
 */
export function InvitationPage({
  code,
}: {
  /** The invitation code from the address (`/invitation/{code}`). */
  code: string;
}) {
  const intl = useIntl();
  const verification = useInvitationVerification(code);
  if (verification.isPending) return <InvitationLoading />;
  if (verification.isError) {
    const reason = errorMessage(intl, verification.error, {
      overrides: CHECK_ERRORS,
      fallbackId: 'invitation.invalid.message',
    });
    return <InvalidInvitation reason={reason} onRetry={() => void verification.refetch()} />;
  }
  const { error_code: why } = verification.data;
  if (!verification.data.valid) {
    const reason = why ? intl.formatMessage({ id: FIELD_ERROR_MESSAGES[why] }) : undefined;
    return <InvalidInvitation reason={reason} />;
  }
  return <ValidInvitation code={code} invitation={verification.data} />;
}
