/**
 * The app shell's islands, mounted by `src/layouts/AppLayout.astro` and the signed-in pages.
 * Each is wrapped in `IslandRoot`; they share the page's QueryClient and the nanostores.
 */
import type { Locale, Theme } from '@memoria/api';
import { FormattedMessage } from 'react-intl';
import { useFlushReviewQueue } from '../deck-review/index.ts';
import { ComingSoon } from '../gate/index.ts';
import { ProgressTracking } from '../progress/index.ts';
import { IslandRoot } from '../shared/IslandRoot.tsx';
import { ConnectionLostSnackbar } from './ConnectionLostSnackbar.tsx';
import { Dashboard } from './Dashboard.tsx';
import { MobileBottomBar } from './MobileBottomBar.tsx';
import { NotFound } from './NotFound.tsx';
import { LiveEvents } from './NotificationsMenu.tsx';
import { RightPanel } from './RightPanel.tsx';
import { SidebarNav } from './Sidebar.tsx';
import { TopBar } from './TopBar.tsx';

export type IslandProps = { locale?: Locale; theme?: Theme; currentPath?: string };

export function SidebarIsland({ currentPath, ...prefs }: IslandProps) {
  return (
    <IslandRoot {...prefs}>
      <SidebarNav currentPath={currentPath} />
    </IslandRoot>
  );
}

export function TopBarIsland({ currentPath, ...prefs }: IslandProps) {
  return (
    <IslandRoot {...prefs}>
      <TopBar currentPath={currentPath} />
      <LiveEvents />
    </IslandRoot>
  );
}

export function RightPanelIsland({ currentPath: _, ...prefs }: IslandProps) {
  return (
    <IslandRoot {...prefs}>
      <RightPanel />
    </IslandRoot>
  );
}

export function MobileBottomBarIsland({ currentPath, ...prefs }: IslandProps) {
  return (
    <IslandRoot {...prefs}>
      <MobileBottomBar currentPath={currentPath} />
    </IslandRoot>
  );
}

/** Ratings kept while the connection was lost are sent from whichever app page opens next. */
function PendingReviewsSender() {
  useFlushReviewQueue();
  return null;
}

export function ConnectionLostIsland({ currentPath: _, ...prefs }: IslandProps) {
  return (
    <IslandRoot {...prefs}>
      <ConnectionLostSnackbar />
      <PendingReviewsSender />
      <ProgressTracking />
    </IslandRoot>
  );
}

/** `/` when signed in. */
export function DashboardIsland({ currentPath: _, ...prefs }: IslandProps) {
  return (
    <IslandRoot {...prefs}>
      <Dashboard />
    </IslandRoot>
  );
}

/** Any unknown path when signed in. */
export function NotFoundIsland({ currentPath: _, ...prefs }: IslandProps) {
  return (
    <IslandRoot {...prefs}>
      <NotFound />
    </IslandRoot>
  );
}

export type ComingSoonPage = 'friends' | 'profile' | 'myProgress';

/** Signed-in pages whose capability is built later (friends, profile, my progress). */
export function ComingSoonIsland({
  page,
  currentPath: _,
  ...prefs
}: IslandProps & { page: ComingSoonPage }) {
  return (
    <IslandRoot {...prefs}>
      <ComingSoon title={<FormattedMessage id={`shell.page.${page}`} />} />
    </IslandRoot>
  );
}
