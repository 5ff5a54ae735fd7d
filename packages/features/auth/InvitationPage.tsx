import {
  INVITATION_APPLIED_REDIRECT_MS,
  navigateTo,
  queryKeys,
  type Schemas,
  useAccountInfo,
  useInvitationVerification,
  useSignedIn,
} from '@memoria/api';
import { AlertIcon, Button, EmptyState, Spinner, Tabs } from '@memoria/ui';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { useEffect } from 'react';
import { FormattedDate, FormattedMessage, useIntl } from 'react-intl';
import * as s from './auth.css.ts';
import type { AuthMessageId } from './messages.ts';
import { applyInvitationCode } from './pendingInvitation.ts';

type Verification = Schemas['InvitationVerification'];

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

/** Invalid or expired code, an unknown one, or a server that cannot check it yet (e.g. 501). */
export function InvalidInvitation({ message }: { message?: string | null | undefined }) {
  return (
    <div className={s.card}>
      <EmptyState
        icon={<AlertIcon size={28} />}
        headingLevel={2}
        title={<FormattedMessage id="invitation.invalid.title" />}
        description={
          <>
            {message || <FormattedMessage id="invitation.invalid.message" />}
            <br />
            <FormattedMessage id="invitation.invalid.contact" />
          </>
        }
        action={
          <div className={s.actions}>
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

function SignedOutActions({ code }: { code: string }) {
  const intl = useIntl();
  const encoded = encodeURIComponent(code);
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
              <Button href={`/login/${encoded}`} fullWidth>
                <FormattedMessage id="invitation.login.button" />
              </Button>
            </div>
          ),
        },
        {
          id: 'register',
          label: intl.formatMessage({ id: 'invitation.tab.register' }),
          content: (
            <div className={s.tabPanel}>
              <p className={s.muted}>
                <FormattedMessage id="invitation.register.description" />
              </p>
              <Button href={`/register/${encoded}`} fullWidth>
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
  const client = useQueryClient();
  const account = useAccountInfo();
  const apply = useMutation({
    mutationFn: () => applyInvitationCode(code),
    onSuccess: () => client.invalidateQueries({ queryKey: queryKeys.auth.all }),
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
          <FormattedMessage id="invitation.applyFailed" />
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
  return (
    <div className={s.card}>
      <h1 className={s.title}>
        <FormattedMessage id="invitation.valid.title" />
      </h1>
      <p className={s.subtitle}>
        <FormattedMessage id="invitation.valid.subtitle" />
      </p>
      <PlanDetails invitation={invitation} />
      {signedIn ? (
        <SignedInActions code={code} invitation={invitation} />
      ) : (
        <SignedOutActions code={code} />
      )}
    </div>
  );
}

/**
 * `/invitation/{code}`, mounted by `InvitationIsland`: checks an invitation code and lets the
 * visitor accept it.
 *
 * **API calls and states**
 * - `GET /auth/verify-invitation/{code}/` (cached 10 minutes, never retried). Pending: a spinner
 *   (`Loading`). Any failure — unknown or expired code, `501` while invitations are not built, no
 *   connection — shows the invalid view (`Invalid`, `NotImplemented`). A valid code shows the plan
 *   it grants: signed out, links to register or log in with the code (`ValidSignedOut`); signed in,
 *   an Accept button (`ValidSignedIn`), or a notice when the account already has that plan
 *   (`AlreadyOnPlan`, from `GET /auth/users/account_info/`).
 * - Accept: `POST /auth/invitation/{code}/apply/` (or the enterprise variant).
 *
 * **Accessibility.** The loading spinner is announced as a status; the states are headed sections
 * with ordinary links and buttons.
 */
export function InvitationPage({ code }: { code: string }) {
  const verification = useInvitationVerification(code);
  if (verification.isPending) return <InvitationLoading />;
  if (verification.isError) return <InvalidInvitation />;
  if (!verification.data.valid) return <InvalidInvitation message={verification.data.error} />;
  return <ValidInvitation code={code} invitation={verification.data} />;
}
