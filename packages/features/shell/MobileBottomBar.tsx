import { usePendingFriendRequests } from '@memoria/api';
import { Badge } from '@memoria/ui';
import { FormattedMessage, useIntl } from 'react-intl';
import { ChartIcon, GridIcon, PeopleIcon, PersonIcon } from '../shared/icons.tsx';
import { isCurrent } from './modes.ts';
import * as s from './shell.css.ts';

/**
 * The phone navigation bar (Profile, Modes, Friends, Progress), mounted by `MobileBottomBarIsland`.
 *
 * **API calls and states**
 * - `GET /friends/friendships/pending/`: the Friends badge counts received requests (no badge at 0).
 *
 * **Accessibility.** A navigation landmark of links; the current page is marked with
 * `aria-current`, and the badge is read as "{count} pending friend requests".
 */
export function MobileBottomBar({ currentPath }: { currentPath?: string | undefined }) {
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
