import type { Schemas } from '@memoria/api';
import { Button } from '@memoria/ui';
import { useId } from 'react';
import { FormattedMessage, useIntl } from 'react-intl';
import { StepHeading, StepList } from '../shared/Steps.tsx';
import * as s from './auth.css.ts';
import { FormAlert } from './FormAlert.tsx';
import type { AuthMessageId } from './messages.ts';
import { AccountFields, NameFields, PasswordFields } from './RegistrationFields.tsx';
import {
  REGISTRATION_STEPS,
  type RegistrationStep,
  type RegistrationValues,
  useInvitationRegistration,
} from './useInvitationRegistration.ts';

export { REGISTRATION_STEPS, type RegistrationStep, type RegistrationValues };

const planMessage = (plan: Schemas['AccountType']): AuthMessageId => `invitation.plan.${plan}`;

/** What the confirmation step shows before the account is created (never the password). */
function Review({ values, plan }: { values: RegistrationValues; plan: Schemas['AccountType'] }) {
  return (
    <>
      <p className={s.muted}>
        <FormattedMessage id="invitation.register.review" />
      </p>
      <dl className={s.details}>
        <dt className={s.term}>
          <FormattedMessage id="auth.register.email" />
        </dt>
        <dd className={s.definition}>{values.email.trim()}</dd>
        <dt className={s.term}>
          <FormattedMessage id="auth.register.username" />
        </dt>
        <dd className={s.definition}>{values.username.trim()}</dd>
        <dt className={s.term}>
          <FormattedMessage id="invitation.register.fullName" />
        </dt>
        <dd className={s.definition}>
          {values.firstName.trim()} {values.lastName.trim()}
        </dd>
        <dt className={s.term}>
          <FormattedMessage id="invitation.valid.plan" />
        </dt>
        <dd className={s.definition}>
          <FormattedMessage id={planMessage(plan)} />
        </dd>
      </dl>
    </>
  );
}

/**
 * The success state after registering through an invitation and the automatic login: the plan
 * the account got and a way on; `InvitationRegistration` goes to `/` by itself after 2 s (§9).
 */
export function InvitationWelcome({ plan }: { plan: Schemas['AccountType'] }) {
  return (
    <div className={s.tabPanel}>
      <p className={s.success} role="status">
        <strong>
          <FormattedMessage id="invitation.register.done.title" />
        </strong>{' '}
        <FormattedMessage
          id="invitation.register.done.message"
          values={{ plan: <FormattedMessage id={planMessage(plan)} /> }}
        />
      </p>
      <Button href="/" fullWidth>
        <FormattedMessage id="invitation.goToDashboard" />
      </Button>
    </div>
  );
}

export interface InvitationRegistrationProps {
  /** The invitation code of the page. */
  code: string;
  /** The verified invitation: its kind picks the call, its plan and address show in the form. */
  invitation: Schemas['InvitationVerification'];
  /** Cancel: leave the form (the invitation page shows its Register tab again). */
  onCancel: () => void;
  /** The step to open on (stories). */
  initialStep?: RegistrationStep;
  /** Values already typed (stories). */
  initialValues?: Partial<RegistrationValues>;
}

