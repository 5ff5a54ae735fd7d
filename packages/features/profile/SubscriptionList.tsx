import { type Subscription, useSubscriptions } from '@memoria/api';
import { Card, Skeleton } from '@memoria/ui';
import { Fragment } from 'react';
import { FormattedMessage, useIntl } from 'react-intl';
import { LoadFailure } from '../shared/LoadFailure.tsx';
import { PaymentHistory } from './PaymentHistory.tsx';
import * as css from './profile.css.ts';

/** The dates a subscription has, in the order a reader follows them; unset ones are left out. */
const DATES = [
  ['profile.subscriptions.created', 'created_at'],
  ['profile.subscriptions.started', 'start_date'],
  ['profile.subscription.nextBilling', 'next_billing_date'],
  ['profile.subscriptions.cancelledOn', 'cancelled_at'],
  ['profile.subscription.accessUntil', 'end_date'],
] as const satisfies readonly (readonly [string, keyof Subscription])[];

function SubscriptionItem({ subscription: s }: { subscription: Subscription }) {
  const intl = useIntl();
  const headingId = `subscription-${s.id}`;
  return (
    <li aria-labelledby={headingId} className={css.subscriptionItem}>
      <h3 id={headingId} className={css.subscriptionHeading}>
        <FormattedMessage
          id="profile.subscriptions.item"
          values={{
            plan: intl.formatMessage({ id: `profile.plan.${s.plan_name}` }),
            status: intl.formatMessage({ id: `profile.subscription.status.${s.status}` }),
          }}
        />
      </h3>
      <dl className={css.dates}>
        {DATES.filter(([, field]) => s[field] !== null).map(([label, field]) => (
          <Fragment key={field}>
            <dt>
              <FormattedMessage id={label} />
            </dt>
            <dd className={css.date}>
              {intl.formatDate(s[field] as string, { dateStyle: 'long' })}
            </dd>
          </Fragment>
        ))}
      </dl>
      {s.status === 'failed' && s.failure_reason ? (
        <p style={{ margin: 0 }}>
          <FormattedMessage id={`profile.subscription.failure.${s.failure_reason}`} />
        </p>
      ) : null}
      <PaymentHistory subscriptionId={s.id} headingLevel={4} />
    </li>
  );
}

/**
 * The account's past and current subscriptions, newest first, a section of `Profile` on `/profile`
 * (`ProfileIsland`): each with its plan and status, its dates and its payments. A renewal is a new
 * subscription, so the earlier ones and what was paid for them stay readable here.
 *
 * **Use it** on the profile, under the current subscription, for the account's whole billing
 * history. **Don't use it** for the current plan and its actions (the subscription section: Cancel,
 * Renew) or for plans one could buy (`InAppPricing`).
 *
 * **API calls and states.**
 * - `GET auth/subscriptions/`: a skeleton while it loads (`Loading`); each subscription as "{plan}
 *   · {status}" with the dates it has (created, started, next billing, cancelled on, access until)
 *   (`List`, `Cancelled`); a failed purchase with why the account stayed free (`Declined`); none
 *   ever bought: a sentence (`Empty`); a failed read: 'Error fetching subscriptions' (§8) with
 *   Retry (`LoadError`).
 * - `GET auth/subscriptions/{id}/payment_history/` for each: a table of date, amount and status,
 *   "No payments yet", or its own error with Retry.
 * - The events stream refreshes it when a subscription changes.
 *
 * **Accessibility.** A section headed "Your subscriptions" (`h2`); each subscription is a list item
 * labelled by its `h3`, with its dates as a description list and its payments under an `h4`
 * "Payment history", in a table with column headers. A failed read is `role="alert"` with a Retry
 * button.
 */
export function SubscriptionList() {
  const intl = useIntl();
  const list = useSubscriptions();
  let body: React.ReactNode;
  if (list.isPending) body = <Skeleton height={96} />;
  else if (list.isError) {
    body = (
      <LoadFailure
        retryId="profile.retry"
        messageId="profile.subscriptions.failed"
        onRetry={() => list.refetch()}
      />
    );
  } else if (list.data.length === 0) {
    body = (
      <p style={{ margin: 0 }}>
        <FormattedMessage id="profile.subscriptions.empty" />
      </p>
    );
  } else {
    body = (
      <ul className={css.subscriptionList}>
        {list.data.map((s) => (
          <SubscriptionItem key={s.id} subscription={s} />
        ))}
      </ul>
    );
  }
  return (
    <Card
      as="section"
      title={intl.formatMessage({ id: 'profile.subscriptions.title' })}
      headingLevel={2}
    >
      {body}
    </Card>
  );
}
