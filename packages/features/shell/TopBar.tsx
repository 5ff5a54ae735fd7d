import { Drawer, IconButton, MenuIcon } from '@memoria/ui';
import { useState } from 'react';
import { useIntl } from 'react-intl';
import { NotificationsMenu, type NotificationsMenuProps } from './NotificationsMenu.tsx';
import { LanguageSwitch, ThemeToggle } from './Preferences.tsx';
import { SearchBox, type SearchBoxProps } from './SearchBox.tsx';
import { SidebarNav } from './Sidebar.tsx';
import * as s from './shell.css.ts';

export interface TopBarProps {
  currentPath?: string | undefined;
  /** Stories: the search and the notifications start open. */
  search?: SearchBoxProps;
  notifications?: NotificationsMenuProps;
  /** Stories: the mobile drawer starts open. */
  defaultDrawerOpen?: boolean;
}

/**
 * The top bar of every app page, mounted by `TopBarIsland`: the menu button and drawer on phones,
 * the search, language and theme switches, and the notifications bell.
 *
 * **API calls and states**
 * - Search: the modes, the decks (`GET /space-repetition/desks/` with the text) and the macro-image
 *   chats (`GET /macroimages/chats/`) as you type (`SearchOpen`, `SearchFiltered`); a failed read
 *   says so in the list (`SearchFailed`).
 * - The bell: see `NotificationsMenu` (`Notifications`). The island also opens the events stream.
 * - Phones: the menu button opens the navigation `Drawer` (`PhoneDrawer`).
 *
 * **Accessibility.** The search is a combobox: Ctrl/Cmd+K focuses it, arrows move through the
 * results, Enter opens one, Escape closes the list. The language and theme switches and the menu
 * button are labelled buttons.
 */
export function TopBar({
  currentPath,
  search,
  notifications,
  defaultDrawerOpen = false,
}: TopBarProps) {
  const intl = useIntl();
  const [drawerOpen, setDrawerOpen] = useState(defaultDrawerOpen);
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
        <LanguageSwitch />
        <ThemeToggle />
        <NotificationsMenu {...notifications} />
      </div>
    </div>
  );
}
