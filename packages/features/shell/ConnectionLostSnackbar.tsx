import { $connectionLost, retryConnection } from '@memoria/api';
import { Snackbar } from '@memoria/ui';
import { useStore } from '@nanostores/react';
import { useQueryClient } from '@tanstack/react-query';
import { useIntl } from 'react-intl';

/**
 * "Connection lost. Redirecting to login..." while the API client reports the connection lost (a
 * request failed at the network level), mounted on every app page by `ConnectionLostIsland`. Unless
 * the learner presses Retry, the client clears the session and goes to the login page a few seconds
 * later.
 *
 * **Use it** once per page, in the app layout; it follows the client's `$connectionLost` store by
 * itself. **Don't use it** for a failed answer from the server (each feature shows that error with
 * its own Retry) or for a message the learner may dismiss (it has no ×).
 *
 * **API calls and states.** None of its own. Shown while the connection is lost (`Open`); hidden
 * otherwise. Retry cancels the redirect, clears the signal and refetches the page's active queries.
 *
 * **Accessibility.** An error `Snackbar` (`role="alert"`), so it is announced at once; it does not
 * hide by itself and has no close button, only Retry, a button reachable with Tab. Focus is not
 * moved to it.
 */
export function ConnectionLostSnackbar({
  open,
}: {
  /** Force it shown (stories); by default it follows the API client's `$connectionLost`. */
  open?: boolean;
}) {
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
