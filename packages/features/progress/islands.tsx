/** The progress islands, each wrapped in `IslandRoot`. */
import type { Locale, Theme } from '@memoria/api';
import { IslandRoot } from '../shared/IslandRoot.tsx';
import { MyProgress } from './MyProgress.tsx';

export function MyProgressIsland(prefs: { locale?: Locale; theme?: Theme }) {
  return (
    <IslandRoot {...prefs}>
      <MyProgress />
    </IslandRoot>
  );
}
