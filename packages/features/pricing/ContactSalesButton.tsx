import { useState } from 'react';
import { FormattedMessage } from 'react-intl';
import { ContactSalesDialog } from './ContactSalesDialog.tsx';

export interface ContactSalesButtonProps {
  /** The public page's button classes. */
  className?: string;
  /** Id of the plan's heading (the static page's `aria-describedby`). */
  describedBy?: string;
}

/**
 * "Contact sales" on the public pricing page: opens the same Contact Sales form as the signed-in
 * pricing (§2, §4). The page mounts it with `client:interaction`, which hydrates it on the first
 * press and replays that click, so the form opens on the first press.
 */
export function ContactSalesButton({ className, describedBy }: ContactSalesButtonProps) {
  const [open, setOpen] = useState(false);
  return (
    <>
      <button
        type="button"
        className={className}
        aria-describedby={describedBy}
        aria-haspopup="dialog"
        onClick={() => setOpen(true)}
      >
        <FormattedMessage id="pricing.contactSales" />
      </button>
      <ContactSalesDialog open={open} onClose={() => setOpen(false)} />
    </>
  );
}
