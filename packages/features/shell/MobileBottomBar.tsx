import { usePendingFriendRequests } from '@memoria/api';
import { Badge } from '@memoria/ui';
import { FormattedMessage, useIntl } from 'react-intl';
import { ChartIcon, GridIcon, PeopleIcon, PersonIcon } from '../shared/icons.tsx';
import { isCurrent } from './modes.ts';
import * as s from './shell.css.ts';

/**
 * The phone navigation bar (Profile, Modes, Friends, Progress) at the bottom of every app page on
 * narrow screens, mounted by `MobileBottomBarIsland`; the Friends item counts the friend requests
 * waiting for an answer.
 *
 * **Use it** once per app page, for phones (the layout shows it below 900 px, where `SidebarNav`
 * moves into the top bar's drawer). **Don't use it** for a page's own tabs (`Tabs`) or for actions
 * (it holds links only).
 *
 * **API calls and states.**
 * - `GET /friends/friendships/pending/` (received, one row: only its `count` is used): the Friends
 *   badge counts them, and shows nothing at 0 or while the call runs (`Default`).
 *
 * **Accessibility.** A navigation landmark named "Quick navigation", a list of four links whose
 * icons are decorative; the current page's link is marked `aria-current="page"`. The badge's number
 * is hidden from screen readers and replaced by its label ("2 pending friend requests"), read as
 * part of the Friends link.
 */
export function MobileBottomBar({
  currentPath,
}: {
  /** The page's path, for `aria-current` on its link. */
  currentPath?: string | undefined;
}) {
  const intl = useIntl();
  // One row is enough: the badge is the page's `count` of pending requests received.
  const pending = usePendingFriendRequests('received', { pageSize: 1 });
  const received = pending.data?.count ?? 0;
  const current = (href: string) => (isCurrent(currentPath, href) ? 'page' : undefined);
  return (
    <nav aria-label={intl.formatMessage({ id: 'shell.nav.bottom' })}>
      <ul className={s.bottomBar}>
        <li>
          <a className={s.bottomItem} href="/profile" aria-current={current('/profile')}>
            <PersonIcon />
            <FormattedMessage id="shell.nav.profile" />
          </a>
        </li>
        <li>
          <a
            className={s.bottomItem}
            href="/"
            aria-current={currentPath === '/' ? 'page' : undefined}
          >
            <GridIcon />
            <FormattedMessage id="shell.nav.modes" />
          </a>
        </li>
        <li>
          <a className={s.bottomItem} href="/friends" aria-current={current('/friends')}>
            <Badge
              count={received}
              label={intl.formatMessage({ id: 'shell.nav.pendingFriends' }, { count: received })}
            >
              <PeopleIcon />
            </Badge>
            <FormattedMessage id="shell.nav.friends" />
          </a>
        </li>
        <li>
          <a className={s.bottomItem} href="/my-progress" aria-current={current('/my-progress')}>
            <ChartIcon />
            <FormattedMessage id="shell.nav.progress" />
          </a>
        </li>
      </ul>
    </nav>
  );
}
