import {
  managesSchools,
  type Schemas,
  useAccountInfo,
  useActivityHistory,
  useLogout,
} from '@memoria/api';
import { Badge, Skeleton } from '@memoria/ui';
import { FormattedMessage, useIntl } from 'react-intl';
import { useIsFreePlan } from '../gate/index.ts';
import {
  CardsIcon,
  ChartIcon,
  ImageIcon,
  LogoutIcon,
  PeopleIcon,
  PersonIcon,
  SchoolIcon,
  SwordsIcon,
  TableIcon,
} from '../shared/icons.tsx';
import { activityHref, isCurrent, latestActivities, MODES, type ModeId } from './modes.ts';
import { PanelFailure } from './PanelFailure.tsx';
import * as s from './shell.css.ts';

export const MODE_ICONS: Record<ModeId, typeof CardsIcon> = {
  duels: SwordsIcon,
  spacedRepetition: CardsIcon,
  macroImages: ImageIcon,
  conversionTable: TableIcon,
};

export function Logo() {
  return (
    <svg width="28" height="28" viewBox="0 0 32 32" aria-hidden="true" focusable="false">
      <defs>
        <linearGradient id="memoria-logo-gradient" x1="0" y1="0" x2="1" y2="1">
          <stop offset="0" stopColor="#1976d2" />
          <stop offset="1" stopColor="#9c27b0" />
        </linearGradient>
      </defs>
      <rect width="32" height="32" rx="8" fill="url(#memoria-logo-gradient)" />
      <path
        d="M8 23V10l8 8 8-8v13"
        fill="none"
        stroke="#fff"
        strokeWidth="3"
        strokeLinecap="round"
        strokeLinejoin="round"
      />
    </svg>
  );
}

function ModesNav({ currentPath }: { currentPath?: string | undefined }) {
  const free = useIsFreePlan();
  return (
    <ul className={s.navList}>
      {MODES.map((mode) => {
        const Icon = MODE_ICONS[mode.id];
        return (
          <li key={mode.id}>
            <a
              className={`${s.navItem} ${s.modeRow}`}
              href={mode.href}
              aria-current={isCurrent(currentPath, mode.href) ? 'page' : undefined}
            >
              <span className={`${s.modeIcon} ${s.modeDot[mode.id]}`}>
                <Icon size={18} />
              </span>
              <span className={s.modeLabel}>
                <FormattedMessage id={mode.label} />
              </span>
              {free && mode.premium ? <Badge variant="premium" className={s.modeBadge} /> : null}
            </a>
          </li>
        );
      })}
    </ul>
  );
}

function ActivityLine({ activity }: { activity: Schemas['Activity'] }) {
  const intl = useIntl();
  const type = intl.formatMessage({ id: `shell.activity.${activity.activity_type}` });
  let title: string;
  if (activity.activity_type === 'space_repetition') {
    title = activity.deck_name || intl.formatMessage({ id: 'shell.history.unnamedDeck' });
  } else if (activity.activity_type === 'macro_images') {
    title = activity.chat_title || intl.formatMessage({ id: 'shell.history.unnamedChat' });
  } else if (activity.opponent_username) {
    title = intl.formatMessage(
      { id: 'shell.history.vs' },
      { opponent: activity.opponent_username },
    );
  } else {
    title = activity.deck_name || type;
  }
  return (
    <a className={s.historyItem} href={activityHref(activity)}>
      {/* The whole title on hover; screen readers read the text, which is never cut. */}
      <span className={s.navLabel} title={title}>
        {title}
      </span>
      <span className={s.historyMeta}>{type}</span>
    </a>
  );
}

/** History: the 3 latest activities; says so (with Retry) when the call fails. */
function HistoryNav() {
  const history = useActivityHistory(3);
  // Pending (not "loading"): the server render, where no token exists, must match hydration.
  if (history.isError) {
    return <PanelFailure error={history.error} onRetry={() => history.refetch()} />;
  }
  if (history.isPending) return <Skeleton lines={3} />;
  const activities = latestActivities(history.data?.results ?? []);
  if (activities.length === 0) {
    return (
      <p className={s.muted}>
        <FormattedMessage id="shell.history.empty" />
      </p>
    );
  }
  return (
    <ul className={s.navList}>
      {activities.map((activity) => (
        <li key={activity.id}>
          <ActivityLine activity={activity} />
        </li>
      ))}
    </ul>
  );
}

/**
 * The link to `/schools`, only for the accounts that manage schools (Enterprise, Enterprise+);
 * nothing while the account is unknown (server render, loading, failure).
 */
