/** The profile island mounted by `src/pages/profile.astro`. */
import type { Locale, Theme } from '@memoria/api';
import { IslandRoot } from '../shared/IslandRoot.tsx';
import { Profile } from './Profile.tsx';

type Prefs = { locale?: Locale; theme?: Theme };

/** `/profile`. */
export function ProfileIsland(prefs: Prefs) {
  return (
    <IslandRoot {...prefs}>
      <Profile />
    </IslandRoot>
  );
}
