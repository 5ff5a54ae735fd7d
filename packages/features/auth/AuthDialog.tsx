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
  /** Shown when true. */
  open: boolean;
  /** Escape, the close button or a backdrop click. */
  onClose: () => void;
  /** The tab it opens on: `login` (default) or `register`. */
  defaultTab?: AuthTab;
  /** After a sign-in or registration; defaults to `finishDialogSignIn` (reload to `/pricing`). */
  onSuccess?: () => void;
}

/**
 * Login and Register as two tabs in a `Dialog`, for signed-out visitors of the public pricing page,
 * so they can buy without leaving it. Mounted by `AuthDialogIsland` (its controller opens it on a
 * click on any `data-auth-dialog` element, on the tab that attribute names, or on the open event).
 *
 * **Use it** where a signed-out visitor starts something that needs an account and should come back
 * to the same page (Buy now on `/pricing`). **Don't use it** for the sign-in pages themselves
 * (`LoginForm` on `/login`, `RegisterForm` on `/register`) or for an invitation (its page has its
 * own tabs).
 *
 * **API calls and states.** Those of the form in the open tab: `LoginForm` (`POST /auth/token/`;
 * `Login`) and `RegisterForm` (`POST /auth/users/`, then `POST /auth/token/`; `Register`), with
 * their errors shown inside the dialog. A sign-in from the dialog reloads to `/pricing`.
 *
 * **Accessibility.** A modal dialog titled "Sign in to continue": the page behind is inert, focus
 * starts in the open tab's first field, Escape, × and the backdrop close it, and focus returns to
 * the button that opened it. The two tabs are WAI-ARIA tabs, one tab stop, Left and Right switch
 * between Login and Register. In a field, Enter submits the tab's form.
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
