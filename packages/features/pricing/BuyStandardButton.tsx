import { useState } from 'react';
import { FormattedMessage } from 'react-intl';
import { AuthDialog } from '../auth/index.ts';

export interface BuyStandardButtonProps {
  /** The public page's button classes, so the island looks exactly like the static link. */
  className?: string;
  /** Id of the plan's heading (the static page's `aria-describedby`). */
  describedBy?: string;
}

/**
 * "Buy now" on the Standard plan of the public pricing page (signed out), mounted by
 * `BuyStandardIsland` with `client:interaction`: the page ships no React until it is pressed; then
 * it opens the Login / Register dialog (`AuthDialog`), so the visitor can sign in and come back to
 * buy. It is a link to `/register` until hydrated, so it also works without JavaScript.
 *
 * **Use it** only for the signed-out pricing page's Standard card. **Don't use it** for a signed-in
 * learner (`InAppPricing`'s Buy now opens the `PurchaseConfirmation`) or for any other sign-in link
 * (a plain link to `/login`).
 *
 * **API calls and states.** None of its own: the link (`Default`); the first press opens the dialog
 * on its Login tab (`AuthDialogFromPricing`) or, switched, its Register tab (`RegisterTab`), with
 * the calls of `AuthDialog` (`POST /auth/token/`, `POST /auth/users/`); a sign-in there reloads to
 * `/pricing`.
 *
 * **Accessibility.** A link (`<a href="/register">`) with `aria-haspopup="dialog"`, described by
 * the plan's heading (`describedBy`). Enter or a click on it loads the island and is replayed once
 * it has hydrated, so the first press opens the dialog; a modified click (new tab) follows the
 * link. The dialog is modal and returns focus to the link when it closes.
 */
export function BuyStandardButton({ className, describedBy }: BuyStandardButtonProps) {
  const [open, setOpen] = useState(false);
  return (
    <>
      <a
        className={className}
        href="/register"
        aria-describedby={describedBy}
        aria-haspopup="dialog"
        onClick={(event) => {
          if (event.button !== 0 || event.metaKey || event.ctrlKey || event.shiftKey) return;
          event.preventDefault();
          setOpen(true);
        }}
      >
        <FormattedMessage id="pricing.buyNow" />
      </a>
      <AuthDialog open={open} onClose={() => setOpen(false)} />
    </>
  );
}
