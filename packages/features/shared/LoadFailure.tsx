import { ErrorState } from '@memoria/ui';
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
    <ErrorState
      description={<FormattedMessage id={messageId} />}
      retryLabel={<FormattedMessage id={retryId} />}
      onRetry={onRetry}
    />
  );
}
