import { $appUpdated, $offline, $reviewSync, useHydrated } from '@memoria/api';
import { Chip, Drawer, IconButton, MenuIcon } from '@memoria/ui';
import { useStore } from '@nanostores/react';
import { useState } from 'react';
import { useIntl } from 'react-intl';
import { NotificationsMenu, type NotificationsMenuProps } from './NotificationsMenu.tsx';
import { LanguageSwitch, ThemeToggle } from './Preferences.tsx';
import { SearchBox, type SearchBoxProps } from './SearchBox.tsx';
import { SidebarNav } from './Sidebar.tsx';
import * as s from './shell.css.ts';

export interface TopBarProps {
  /** The page's path, for `aria-current` in the drawer's navigation. */
  currentPath?: string | undefined;
  /** Stories: the search and the notifications start open. */
  search?: SearchBoxProps;
  /** Stories: the bell's menu starts open, with a fixed "now" for the ages. */
  notifications?: NotificationsMenuProps;
  /** Stories: the mobile drawer starts open. */
  defaultDrawerOpen?: boolean;
  /** Force the offline indicator shown (stories); by default it follows `$offline`. */
  offline?: boolean;
  /** Force the "Updated" notice shown (stories); by default it follows `$appUpdated`. */
  updated?: boolean;
}

/**
 * "Offline" while the browser has no network, the review's ratings waiting to be sent and the
 * last sync (while offline or while some wait), and a quiet "Updated" once a new version of the
 * app took over (src/pwa/register.ts). A polite live region: all are announced, none interrupts.
 */
function ConnectionStatus({ offline, updated }: { offline?: boolean; updated?: boolean }) {
  const intl = useIntl();
  // What the browser knows and the server did not waits for hydration (useHydrated): a page
  // served by the worker and hydrated offline showed the chip in its first render, React #418.
  const live = useHydrated();
  const isOffline = useStore($offline) && live;
  const isUpdated = useStore($appUpdated) && live;
  const storedSync = useStore($reviewSync);
  const sync = live ? storedSync : { waiting: 0, lastSyncAt: null };
  const showOffline = offline ?? isOffline;
  const showSync = showOffline || sync.waiting > 0;
  const showUpdated = updated ?? isUpdated;
  return (
    <div role="status" className={s.connectionStatus}>
      {showOffline && (
        <span title={intl.formatMessage({ id: 'shell.offline.description' })}>
          <Chip label={intl.formatMessage({ id: 'shell.offline' })} />
        </span>
      )}
      {showSync && sync.waiting > 0 && (
        <Chip label={intl.formatMessage({ id: 'shell.reviewsWaiting' }, { count: sync.waiting })} />
      )}
      {showSync && sync.lastSyncAt && (
        <Chip
          label={intl.formatMessage(
            { id: 'shell.lastSync' },
            { time: intl.formatTime(sync.lastSyncAt, { hour: '2-digit', minute: '2-digit' }) },
          )}
        />
      )}
      {showUpdated && <Chip label={intl.formatMessage({ id: 'shell.appUpdated' })} />}
    </div>
  );
}

/**
 * The top bar of every app page, mounted by `TopBarIsland`: the menu button and drawer on phones,
 * the search, language and theme switches, and the notifications bell.
 *
 * **Use it** once per app page, at the top of the layout. **Don't use it** on the public
 * (signed-out) pages, whose header is static, or for a page's own toolbar.
 *
 * **API calls and states.** The bar with the search closed (`Default`); the bell reads its list at
 * once.
 * - Search: the modes, the decks (`GET /space-repetition/desks/` with the text) and the macro-image
 *   chats (`GET /macroimages/chats/`) as you type (`SearchOpen`, `SearchFiltered`); a failed read
 *   says so in the list (`SearchFailed`).
 * - The bell: see `NotificationsMenu` (`Notifications`). The island also opens the events stream.
 * - Phones: the menu button opens the navigation `Drawer` (`PhoneDrawer`).
 * - Offline (the browser has no network): an "Offline" chip; after a new version of the app took
 *   over, a quiet "Updated" chip (`OfflineAndUpdated`).
 *
 * **Accessibility.** The search is a WAI-ARIA combobox with a listbox of grouped options:
 * Ctrl/Cmd+K focuses it (and selects its text) from anywhere on the page, even before the island
 * has hydrated; ArrowDown opens the list and moves the active option, ArrowUp moves back
 * (`aria-activedescendant`, the focus stays in the field), Enter opens it, Escape closes the list.
 * The language switch is a group named "Language" of two toggle buttons (`aria-pressed`, each
 * naming its language); the theme switch is an icon button named after what it does ("Switch to
 * dark theme"); the bell is `NotificationsMenu`'s menu button. On phones the menu button ("Open
 * menu", `aria-haspopup="dialog"`, `aria-expanded`) opens the navigation in a modal `Drawer`, which
 * returns focus to it when it closes. "Offline" and "Updated" sit in a polite `role="status"`
 * region, announced without moving focus.
 */
export function TopBar({
  currentPath,
  search,
  notifications,
  defaultDrawerOpen = false,
  offline,
  updated,
}: TopBarProps) {
  const intl = useIntl();
  const [drawerOpen, setDrawerOpen] = useState(defaultDrawerOpen);
  // The app layout keeps this island from page to page (client-side navigation), passing the new
  // page's path: the drawer, opened to pick that page, closes once it is there.
  const [drawerPath, setDrawerPath] = useState(currentPath);
  if (drawerPath !== currentPath) {
    setDrawerPath(currentPath);
    setDrawerOpen(false);
  }
  return (
    <div className={s.topBar}>
      <IconButton
        className={s.mobileOnly}
        aria-label={intl.formatMessage({ id: 'shell.nav.openMenu' })}
        aria-haspopup="dialog"
        aria-expanded={drawerOpen}
        onClick={() => setDrawerOpen(true)}
      >
        <MenuIcon />
      </IconButton>
      <Drawer
        open={drawerOpen}
        onClose={() => setDrawerOpen(false)}
        title={intl.formatMessage({ id: 'shell.nav.menu' })}
      >
        <SidebarNav currentPath={currentPath} hideBrand />
      </Drawer>
      <SearchBox {...search} />
      <div className={s.topBarActions}>
        <ConnectionStatus offline={offline} updated={updated} />
        <LanguageSwitch />
        <ThemeToggle />
        <NotificationsMenu {...notifications} />
      </div>
    </div>
  );
}
