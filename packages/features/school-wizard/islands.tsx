/** The school islands mounted by `src/pages/schools/*.astro`. */
import type { Locale, Theme } from '@memoria/api';
import { IslandRoot } from '../shared/IslandRoot.tsx';
import { SchoolList } from './SchoolList.tsx';
import { SchoolManager } from './SchoolManager.tsx';

type Prefs = { locale?: Locale; theme?: Theme };

/** `/schools`. */
export function SchoolsIsland(prefs: Prefs) {
  return (
    <IslandRoot {...prefs}>
      <SchoolList />
    </IslandRoot>
  );
}

/** `/schools/{schoolId}`. */
export function SchoolIsland({ schoolId, ...prefs }: Prefs & { schoolId: number }) {
  return (
    <IslandRoot {...prefs}>
      <SchoolManager schoolId={schoolId} />
    </IslandRoot>
  );
}
