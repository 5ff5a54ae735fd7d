/**
 * The state machine of `InvitationRegistration`: the step, the values typed across the steps,
 * each step's check, the call that creates the account and signs in, and where a failure leads
 * (back to the first step with a failing field, or Retry when no field is to blame).
 */
import {
  INVITATION_APPLIED_REDIRECT_MS,
  isApiRequestError,
  navigateTo,
  type Schemas,
  useLogin,
  useRegisterWithInvitation,
} from '@memoria/api';
import { type FormEvent, useEffect, useState } from 'react';
import { useStepFocus } from '../shared/Steps.tsx';
import { useApiForm } from '../shared/useApiForm.ts';
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

export interface InvitationRegistrationOptions {
  code: string;
  invitation: Schemas['InvitationVerification'];
  initialStep: RegistrationStep;
  initialValues: Partial<RegistrationValues>;
}

export function useInvitationRegistration({
  code,
  invitation,
  initialStep,
  initialValues,
}: InvitationRegistrationOptions) {
  const register = useRegisterWithInvitation();
  const login = useLogin();
  const boundEmail = invitation.email ?? null;
  const [step, setStep] = useState<RegistrationStep>(initialStep);
  /** The last failure blamed no field: the confirmation offers Retry. */
  const [retryable, setRetryable] = useState(false);
  const [registered, setRegistered] = useState(false);
  const { headingRef, moving } = useStepFocus(step);
  const index = REGISTRATION_STEPS.indexOf(step);

  const form = useApiForm({
    initial: (): RegistrationValues => ({
      ...EMPTY,
      ...(boundEmail ? { email: boundEmail } : {}),
      ...initialValues,
    }),
    fields: ALL_FIELDS,
    failedId: 'auth.register.failed',
    submit: (values) =>
      register.mutateAsync({
        kind: invitation.invitation_type ?? 'teacher',
        code,
        body: {
          email: values.email.trim(),
          username: values.username.trim(),
          password: values.password,
          password2: values.password2,
          first_name: values.firstName.trim(),
          last_name: values.lastName.trim(),
          timezone: timeZone(),
        },
      }),
    onFailure: (failure) => {
      const fieldCodes = isApiRequestError(failure) ? failure.fieldCodes : {};
      setRetryable(Object.keys(fieldCodes).length === 0);
      const first = REGISTRATION_STEPS.find((name) =>
        STEP_FIELDS[name].some((field) => field in fieldCodes),
      );
      if (first) {
        moving();
        setStep(first);
      }
      return false;
    },
    onSuccess: async (_account, values) => {
      // This page's code is used now; a pending copy of it must not be applied again later.
      if (readPendingInvitation() === code) clearPendingInvitation();
      try {
        await login.mutateAsync({ email: values.email.trim(), password: values.password });
      } catch (failure) {
        console.error('[auth] automatic login after registering failed:', failure);
        navigateTo('/login');
        return;
      }
      setRegistered(true);
    },
  });

  useEffect(() => {
    if (!registered) return;
    const timer = setTimeout(() => navigateTo('/'), INVITATION_APPLIED_REDIRECT_MS);
    return () => clearTimeout(timer);
  }, [registered]);

  const goTo = (next: RegistrationStep) => {
    moving();
    form.showBanner(null);
    setRetryable(false);
    setStep(next);
  };

  /** Creates the account (the confirmation's submit, and Retry). */
  const submit = () => {
    setRetryable(false);
    return form.onSubmit();
  };

  /** Next: checks the step's fields, then goes on, or creates the account on the last step. */
  const onSubmit = (event: FormEvent<HTMLFormElement>) => {
    event.preventDefault();
    const invalid = stepError(step, form.values);
    if (invalid) {
      form.showBanner(invalid);
      setRetryable(false);
      return;
    }
    const next = REGISTRATION_STEPS[index + 1];
    if (next) goTo(next);
    else void submit();
  };

  const back = () => goTo(REGISTRATION_STEPS[index - 1] ?? step);

  return {
    form,
    step,
    index,
    boundEmail,
    retryable,
    registered,
    headingRef,
    onSubmit,
    submit,
    back,
  };
}
