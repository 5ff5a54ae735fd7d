import { isApiRequestError } from '@memoria/api';
import { Button } from '@memoria/ui';
import { FormattedMessage } from 'react-intl';

/** Whether a read failed because its object does not exist (deleted, or never the caller's). */
export function isNotFound(error: unknown): boolean {
  return isApiRequestError(error) && error.status === 404;
}

/**
 * The page of an object that no longer exists (a deleted chat, deck or duel reached from the
 * history or an old link): says so and offers the way back to its list. Nothing to retry, and
 * none of the page's controls, since there is nothing left to act on.
 */
export function Gone({
  titleId,
  messageId,
  backId,
  backHref,
}: {
  titleId: string;
  messageId: string;
  backId: string;
  backHref: string;
}) {
  return (
    <section style={{ display: 'grid', gap: 12, justifyItems: 'start' }}>
      <h2 style={{ margin: 0 }}>
        <FormattedMessage id={titleId} />
      </h2>
      <p style={{ margin: 0 }}>
        <FormattedMessage id={messageId} />
      </p>
      <Button variant="secondary" href={backHref}>
        <FormattedMessage id={backId} />
      </Button>
    </section>
  );
}
