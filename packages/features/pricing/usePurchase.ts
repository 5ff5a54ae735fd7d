import { fieldErrorCodes, useCreateSubscription } from '@memoria/api';
import { useCallback, useState } from 'react';

/** Opens the provider's checkout in a new tab (§4). */
export function openInNewTab(url: string): void {
  window.open(url, '_blank', 'noopener,noreferrer');
}

/** The refusals that say more than the payment error: already subscribed, plan included. */
export type PurchaseRefusal = 'already_subscribed' | 'plan_already_included' | null;

function refusalOf(error: unknown): PurchaseRefusal {
  const key = fieldErrorCodes(error).plan_name?.[0];
  return key === 'already_subscribed' || key === 'plan_already_included' ? key : null;
}

/**
 * - `idle`: the confirmation shows its summary; `pending`: Confirm was pressed;
 * - `error`: the call failed or gave no checkout URL (§8), the confirmation stays open;
 * - `redirecting`: the checkout opened in a new tab, the confirmation closed.
 */
export type PurchaseStatus = 'idle' | 'pending' | 'error' | 'redirecting';

/**
 * The Standard purchase (§4): `start` opens the confirmation; `confirm` creates the subscription
 * and, with a `checkout_url`, opens it in a new tab, closes the confirmation and shows the
 * redirecting message; without one, or on any failure (the server answers 501 today), shows the
 * payment error.
 */
export function useStandardPurchase(openUrl: (url: string) => void = openInNewTab) {
  const [open, setOpen] = useState(false);
  const [status, setStatus] = useState<PurchaseStatus>('idle');
  const [refusal, setRefusal] = useState<PurchaseRefusal>(null);
  const { mutateAsync } = useCreateSubscription();

  const confirm = useCallback(async () => {
    setStatus('pending');
    setRefusal(null);
    try {
      const { checkout_url } = await mutateAsync({ plan_name: 'standard' });
      if (checkout_url) {
        openUrl(checkout_url);
        setOpen(false);
        setStatus('redirecting');
        return;
      }
      console.error('[pricing] create_subscription answered without a checkout_url');
    } catch (error) {
      console.error('[pricing] create_subscription failed:', error);
      setRefusal(refusalOf(error));
    }
    setStatus('error');
  }, [mutateAsync, openUrl]);

  return {
    open,
    status,
    /** Why the purchase was refused, when the server said (shown instead of the payment error). */
    refusal,
    start: useCallback(() => {
      setStatus('idle');
      setOpen(true);
    }, []),
    cancel: useCallback(() => {
      setOpen(false);
      setStatus('idle');
    }, []),
    confirm,
    dismissMessage: useCallback(() => setStatus('idle'), []),
  };
}
