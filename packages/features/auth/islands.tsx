/** The auth islands mounted by the Astro pages (each wrapped in `IslandRoot`). */
import type { Locale, Theme } from '@memoria/api';
import { IslandRoot } from '../shared/IslandRoot.tsx';
import { AuthDialogController } from './AuthDialog.tsx';
import * as s from './auth.css.ts';
import { InvitationPage } from './InvitationPage.tsx';
import { LoginForm } from './LoginForm.tsx';
import { RegisterForm } from './RegisterForm.tsx';
import { SignInLinkPage } from './SignInLinkPage.tsx';

type Prefs = { locale?: Locale; theme?: Theme };

/** `/login` and `/login/{code}`. */
export function LoginIsland({ invitationCode, ...prefs }: Prefs & { invitationCode?: string }) {
  const suffix = invitationCode ? `/${encodeURIComponent(invitationCode)}` : '';
  return (
    <IslandRoot {...prefs}>
      <div className={s.page}>
        <LoginForm invitationCode={invitationCode} registerHref={`/register${suffix}`} />
      </div>
    </IslandRoot>
  );
}

/** `/register` and `/register/{code}`. */
export function RegisterIsland({ invitationCode, ...prefs }: Prefs & { invitationCode?: string }) {
  const suffix = invitationCode ? `/${encodeURIComponent(invitationCode)}` : '';
  return (
    <IslandRoot {...prefs}>
      <div className={s.page}>
        <RegisterForm invitationCode={invitationCode} loginHref={`/login${suffix}`} />
      </div>
    </IslandRoot>
  );
}

/** `/sign-in-link#token=…`: the one-time link emailed to a throttled account. */
export function SignInLinkIsland(prefs: Prefs) {
  return (
    <IslandRoot {...prefs}>
      <div className={s.page}>
        <SignInLinkPage />
      </div>
    </IslandRoot>
  );
}

/** `/invitation/{code}`. */
export function InvitationIsland({ code, ...prefs }: Prefs & { code: string }) {
  return (
    <IslandRoot {...prefs}>
      <div className={s.page}>
        <InvitationPage code={code} />
      </div>
    </IslandRoot>
  );
}

/**
 * The Login/Register dialog for the pricing page when signed out: mount it once with
 * `client:idle`; `<button data-auth-dialog="login">` (or `register`) opens it.
 */
export function AuthDialogIsland(prefs: Prefs) {
  return (
    <IslandRoot {...prefs}>
      <AuthDialogController />
    </IslandRoot>
  );
}
