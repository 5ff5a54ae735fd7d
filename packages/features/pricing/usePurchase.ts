import { api, type Schemas, unwrap } from '@memoria/api';
import { useMutation } from '@tanstack/react-query';
import { useCallback, useState } from 'react';

/** Opens the provider's checkout in a new tab (§4). */
export function openInNewTab(url: string): void {
  window.open(url, '_blank', 'noopener,noreferrer');
}

/** `POST auth/subscriptions/create_subscription/` with `plan_name: 'standard'`. */
export function useCreateSubscription() {
  return useMutation<Schemas['SubscriptionCheckout'], Error, void>({
    mutationFn: async () =>
      unwrap(
        await api.POST('/auth/subscriptions/create_subscription/', {
          body: { plan_name: 'standard' },
        }),
      ),
  });
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
  const create = useCreateSubscription();
  const { mutateAsync } = create;

  const confirm = useCallback(async () => {
    setStatus('pending');
    try {
      const { checkout_url } = await mutateAsync();
      if (checkout_url) {
        openUrl(checkout_url);
        setOpen(false);
        setStatus('redirecting');
        return;
      }
      console.error('[pricing] create_subscription answered without a checkout_url');
    } catch (error) {
      console.error('[pricing] create_subscription failed:', error);
    }
    setStatus('error');
  }, [mutateAsync, openUrl]);

  return {
    open,
    status,
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
