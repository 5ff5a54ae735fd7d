import { AUTH_CHANGE_EVENT } from '@memoria/api';
import { Dialog, Tabs } from '@memoria/ui';
import { useEffect, useState } from 'react';
import { useIntl } from 'react-intl';
import * as s from './auth.css.ts';
import { LoginForm } from './LoginForm.tsx';
import { RegisterForm } from './RegisterForm.tsx';

export type AuthTab = 'login' | 'register';

/** Opens the `AuthDialogIsland` from anywhere: `window.dispatchEvent(new CustomEvent(...))`. */
export const OPEN_AUTH_DIALOG_EVENT = 'memoria:open-auth-dialog';

/** Where a successful sign-in from the dialog lands (§4: "reloads to /pricing"). */
export const AUTH_DIALOG_RETURN_PATH = '/pricing';

/** Success from the dialog: fire auth-change and reload to /pricing (§4). */
export function finishDialogSignIn(): void {
  window.dispatchEvent(new Event(AUTH_CHANGE_EVENT));
  window.location.assign(AUTH_DIALOG_RETURN_PATH);
}

export interface AuthDialogProps {
  open: boolean;
  onClose: () => void;
  defaultTab?: AuthTab;
  /** Defaults to `finishDialogSignIn`. */
  onSuccess?: () => void;
}

/**
 * Login and Register as two tabs in a `Dialog`, for signed-out visitors of the public pricing page.
 * Mounted by `AuthDialogIsland` (its controller opens it on a `data-auth-dialog` button or the
 * open event).
 *
 * **API calls and states:** those of `LoginForm` (`POST /auth/token/`) and `RegisterForm`
 * (`POST /auth/users/`) in its tabs. A sign-in from the dialog reloads to `/pricing`.
 *
 * **Accessibility.** A modal dialog (focus inside, Escape closes, focus returns to the button that
 * opened it) with WAI-ARIA tabs (arrow keys switch between Login and Register).
 */
export function AuthDialog({ open, onClose, defaultTab = 'login', onSuccess }: AuthDialogProps) {
  const intl = useIntl();
  const done = onSuccess ?? finishDialogSignIn;
  return (
    <Dialog
      open={open}
      onClose={onClose}
      title={intl.formatMessage({ id: 'auth.dialog.title' })}
      size="sm"
    >
      <Tabs
        aria-label={intl.formatMessage({ id: 'auth.dialog.tabs' })}
        defaultValue={defaultTab}
        fullWidth
        tabs={[
          {
            id: 'login',
            label: intl.formatMessage({ id: 'auth.dialog.loginTab' }),
            content: (
              <div className={s.tabPanel}>
                <LoginForm embedded onSuccess={done} />
              </div>
            ),
          },
          {
            id: 'register',
            label: intl.formatMessage({ id: 'auth.dialog.registerTab' }),
            content: (
              <div className={s.tabPanel}>
                <RegisterForm embedded onSuccess={done} />
              </div>
            ),
          },
        ]}
      />
    </Dialog>
  );
}

/**
 * The dialog for a static page: opens on `OPEN_AUTH_DIALOG_EVENT` (detail `{ tab }`) or a click
 * on any element with `data-auth-dialog` (its value, `login` or `register`, picks the tab).
 */
export function AuthDialogController() {
  const [state, setState] = useState<{ open: boolean; tab: AuthTab }>({
    open: false,
    tab: 'login',
  });
  useEffect(() => {
    const onOpen = (event: Event) => {
      const tab = (event as CustomEvent<{ tab?: AuthTab } | undefined>).detail?.tab;
      setState({ open: true, tab: tab === 'register' ? 'register' : 'login' });
    };
    const onClick = (event: MouseEvent) => {
      const trigger = (event.target as Element | null)?.closest?.('[data-auth-dialog]');
      if (!trigger) return;
      event.preventDefault();
      const tab = trigger.getAttribute('data-auth-dialog');
      setState({ open: true, tab: tab === 'register' ? 'register' : 'login' });
    };
    window.addEventListener(OPEN_AUTH_DIALOG_EVENT, onOpen);
    document.addEventListener('click', onClick);
    return () => {
      window.removeEventListener(OPEN_AUTH_DIALOG_EVENT, onOpen);
      document.removeEventListener('click', onClick);
    };
  }, []);
  return (
    <AuthDialog
      key={state.tab}
      open={state.open}
      defaultTab={state.tab}
      onClose={() => setState((current) => ({ ...current, open: false }))}
    />
  );
}
