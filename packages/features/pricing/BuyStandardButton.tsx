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
 * "Buy now" on the Standard plan of the public pricing page, mounted by `BuyStandardIsland` with
 * `client:interaction`: opens the Login / Register dialog (`AuthDialogFromPricing`,
 * `RegisterTab`). It is a link to `/register` until hydrated, so it also works without
 * JavaScript.
 *
 * **API calls:** those of the `AuthDialog` it opens; a sign-in there reloads to `/pricing`.
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
