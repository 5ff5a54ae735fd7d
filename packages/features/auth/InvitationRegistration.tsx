import {
  INVITATION_APPLIED_REDIRECT_MS,
  isApiRequestError,
  navigateTo,
  type Schemas,
  useLogin,
  useRegisterWithInvitation,
} from '@memoria/api';
import { Button, TextField } from '@memoria/ui';
import { type FormEvent, useEffect, useId, useState } from 'react';
import { FormattedMessage, useIntl } from 'react-intl';
import { formErrors } from '../shared/errors.ts';
import { StepHeading, StepList, useStepFocus } from '../shared/Steps.tsx';
import * as s from './auth.css.ts';
import { FormAlert, type FormError } from './LoginForm.tsx';
import type { AuthMessageId } from './messages.ts';
import { clearPendingInvitation, readPendingInvitation } from './pendingInvitation.ts';
import { timeZone } from './RegisterForm.tsx';
import { validateAccount, validateName, validatePassword } from './validation.ts';

export const REGISTRATION_STEPS = ['account', 'password', 'name', 'confirm'] as const;
export type RegistrationStep = (typeof REGISTRATION_STEPS)[number];

export interface RegistrationValues {
  email: string;
  username: string;
  password: string;
  password2: string;
  firstName: string;
  lastName: string;
}

const EMPTY: RegistrationValues = {
  email: '',
  username: '',
  password: '',
  password2: '',
  firstName: '',
  lastName: '',
};

/** The fields of each step, by the names the server's `field_codes` use. */
const STEP_FIELDS: Record<RegistrationStep, readonly string[]> = {
  account: ['email', 'username'],
  password: ['password', 'password2'],
  name: ['first_name', 'last_name'],
  confirm: [],
};
const ALL_FIELDS = Object.values(STEP_FIELDS).flat();

function stepError(step: RegistrationStep, values: RegistrationValues): AuthMessageId | null {
  if (step === 'account') return validateAccount(values);
  if (step === 'password') return validatePassword(values);
  if (step === 'name') return validateName(values);
  return null;
}

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
  const register = useRegisterWithInvitation();
  const login = useLogin();
  const boundEmail = invitation.email ?? null;
  const [values, setValues] = useState<RegistrationValues>({
    ...EMPTY,
    ...(boundEmail ? { email: boundEmail } : {}),
    ...initialValues,
  });
  const [step, setStep] = useState<RegistrationStep>(initialStep);
  const [error, setError] = useState<FormError>(null);
  const [retryable, setRetryable] = useState(false);
  const [fields, setFields] = useState<Record<string, string>>({});
  const [registered, setRegistered] = useState(false);
  const { headingRef, moving } = useStepFocus(step);
  const headingId = useId();
  const plan = invitation.plan_type ?? 'standard';
  const index = REGISTRATION_STEPS.indexOf(step);

  useEffect(() => {
    if (!registered) return;
    const timer = setTimeout(() => navigateTo('/'), INVITATION_APPLIED_REDIRECT_MS);
    return () => clearTimeout(timer);
  }, [registered]);

  if (registered) return <InvitationWelcome plan={plan} />;

  const goTo = (next: RegistrationStep) => {
    moving();
    setError(null);
    setRetryable(false);
    setStep(next);
  };

  const set = (name: keyof RegistrationValues) => (event: { target: { value: string } }) =>
    setValues((current) => ({ ...current, [name]: event.target.value }));

  const submit = async () => {
    setError(null);
    setRetryable(false);
    setFields({});
    const email = values.email.trim();
    try {
      await register.mutateAsync({
        kind: invitation.invitation_type ?? 'teacher',
        code,
        body: {
          email,
          username: values.username.trim(),
          password: values.password,
          password2: values.password2,
          first_name: values.firstName.trim(),
          last_name: values.lastName.trim(),
          timezone: timeZone(),
        },
      });
    } catch (failure) {
      const shown = formErrors(intl, failure, ALL_FIELDS, 'auth.register.failed');
      setFields(shown.fields);
      setError({ id: 'auth.register.failed', text: shown.banner });
      const fieldCodes = isApiRequestError(failure) ? failure.fieldCodes : {};
      setRetryable(Object.keys(fieldCodes).length === 0);
      const first = REGISTRATION_STEPS.find((name) =>
        STEP_FIELDS[name].some((field) => field in shown.fields),
      );
      if (first) {
        moving();
        setStep(first);
      }
      return;
    }
    // This page's code is used now; a pending copy of it must not be applied again later.
    if (readPendingInvitation() === code) clearPendingInvitation();
    try {
      await login.mutateAsync({ email, password: values.password });
    } catch (failure) {
      console.error('[auth] automatic login after registering failed:', failure);
      navigateTo('/login');
      return;
    }
    setRegistered(true);
  };

  const onSubmit = (event: FormEvent<HTMLFormElement>) => {
    event.preventDefault();
    const invalid = stepError(step, values);
    if (invalid) {
      setError({ id: invalid });
      setRetryable(false);
      return;
    }
    const next = REGISTRATION_STEPS[index + 1];
    if (next) goTo(next);
    else void submit();
  };

  const busy = register.isPending || login.isPending;
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
      <form className={s.form} onSubmit={onSubmit} noValidate aria-labelledby={headingId}>
        <StepHeading level={2} id={headingId} headingRef={headingRef}>
          <FormattedMessage
            id="invitation.register.progress"
            values={{ step: index + 1, total: REGISTRATION_STEPS.length, name: stepName }}
          />
        </StepHeading>
        <FormAlert error={error} />
        {retryable ? (
          <Button variant="secondary" size="sm" onClick={() => void submit()} loading={busy}>
            <FormattedMessage id="invitation.register.retry" />
          </Button>
        ) : null}
        {step === 'account' ? (
          <>
            <TextField
              label={intl.formatMessage({ id: 'auth.register.email' })}
              type="email"
              name="email"
              autoComplete="email"
              inputMode="email"
              value={values.email}
              onChange={set('email')}
              readOnly={boundEmail !== null}
              helperText={
                boundEmail
                  ? intl.formatMessage({ id: 'invitation.register.emailLocked' })
                  : undefined
              }
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
          </>
        ) : step === 'password' ? (
          <>
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
          </>
        ) : step === 'name' ? (
          <>
            <TextField
              label={intl.formatMessage({ id: 'invitation.register.firstName' })}
              name="first_name"
              autoComplete="given-name"
              value={values.firstName}
              onChange={set('firstName')}
              error={fields.first_name}
            />
            <TextField
              label={intl.formatMessage({ id: 'invitation.register.lastName' })}
              name="last_name"
              autoComplete="family-name"
              value={values.lastName}
              onChange={set('lastName')}
              error={fields.last_name}
            />
          </>
        ) : (
          <Review values={values} plan={plan} />
        )}
        <div className={s.stepActions}>
          <Button variant="text" onClick={onCancel} disabled={busy}>
            <FormattedMessage id="invitation.register.cancel" />
          </Button>
          <span className={s.spacer} />
          {index > 0 ? (
            <Button
              variant="secondary"
              onClick={() => goTo(REGISTRATION_STEPS[index - 1] ?? step)}
              disabled={busy}
            >
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
