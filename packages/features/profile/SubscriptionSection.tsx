import { useCancelSubscription, useSubscriptionStatus } from '@memoria/api';
import { Button, Card, Dialog, Skeleton, Snackbar } from '@memoria/ui';
import { useEffect, useState } from 'react';
import { FormattedMessage, useIntl } from 'react-intl';
import { PurchaseConfirmation, useStandardPurchase } from '../pricing/index.ts';
import { LoadFailure } from '../shared/LoadFailure.tsx';

export interface SubscriptionSectionProps {
  /** Where Renew opens the checkout (stories); a new tab by default. */
  openUrl?: (url: string) => void;
  /**
   * Whether the buyer has just come back from the provider's checkout (stories). By default it is
   * read from the page's address, the back URL's `?checkout=done`, which is then taken out of it.
   */
  fromCheckout?: boolean;
}

/** The provider's way back to the product (the purchase's back URL) marks the address so. */
export const CHECKOUT_RETURN = 'checkout';

/**
 * Whether the address carries the checkout's way back; the marker is removed at once, so a
 * reload (or the address bookmarked) does not show the confirmation again.
 */
function takeCheckoutReturn(): boolean {
  const url = new URL(window.location.href);
  if (url.searchParams.get(CHECKOUT_RETURN) !== 'done') return false;
  url.searchParams.delete(CHECKOUT_RETURN);
  window.history.replaceState(window.history.state, '', url);
  return true;
}

/**
 * The account's plan and subscription (§2 Profile, §4): status, next billing date, access-until
 * date; cancel after a confirmation (cannot be undone, access stays until the end date), a link to
 * continue a pending subscription's checkout, why a failed payment left the account free, renew
 * after a cancel, an expiry or a failed payment (a new subscription through the same confirmation as
 * /pricing, whose failure says 'Error creating subscription', §8). The payments are in the
 * `SubscriptionList` below it. The events stream refreshes it when the provider confirms a payment.
 * A plan an invitation or the account itself gives says so (and who sent the invitation) instead
 * of offering Standard. Back from the provider's checkout (the purchase's back URL, `/profile?checkout=done`), it says
 * the spec's "Payment success: check your email to confirm the account." once the subscription
 * is active, once.
 */
