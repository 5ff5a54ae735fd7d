import { Button } from '@memoria/ui';
import { FormattedMessage } from 'react-intl';

/** A section whose read failed: the spec's message for it (§8) and its feature's Retry. */
export function LoadFailure({
  messageId,
  retryId,
  onRetry,
}: {
  messageId: string;
  retryId: string;
  onRetry: () => void;
}) {
  return (
    <div role="alert" style={{ display: 'grid', gap: 8, justifyItems: 'start' }}>
      <p style={{ margin: 0 }}>
        <FormattedMessage id={messageId} />
      </p>
      <Button size="sm" variant="secondary" onClick={onRetry}>
        <FormattedMessage id={retryId} />
      </Button>
    </div>
  );
}
