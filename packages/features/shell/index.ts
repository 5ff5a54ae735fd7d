export { ConnectionLostSnackbar } from './ConnectionLostSnackbar.tsx';
export { Dashboard } from './Dashboard.tsx';
export { GUARD_SCRIPT } from './guard.ts';
export {
  ComingSoonIsland,
  type ComingSoonPage,
  ConnectionLostIsland,
  DashboardIsland,
  type IslandProps,
  MobileBottomBarIsland,
  NotFoundIsland,
  RightPanelIsland,
  SidebarIsland,
  TopBarIsland,
} from './islands.tsx';
export { MobileBottomBar } from './MobileBottomBar.tsx';
export { MODES, SUBMODES } from './modes.ts';
export { NotFound } from './NotFound.tsx';
export { NotificationsMenu } from './NotificationsMenu.tsx';
export { notificationAge } from './notifications.ts';
export { RightPanel } from './RightPanel.tsx';
export { SEARCH_OPEN_DELAY_MS, SearchBox } from './SearchBox.tsx';
export { SidebarNav } from './Sidebar.tsx';
export { TopBar } from './TopBar.tsx';
