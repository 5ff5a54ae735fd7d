/** The friends island mounted by `src/pages/friends.astro`. */
import type { Locale, Theme } from '@memoria/api';
import { IslandRoot } from '../shared/IslandRoot.tsx';
import { Friends } from './Friends.tsx';

type Prefs = { locale?: Locale; theme?: Theme };

/** `/friends`. */
export function FriendsIsland(prefs: Prefs) {
  return (
    <IslandRoot {...prefs}>
      <Friends />
    </IslandRoot>
  );
}
