/** The card browser's island, wrapped in `IslandRoot`. */
import type { Locale, Theme } from '@memoria/api';
import { IslandRoot } from '../shared/IslandRoot.tsx';
import { CardBrowser } from './CardBrowser.tsx';

export function CardBrowserIsland(prefs: { locale?: Locale; theme?: Theme }) {
  return (
    <IslandRoot {...prefs}>
      <CardBrowser />
    </IslandRoot>
  );
}