function SchoolsLink({ currentPath }: { currentPath?: string | undefined }) {
  const account = useAccountInfo();
  if (!managesSchools(account.data?.account_type)) return null;
  return (
    <li>
      <a
        className={s.navItem}
        href="/schools"
        aria-current={isCurrent(currentPath, '/schools') ? 'page' : undefined}
      >
        <SchoolIcon />
        <span className={s.navLabel}>
          <FormattedMessage id="shell.nav.schools" />
        </span>
      </a>
    </li>
  );
}

export interface SidebarNavProps {
  /** The page's path, for aria-current. */
  currentPath?: string | undefined;
  /** Hide the logo (inside the drawer, whose title names it). */
  hideBrand?: boolean;
}

/**
 * The app's navigation: the modes, the latest history and the account links. Mounted by
 * `SidebarIsland` on desktop and shown inside the `TopBar`'s drawer on phones.
 *
 * **Use it** once per app page: in the layout's left column on wide screens and in the top bar's
 * drawer on phones. **Don't use it** for the phone's bottom bar (`MobileBottomBar`) or for a page's
 * own sections (`Tabs`).
 *
 * **API calls and states.**
 * - `GET /auth/activity-history/`: a placeholder while it loads (`HistoryLoading`), the three
 *   latest activities, "no history yet" (`EmptyHistory`) or "could not load" with Retry
 *   (`HistoryFailed`).
 * - `GET /auth/users/account_info/`: gated modes marked PREMIUM on the free plan (`Free`, `Paid`);
 *   the Schools link for Enterprise and Enterprise+ accounts only (`Enterprise`, `EnterprisePlus`).
 * - Log out: `POST /auth/logout/`.
 *
 * **Accessibility.** A navigation landmark named "Main navigation": the logo is a link named
 * "Memoria home", "Modes" and "History" are `h2` headings over lists of links, and the current
 * page's link is marked `aria-current="page"`. Icons are decorative; a gated mode's PREMIUM badge
 * is read with its link. Log out is a button (disabled while logging out). A failed history read is
 * a `role="status"` region with Retry.
 */
export function SidebarNav({ currentPath, hideBrand }: SidebarNavProps) {
  const intl = useIntl();
  const logout = useLogout();
  return (
    <nav className={s.sidebar} aria-label={intl.formatMessage({ id: 'shell.nav.label' })}>
      {hideBrand ? null : (
        <a className={s.brand} href="/" aria-label={intl.formatMessage({ id: 'shell.home' })}>
          <Logo />
          <span aria-hidden="true">Memoria</span>
        </a>
      )}
      <div>
        <h2 className={s.sectionTitle}>
          <FormattedMessage id="shell.nav.modes" />
        </h2>
        <ModesNav currentPath={currentPath} />
      </div>
      <div>
        <h2 className={s.sectionTitle}>
          <FormattedMessage id="shell.nav.history" />
        </h2>
        <HistoryNav />
      </div>
      <div className={s.spacer} />
      <hr className={s.divider} />
      <ul className={s.navList}>
        <li>
          <a
            className={s.navItem}
            href="/profile"
            aria-current={isCurrent(currentPath, '/profile') ? 'page' : undefined}
          >
            <PersonIcon />
            <span className={s.navLabel}>
              <FormattedMessage id="shell.nav.profile" />
            </span>
          </a>
        </li>
        <li>
          <a
            className={s.navItem}
            href="/my-progress"
            aria-current={isCurrent(currentPath, '/my-progress') ? 'page' : undefined}
          >
            <ChartIcon />
            <span className={s.navLabel}>
              <FormattedMessage id="shell.nav.myProgress" />
            </span>
          </a>
        </li>
        {/* Every width needs a way to the friends (duels are between friends): the right panel
            that lists them shows only from 1285 px. */}
        <li>
          <a
            className={s.navItem}
            href="/friends"
            aria-current={isCurrent(currentPath, '/friends') ? 'page' : undefined}
          >
            <PeopleIcon />
            <span className={s.navLabel}>
              <FormattedMessage id="shell.nav.friends" />
            </span>
          </a>
        </li>
        <SchoolsLink currentPath={currentPath} />
        <li>
          <button
            type="button"
            className={s.navItem}
            onClick={() => logout.mutate()}
            disabled={logout.isPending}
          >
            <LogoutIcon />
            <span className={s.navLabel}>
              <FormattedMessage id="shell.nav.logout" />
            </span>
          </button>
        </li>
      </ul>
    </nav>
  );
}
