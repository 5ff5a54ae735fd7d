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
 * "Buy now" on the Standard plan of the public pricing page (signed out, §4): opens the Login /
 * Register dialog; a sign-in there fires auth-change and reloads to /pricing (AuthDialog's
 * default). Rendered as a link to /register so it still works before (or without) JavaScript;
 * the page mounts it with `client:interaction`, which hydrates it on the first press and replays
 * that click, so the dialog opens on the first click.
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
