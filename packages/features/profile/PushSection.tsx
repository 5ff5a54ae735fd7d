import {
  browserSupportsPush,
  usePushSubscriptions,
  useSetPush,
  useThisBrowserPushEndpoint,
} from '@memoria/api';
import { Card } from '@memoria/ui';
import { FormattedMessage, useIntl } from 'react-intl';
import * as s from './profile.css.ts';

/**
 * Push notifications, a section of `Profile` (issue 46): one checkbox that sends duel and friend
 * requests to this browser as notifications while the app is closed. Shown only where the
 * browser has the Push API and a service worker and the server has VAPID keys (its
 * `public_key`); otherwise nothing renders. Checked when this browser's push endpoint is among
 * the caller's stored subscriptions.
 *
 * **Use it** in the profile page, once. **Don't use it** for the in-app bell (`NotificationBell`),
 * which needs no permission.
 *
 * **Accessibility.** A section headed "Notifications" (`h2`) with one labelled checkbox, disabled
 * while a change is saved; a blocked permission or a failure is an alert under it.
 *
 * **API calls and states.** `GET auth/push-subscriptions/` (hidden while loading, on error and
 * with `public_key` null), then `POST` (on) or `DELETE auth/push-subscriptions/{id}/` (off).
 * Stories: none (the Push API is not in the story browser's page); see PushSection.test.tsx.
 */
export function PushSection() {
  const intl = useIntl();
  const supported = browserSupportsPush();
  const list = usePushSubscriptions({ enabled: supported });
  const publicKey = list.data?.public_key ?? null;
  const endpoint = useThisBrowserPushEndpoint(supported && publicKey !== null);
  const setPush = useSetPush();
  if (!supported || !publicKey || endpoint.isPending) return null;
  const on =
    endpoint.data !== null &&
    (list.data?.results.some((subscription) => subscription.endpoint === endpoint.data) ?? false);
  const blocked =
    (typeof Notification !== 'undefined' && Notification.permission === 'denied') ||
    setPush.error?.name === 'NotAllowedError';
  return (
    <Card as="section" title={intl.formatMessage({ id: 'profile.push.title' })} headingLevel={2}>
      <div className={s.checkList}>
        <label className={s.checkRow}>
          <input
            type="checkbox"
            checked={on}
            disabled={setPush.isPending || blocked}
            onChange={(event) => setPush.mutate({ on: event.target.checked, publicKey })}
          />
          <FormattedMessage id="profile.push.toggle" />
        </label>
        {blocked ? (
          <p role="alert" className={s.checkNote}>
            <FormattedMessage id="profile.push.blocked" />
          </p>
        ) : setPush.isError ? (
          <p role="alert" className={s.checkNote}>
            <FormattedMessage id="profile.push.failed" />
          </p>
        ) : (
          <p className={s.checkNote}>
            <FormattedMessage id="profile.push.note" />
          </p>
        )}
      </div>
    </Card>
  );
}
