import {
  $eventsConnection,
  arenaPath,
  type Notification,
  navigateTo,
  useAnswerFriendRequest,
  useDeleteDuelNotification,
  useDeleteNotification,
  useEventStream,
  useMarkNotificationsSeen,
  useNotificationList,
  usePendingDuelRequests,
  usePendingFriendRequests,
  useRespondToDuelRequest,
} from '@memoria/api';
import { Badge, BellIcon, Button, Menu, type MenuItem, Snackbar, Spinner } from '@memoria/ui';
import { useStore } from '@nanostores/react';
import { useEffect, useState } from 'react';
import { useIntl } from 'react-intl';
import { type GateTitle, PremiumModal, useFeatureAccess } from '../gate/index.ts';
import { errorMessage } from '../shared/errors.ts';
import { notificationAge, notificationText, notificationView } from './notifications.ts';
import * as s from './shell.css.ts';

/** The Premium modal's title key when a free account accepts a duel request. */
const DUELS_GATE_TITLE: GateTitle = 'duels';

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
 * **Use it** once, in the top bar. **Don't use it** for the friends page's requests (`Friends`) or
 * the duels page's (`DuelsHome`), which list them in full.
 *
 * **API calls and states.**
 * - `GET /notifications/`. Pending: `Loading`; failure: an alert inside the menu (`LoadError`);
 *   none: "No notifications" (`Empty`); otherwise the list (`Open`), the badge counting unseen ones
 *   (`Badge`).
 * - Opening the menu: `POST /notifications/mark_seen/`. New notifications arrive through the events
 *   stream (`GET /events/`) and refresh the list.
 * - A friend request still pending (`GET /friends/friendships/pending/`) gets Accept and Reject
 *   (`FriendKinds`); a duel request still pending (`GET /duels/requests/pending/`; `DuelKinds`)
 *   gets Accept, Reject and Hide: Accept (`POST /duels/duel-requests/{id}/respond/`) takes the
 *   learner into the duel, and on a plan without duels opens the Premium modal instead, with no
 *   call (`DuelRequestFreePlan`); Hide (`POST /duels/duel-requests/{id}/delete_notification/`, then
 *   `DELETE /notifications/{id}/`) hides the request from the learner's lists and takes it out of
 *   the bell (`DuelRequestHidden`). A failed answer or Hide shows an error with Retry
 *   (`DuelHideFailed`).
 * - Pending duel requests are read when the list has a duel request, and also while the events
 *   stream is down: then they poll every 10 s, and one the list does not show yet reloads the
 *   list, so a request sent meanwhile arrives with its Accept.
 *
 * **Accessibility.** A WAI-ARIA menu button (`Menu`) named with the unseen count ("Notifications, 3
 * new"); the badge's own number is hidden. Enter, Space or ArrowDown open it on the first item,
 * ArrowUp on the last; arrows, Home and End move; Escape closes it and returns to the bell. Each
 * notification is a menu item (a link when it leads somewhere) with its age as a second line;
 * Accept and Reject are items of their own, named with the person ("Accept ana"). Inside the open
 * menu, loading is `role="status"` and a failure `role="alert"` with Retry.
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
  // Duel requests are read when the list has one to answer, and polled while the stream is down
  // (the spec's 10 s fallback): the list itself is not polled, so a request it does not show yet
  // reloads it once.
  const duelRequest = notifications.some((n) => n.kind === 'duel_request');
  const streamDown = useStore($eventsConnection).status === 'down';
  const pendingDuels = usePendingDuelRequests({ enabled: duelRequest || streamDown });
  const openDuels = new Set((pendingDuels.data ?? []).map((r) => r.id));
  const listed = new Set(notifications.map((n) => notificationView(n).duelRequestId));
  const unlisted = [...openDuels].filter((id) => !listed.has(id)).join(',');
  const { refetch: reloadList } = list;
  useEffect(() => {
    if (unlisted !== '') void reloadList();
  }, [unlisted, reloadList]);
  // The server refuses Accept without the plan (403); the learner sees why before any call.
  const duels = useFeatureAccess('duels', { enabled: duelRequest });
  const [premium, setPremium] = useState(false);
  const [failure, setFailure] = useState<{ error: unknown; again: () => void } | null>(null);
  const respond = useRespondToDuelRequest({
    onSuccess: (answered) => {
      if (answered.status === 'accepted')
        navigateTo(arenaPath(answered.duel_type, answered.duel_id));
    },
    onError: (error, variables) => {
      // A plan that ended since the bell read it: the same modal as before any call.
      if ((error as { code?: string }).code === 'plan_required') setPremium(true);
      else setFailure({ error, again: () => respond.mutate(variables) });
    },
  });
  const hideRequest = useDeleteDuelNotification();
  const dropNotification = useDeleteNotification();
  /** Hides the duel request (the learner's side), then takes its notification out of the bell. */
  const hide = (requestId: number, notificationId: number) => {
    const drop = () =>
      dropNotification.mutate(
        { id: notificationId },
        { onError: (error) => setFailure({ error, again: drop }) },
      );
    hideRequest.mutate(
      { id: requestId },
      {
        onSuccess: drop,
        onError: (error) => setFailure({ error, again: () => hide(requestId, notificationId) }),
      },
    );
  };
  const hiding = hideRequest.isPending || dropNotification.isPending;
  const unseen = list.data?.unseen_count ?? 0;

  const at = now ?? Date.now();
  const items: MenuItem[] = notifications.flatMap((n) => {
    const view = notificationView(n);
    const age = notificationAge(n.created_at, at);
    const item: MenuItem = {
      id: String(n.id),
      href: view.href,
      label: notificationText(intl, n),
      description: intl.formatMessage({ id: age.id }, { count: age.count ?? 0 }),
    };
    const duelId = view.duelRequestId;
    if (duelId !== undefined && openDuels.has(duelId)) {
      return [
        item,
        {
          id: `${n.id}-accept`,
          label: intl.formatMessage({ id: 'shell.notifications.acceptDuel' }, view.values),
          disabled: respond.isPending || duels.status === 'loading',
          onSelect: () => {
            if (duels.allowed) respond.mutate({ id: duelId, action: 'accept' });
            else setPremium(true);
          },
        },
        {
          id: `${n.id}-reject`,
          label: intl.formatMessage({ id: 'shell.notifications.rejectDuel' }, view.values),
          disabled: respond.isPending,
          onSelect: () => respond.mutate({ id: duelId, action: 'reject' }),
        },
        {
          id: `${n.id}-hide`,
          label: intl.formatMessage({ id: 'shell.notifications.hideDuel' }, view.values),
          disabled: respond.isPending || hiding,
          onSelect: () => hide(duelId, n.id),
        },
      ];
    }
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
    <div className={s.bellArea}>
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
      <PremiumModal open={premium} title={DUELS_GATE_TITLE} onClose={() => setPremium(false)} />
      <Snackbar
        open={failure !== null}
        severity="error"
        message={failure ? errorMessage(intl, failure.error) : ''}
        action={
          failure
            ? {
                label: intl.formatMessage({ id: 'shell.notifications.retry' }),
                onClick: failure.again,
              }
            : undefined
        }
        onClose={() => setFailure(null)}
      />
    </div>
  );
}