/**
 * Registration through an invitation, step by step: account (email, username), password (password,
 * confirmation), name (first and last), then a confirmation step with everything but the password.
 * Shown by `InvitationPage` (mounted by `InvitationIsland` on `/invitation/{code}`) when a
 * signed-out visitor chooses Register to accept.
 *
 * **Use it** for a visitor with a valid invitation and no account. **Don't use it** for a plain
 * sign-up (`RegisterForm`) or an existing account (the Login tab applies the code after login).
 *
 * **Steps.** Next checks only the step's fields, with the spec's messages (`AccountStepRequired`,
 * `PasswordsDoNotMatch`, `PasswordTooShort`, `NameStepRequired`); Back keeps what was typed; Cancel
 * leaves the form. An invitation bound to one address fills the email and locks it
 * (`BoundToEmail`).
 *
 * **API calls and states.** Create account sends `POST /auth/invitation/{code}/` (or
 * `/auth/enterprise-invitation/{code}/` for an enterprise invitation) with the fields, the
 * browser's time zone, then `POST /auth/token/` to sign in.
 * - `400` naming fields: back to the first step with a failing field, each message under its field
 *   (`EmailTaken`).
 * - `404` or `409` (unknown, used, expired code, another address): the reason, translated from
 *   `field_codes.code` (`InvitationUsed`).
 * - Any other failure (`500`, `429`, no connection): the message and Retry (`ServerError`).
 * - Success: the welcome message with the plan (`Registered`) and, 2 s later, `/`. If the automatic
 *   login fails the page goes to `/login` (§4).
 *
 * **Accessibility.** Each step is a form: Enter goes to the next step. The step list marks the
 * current step (`aria-current="step"`) and says which are completed; on Next and Back the focus
 * moves to the step's heading ("Step 2 of 4: Password"), so it is announced. Errors are
 * `role="alert"`, field errors are linked to their fields, the welcome is `role="status"`.
 */
export function InvitationRegistration({
  code,
  invitation,
  onCancel,
  initialStep = 'account',
  initialValues = {},
}: InvitationRegistrationProps) {
  const intl = useIntl();
  const registration = useInvitationRegistration({ code, invitation, initialStep, initialValues });
  const { form, step, index, boundEmail, retryable } = registration;
  const headingId = useId();
  const plan = invitation.plan_type ?? 'standard';

  if (registration.registered) return <InvitationWelcome plan={plan} />;

  const busy = form.pending;
  const stepName = intl.formatMessage({ id: `invitation.register.step.${step}` });

  return (
    <div className={s.tabPanel}>
      <StepList
        steps={REGISTRATION_STEPS.map((key) => ({
          key,
          name: <FormattedMessage id={`invitation.register.step.${key}`} />,
        }))}
        current={index}
        label={intl.formatMessage({ id: 'invitation.register.steps' })}
        doneText={<FormattedMessage id="invitation.register.stepDone" />}
      />
      <form
        className={s.form}
        onSubmit={registration.onSubmit}
        noValidate
        aria-labelledby={headingId}
      >
        <StepHeading level={2} id={headingId} headingRef={registration.headingRef}>
          <FormattedMessage
            id="invitation.register.progress"
            values={{ step: index + 1, total: REGISTRATION_STEPS.length, name: stepName }}
          />
        </StepHeading>
        <FormAlert text={form.banner} />
        {retryable ? (
          <Button
            variant="secondary"
            size="sm"
            onClick={() => void registration.submit()}
            loading={busy}
          >
            <FormattedMessage id="invitation.register.retry" />
          </Button>
        ) : null}
        {step === 'account' ? (
          <AccountFields
            email={form.bind('email')}
            username={form.bind('username')}
            emailLocked={boundEmail !== null}
          />
        ) : step === 'password' ? (
          <PasswordFields password={form.bind('password')} password2={form.bind('password2')} />
        ) : step === 'name' ? (
          <NameFields
            firstName={form.bind('firstName', 'first_name')}
            lastName={form.bind('lastName', 'last_name')}
          />
        ) : (
          <Review values={form.values} plan={plan} />
        )}
        <div className={s.stepActions}>
          <Button variant="text" onClick={onCancel} disabled={busy}>
            <FormattedMessage id="invitation.register.cancel" />
          </Button>
          <span className={s.spacer} />
          {index > 0 ? (
            <Button variant="secondary" onClick={registration.back} disabled={busy}>
              <FormattedMessage id="invitation.register.back" />
            </Button>
          ) : null}
          <Button type="submit" loading={busy}>
            <FormattedMessage
              id={step === 'confirm' ? 'invitation.register.submit' : 'invitation.register.next'}
            />
          </Button>
        </div>
      </form>
    </div>
  );
}
