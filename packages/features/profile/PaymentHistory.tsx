import { usePaymentHistory } from '@memoria/api';
import { Skeleton } from '@memoria/ui';
import { FormattedMessage, useIntl } from 'react-intl';
import { LoadFailure } from '../shared/LoadFailure.tsx';

/** The payments of one subscription, newest first (`GET auth/subscriptions/{id}/payment_history/`). */
export function PaymentHistory({
  subscriptionId,
  headingLevel = 3,
}: {
  subscriptionId: number;
  /** Level of the "Payment history" heading, one below the section it sits in. */
  headingLevel?: 3 | 4;
}) {
  const Heading = `h${headingLevel}` as const;
  const intl = useIntl();
  const history = usePaymentHistory(subscriptionId);
  let body: React.ReactNode;
  if (history.isPending) body = <Skeleton height={48} />;
  else if (history.isError) {
    body = (
      <LoadFailure
        retryId="profile.retry"
        messageId="profile.history.failed"
        onRetry={() => history.refetch()}
      />
    );
  } else if (history.data.length === 0) {
    body = (
      <p>
        <FormattedMessage id="profile.history.empty" />
      </p>
    );
  } else {
    body = (
      <table style={{ width: '100%', borderCollapse: 'collapse' }}>
        <thead>
          <tr>
            <th scope="col" style={{ textAlign: 'start' }}>
              <FormattedMessage id="profile.history.date" />
            </th>
            <th scope="col" style={{ textAlign: 'start' }}>
              <FormattedMessage id="profile.history.amount" />
            </th>
            <th scope="col" style={{ textAlign: 'start' }}>
              <FormattedMessage id="profile.history.status" />
            </th>
          </tr>
        </thead>
        <tbody>
          {history.data.map((p) => (
            <tr key={p.id}>
              <td>{intl.formatDate(p.paid_at ?? p.created_at, { dateStyle: 'medium' })}</td>
              <td>{intl.formatNumber(p.amount, { style: 'currency', currency: p.currency })}</td>
              <td>
                <FormattedMessage id={`profile.history.status.${p.status}`} />
              </td>
            </tr>
          ))}
        </tbody>
      </table>
    );
  }
  return (
    <section aria-labelledby={`payments-${subscriptionId}`}>
      <Heading id={`payments-${subscriptionId}`}>
        <FormattedMessage id="profile.history.title" />
      </Heading>
      {body}
    </section>
  );
}
