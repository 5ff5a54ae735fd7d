import { Button } from '@memoria/ui';
import { FormattedMessage } from 'react-intl';

/** A section whose read failed: the spec's message for it and Retry. */
export function LoadFailure({ messageId, onRetry }: { messageId: string; onRetry: () => void }) {
  return (
    <div role="alert" style={{ display: 'grid', gap: 8, justifyItems: 'start' }}>
      <p style={{ margin: 0 }}>
        <FormattedMessage id={messageId} />
      </p>
      <Button size="sm" variant="secondary" onClick={onRetry}>
        <FormattedMessage id="profile.retry" />
      </Button>
    </div>
  );
}
