import {
  type Notification,
  useAnswerFriendRequest,
  useEventStream,
  useMarkNotificationsSeen,
  useNotificationList,
  usePendingFriendRequests,
} from '@memoria/api';
import { Badge, BellIcon, Button, Menu, type MenuItem, Spinner } from '@memoria/ui';
import { useIntl } from 'react-intl';
import { notificationAge, notificationView } from './notifications.ts';
import * as s from './shell.css.ts';

/** Notification menu maximum height (§2, §9). */
export const NOTIFICATIONS_MAX_HEIGHT = 250;

export interface NotificationsMenuProps {
  /** Start open (stories). */
  defaultOpen?: boolean;
  /** "Now" for the ages (tests, stories); defaults to the clock. */
  now?: number;
}

/**
 * Opens the page's events stream (rendered once, by the top bar's island): its `notification`
 * events invalidate the bell's list, so the bell updates live. Stories render the bell without it.
 */
export function LiveEvents() {
  useEventStream();
  return null;
}

/**
 * The bell in the top bar (part of `TopBarIsland`): a `Menu` of the learner's notifications, newest
 * first, with a badge for the unseen ones.
 *
 * **API calls and states**
 * - `GET /notifications/`. Pending: `Loading`; failure: an alert inside the menu (`LoadError`);
 *   none: "No notifications" (`Empty`); otherwise the list (`Open`), the badge counting unseen ones
 *   (`Badge`).
 * - Opening the menu: `POST /notifications/mark_seen/`. New notifications arrive through the
 *   events stream (`GET /events/`) and refresh the list.
 *
 * **Accessibility.** A WAI-ARIA menu button named with the unseen count; the load failure is
 * `role="alert"`, loading is `role="status"`.
 */
export function NotificationsMenu({ defaultOpen, now }: NotificationsMenuProps) {
  const intl = useIntl();
  const list = useNotificationList();
  const markSeen = useMarkNotificationsSeen();
  // The requests still waiting for an answer: only those get Accept and Reject in the bell.
  const pending = usePendingFriendRequests('received', { pageSize: 100 });
  const answer = useAnswerFriendRequest();
  const open = new Set((pending.data?.results ?? []).map((f) => f.id));
  const notifications: Notification[] = list.data?.results ?? [];
  const unseen = list.data?.unseen_count ?? 0;

  const at = now ?? Date.now();
  const items: MenuItem[] = notifications.flatMap((n) => {
    const view = notificationView(n);
    const age = notificationAge(n.created_at, at);
    const item: MenuItem = {
      id: String(n.id),
      href: view.href,
      label: intl.formatMessage({ id: view.message }, view.values),
      description: intl.formatMessage({ id: age.id }, { count: age.count ?? 0 }),
    };
    const requestId = view.friendRequestId;
    if (requestId === undefined || !open.has(requestId)) return [item];
    return [
      item,
      {
        id: `${n.id}-accept`,
        label: intl.formatMessage({ id: 'shell.notifications.acceptFriend' }, view.values),
        disabled: answer.isPending,
        onSelect: () => answer.mutate({ id: requestId, action: 'accept' }),
      },
      {
        id: `${n.id}-reject`,
        label: intl.formatMessage({ id: 'shell.notifications.rejectFriend' }, view.values),
        disabled: answer.isPending,
        onSelect: () => answer.mutate({ id: requestId, action: 'reject' }),
      },
    ];
  });

  let emptyContent = (
    <p className={s.noResults}>{intl.formatMessage({ id: 'shell.notifications.empty' })}</p>
  );
  if (list.isError) {
    emptyContent = (
      <div className={s.notificationsState} role="alert">
        <p className={s.noResults}>{intl.formatMessage({ id: 'shell.notifications.error' })}</p>
        <Button variant="secondary" size="sm" onClick={() => void list.refetch()}>
          {intl.formatMessage({ id: 'shell.notifications.retry' })}
        </Button>
      </div>
    );
  } else if (list.isPending) {
    emptyContent = (
      <div className={s.notificationsState} role="status">
        <Spinner size="sm" decorative />
        <p className={s.noResults}>{intl.formatMessage({ id: 'shell.notifications.loading' })}</p>
      </div>
    );
  }

  return (
    <Menu
      align="end"
      defaultOpen={defaultOpen}
      maxHeight={NOTIFICATIONS_MAX_HEIGHT}
      triggerClassName={s.bell}
      triggerLabel={intl.formatMessage(
        { id: 'shell.notifications.labelWithCount' },
        { count: unseen },
      )}
      trigger={
        <Badge count={unseen} label="">
          <BellIcon />
        </Badge>
      }
      items={items}
      emptyContent={emptyContent}
      onOpenChange={(open) => {
        const newest = notifications[0];
        if (open && unseen > 0 && newest) markSeen.mutate({ upToId: newest.id });
      }}
    />
  );
}
