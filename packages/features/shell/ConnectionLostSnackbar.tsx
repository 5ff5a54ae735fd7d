import { $connectionLost, retryConnection } from '@memoria/api';
import { Snackbar } from '@memoria/ui';
import { useStore } from '@nanostores/react';
import { useQueryClient } from '@tanstack/react-query';
import { useIntl } from 'react-intl';

/**
 * "Connection lost. Redirecting to login..." while the API client reports the connection lost,
 * mounted on every app page by `ConnectionLostIsland`. Retry cancels the redirect and refetches
 * the page's queries.
 *
 * **API calls:** none of its own; Retry refetches the active queries.
 *
 * **Accessibility.** An error `Snackbar` (`role="alert"`, announced at once); Retry is a button.
 */
export function ConnectionLostSnackbar({ open }: { open?: boolean }) {
  const intl = useIntl();
  const client = useQueryClient();
  const lost = useStore($connectionLost);
  return (
    <Snackbar
      open={open ?? lost}
      severity="error"
      autoHideDuration={null}
      closable={false}
      message={intl.formatMessage({ id: 'shell.connectionLost' })}
      action={{
        label: intl.formatMessage({ id: 'shell.retry' }),
        onClick: () => {
          retryConnection();
          void client.refetchQueries({ type: 'active' });
        },
      }}
    />
  );
}
