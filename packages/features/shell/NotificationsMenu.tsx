import { useDuelRequests, usePendingDuelRequests, usePendingFriendRequests } from '@memoria/api';
import { Badge, BellIcon, Menu, type MenuItem } from '@memoria/ui';
import { useEffect, useMemo, useState } from 'react';
import { useIntl } from 'react-intl';
import { useHydratedQuery } from '../shared/useHydrated.ts';
import {
  type AppNotification,
  buildNotifications,
  notificationAge,
  readSeen,
  writeSeen,
} from './notifications.ts';
import * as s from './shell.css.ts';

/** Notification menu maximum height (§2, §9). */
export const NOTIFICATIONS_MAX_HEIGHT = 250;

export interface NotificationsMenuProps {
  /** Start open (stories). */
  defaultOpen?: boolean;
  /** "Now" for the ages (tests, stories); defaults to the clock. */
  now?: number;
}

/** Reads the three sources (pending ones poll every 10 s, also in the background). */
export function useNotifications(): AppNotification[] {
  const pendingFriends = useHydratedQuery(usePendingFriendRequests());
  const pendingDuels = useHydratedQuery(usePendingDuelRequests());
  const duelRequests = useHydratedQuery(useDuelRequests());
  return useMemo(
    () =>
      buildNotifications({
        pendingFriends: pendingFriends.data,
        pendingDuels: pendingDuels.data,
        duelRequests: duelRequests.data,
      }),
    [pendingFriends.data, pendingDuels.data, duelRequests.data],
  );
}

/** The bell: new notifications counted on its badge, which resets when the list is opened. */
export function NotificationsMenu({ defaultOpen, now }: NotificationsMenuProps) {
  const intl = useIntl();
  const notifications = useNotifications();
  const [seen, setSeen] = useState<Set<string>>(() => new Set());

  useEffect(() => setSeen(readSeen()), []);

  const unseen = notifications.filter((n) => !seen.has(n.key)).length;

  const markAllSeen = () => {
    const next = new Set(notifications.map((n) => n.key));
    setSeen(next);
    writeSeen(next);
  };

  const at = now ?? Date.now();
  const items: MenuItem[] = notifications.map((n) => {
    const age = notificationAge(n.createdAt, at);
    const type = n.duelType ? intl.formatMessage({ id: `shell.duelType.${n.duelType}` }) : '';
    return {
      id: n.key,
      href: n.href,
      label: intl.formatMessage({ id: `shell.notifications.${n.kind}` }, { name: n.name, type }),
      description: intl.formatMessage({ id: age.id }, { count: age.count ?? 0 }),
    };
  });

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
      emptyContent={
        <p className={s.noResults}>{intl.formatMessage({ id: 'shell.notifications.empty' })}</p>
      }
      onOpenChange={(open) => {
        if (open) markAllSeen();
      }}
    />
  );
}