export function SubscriptionSection({ openUrl, fromCheckout }: SubscriptionSectionProps) {
  const intl = useIntl();
  const status = useSubscriptionStatus();
  // Back from the checkout: the spec's confirmation once the subscription is active (at once, or
  // when the provider's notification activates it, through the events stream).
  const [returned, setReturned] = useState(false);
  useEffect(() => {
    if (fromCheckout ?? takeCheckoutReturn()) setReturned(true);
  }, [fromCheckout]);
  const cancel = useCancelSubscription();
  const purchase = useStandardPurchase(openUrl);
  const [confirming, setConfirming] = useState(false);
  const [cancelledUntil, setCancelledUntil] = useState<string | null>(null);
  const date = (iso: string | null) => (iso ? intl.formatDate(iso, { dateStyle: 'long' }) : '—');

  let body: React.ReactNode;
  if (status.isPending) body = <Skeleton height={120} />;
  else if (status.isError) {
    body = (
      <LoadFailure
        retryId="profile.retry"
        messageId="profile.subscription.statusFailed"
        onRetry={() => status.refetch()}
      />
    );
  } else {
    const s = status.data;
    body = (
      <div style={{ display: 'grid', gap: 12 }}>
        <dl style={{ display: 'grid', gridTemplateColumns: 'max-content 1fr', gap: '4px 16px' }}>
          <dt>
            <FormattedMessage id="profile.plan.title" />
          </dt>
          <dd style={{ margin: 0 }}>
            <FormattedMessage id={`profile.plan.${s.account_type}`} />
          </dd>
          {s.status ? (
            <>
              <dt>
                <FormattedMessage id="profile.subscription.status" />
              </dt>
              <dd style={{ margin: 0 }}>
                <FormattedMessage id={`profile.subscription.status.${s.status}`} />
              </dd>
              <dt>
                <FormattedMessage id="profile.subscription.nextBilling" />
              </dt>
              <dd style={{ margin: 0 }}>{date(s.next_billing_date)}</dd>
              <dt>
                <FormattedMessage id="profile.subscription.accessUntil" />
              </dt>
              <dd style={{ margin: 0 }}>{date(s.access_until)}</dd>
            </>
          ) : null}
        </dl>
        {s.status === 'failed' && s.failure_reason ? (
          <p role="status" style={{ margin: 0 }}>
            <FormattedMessage id={`profile.subscription.failure.${s.failure_reason}`} />
          </p>
        ) : null}
        {s.status === 'pending' && s.checkout_url ? (
          <p style={{ margin: 0 }}>
            <a href={s.checkout_url} target="_blank" rel="noopener noreferrer">
              <FormattedMessage id="profile.subscription.continuePayment" />
            </a>
          </p>
        ) : null}
        {s.plan_source === 'invitation' || s.plan_source === 'account' ? (
          <p style={{ margin: 0 }}>
            <FormattedMessage
              id={`profile.plan.source.${s.plan_source}`}
              values={{
                plan: intl.formatMessage({ id: `profile.plan.${s.account_type}` }),
                inviter: s.plan_invited_by,
              }}
            />
          </p>
        ) : s.status === null ? (
          <p style={{ margin: 0 }}>
            <FormattedMessage id="profile.subscription.none" />{' '}
            <a href="/pricing">
              <FormattedMessage id="profile.plan.upgrade" />
            </a>
          </p>
        ) : null}
        {cancel.isError ? (
          <p role="alert" style={{ margin: 0 }}>
            <FormattedMessage id="profile.cancel.error" />
          </p>
        ) : null}
        <div style={{ display: 'flex', gap: 8, flexWrap: 'wrap' }}>
          {s.can_cancel ? (
            <Button variant="secondary" onClick={() => setConfirming(true)}>
              <FormattedMessage id="profile.subscription.cancel" />
            </Button>
          ) : null}
          {s.can_renew ? (
            <Button onClick={purchase.start}>
              <FormattedMessage id="profile.subscription.renew" />
            </Button>
          ) : null}
        </div>
      </div>
    );
  }

  const endDate = status.data?.end_date ?? null;
  const paid = returned && status.data?.status === 'active';
  return (
    <Card
      as="section"
      title={intl.formatMessage({ id: 'profile.subscription.title' })}
      headingLevel={2}
    >
      {body}
      <Dialog
        open={confirming}
        onClose={() => setConfirming(false)}
        title={intl.formatMessage({ id: 'profile.cancel.title' })}
        size="sm"
        actions={
          <>
            <Button variant="text" onClick={() => setConfirming(false)} disabled={cancel.isPending}>
              <FormattedMessage id="profile.cancel.keep" />
            </Button>
            <Button
              loading={cancel.isPending}
              onClick={() => {
                const id = status.data?.subscription_id;
                if (!id) return;
                cancel.mutate(id, {
                  onSuccess: (cancelled) => setCancelledUntil(cancelled.end_date),
                  onSettled: () => setConfirming(false),
                });
              }}
            >
              <FormattedMessage id="profile.cancel.confirm" />
            </Button>
          </>
        }
      >
        <p>
          <FormattedMessage id="profile.cancel.body" values={{ date: date(endDate) }} />
        </p>
      </Dialog>
      {/* One snackbar for both confirmations: the cancel's date, or the payment's. */}
      <Snackbar
        open={cancelledUntil !== null || paid}
        severity="success"
        message={
          cancelledUntil !== null
            ? intl.formatMessage({ id: 'profile.cancel.success' }, { date: date(cancelledUntil) })
            : intl.formatMessage({ id: 'pricing.purchase.success' })
        }
        onClose={() => {
          setCancelledUntil(null);
          setReturned(false);
        }}
      />
      <PurchaseConfirmation
        open={purchase.open}
        status={purchase.status}
        refusal={purchase.refusal}
        onConfirm={purchase.confirm}
        onCancel={purchase.cancel}
        onMessageClose={purchase.dismissMessage}
        errorId="profile.renew.failed"
      />
    </Card>
  );
}
