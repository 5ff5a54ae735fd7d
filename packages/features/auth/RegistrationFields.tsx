/**
 * The fields of a new account, the same in `RegisterForm` and `InvitationRegistration`: labels,
 * names, autocomplete and hints live here once.
 */
import { TextField } from '@memoria/ui';
import { useIntl } from 'react-intl';
import type { BoundField } from '../shared/useApiForm.ts';

/** Email and username. `emailLocked`: an invitation bound to one address fills and locks it. */
export function AccountFields({
  email,
  username,
  emailLocked = false,
}: {
  email: BoundField;
  username: BoundField;
  emailLocked?: boolean;
}) {
  const intl = useIntl();
  return (
    <>
      <TextField
        label={intl.formatMessage({ id: 'auth.register.email' })}
        type="email"
        autoComplete="email"
        inputMode="email"
        {...email}
        readOnly={emailLocked}
        helperText={
          emailLocked ? intl.formatMessage({ id: 'invitation.register.emailLocked' }) : undefined
        }
      />
      <TextField
        label={intl.formatMessage({ id: 'auth.register.username' })}
        autoComplete="username"
        {...username}
      />
    </>
  );
}

/** The new password (with the length hint) and its confirmation. */
export function PasswordFields({
  password,
  password2,
}: {
  password: BoundField;
  password2: BoundField;
}) {
  const intl = useIntl();
  return (
    <>
      <TextField
        label={intl.formatMessage({ id: 'auth.register.password' })}
        type="password"
        autoComplete="new-password"
        helperText={intl.formatMessage({ id: 'auth.register.passwordHint' })}
        {...password}
      />
      <TextField
        label={intl.formatMessage({ id: 'auth.register.confirmPassword' })}
        type="password"
        autoComplete="new-password"
        {...password2}
      />
    </>
  );
}

/** First and last name (an invitation's registration asks for them). */
export function NameFields({
  firstName,
  lastName,
}: {
  firstName: BoundField;
  lastName: BoundField;
}) {
  const intl = useIntl();
  return (
    <>
      <TextField
        label={intl.formatMessage({ id: 'invitation.register.firstName' })}
        autoComplete="given-name"
        {...firstName}
      />
      <TextField
        label={intl.formatMessage({ id: 'invitation.register.lastName' })}
        autoComplete="family-name"
        {...lastName}
      />
    </>
  );
}
