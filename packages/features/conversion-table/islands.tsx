/** The conversion-table island mounted by `src/pages/conversion-table.astro`. */
import type { Locale, Theme } from '@memoria/api';
import { IslandRoot } from '../shared/IslandRoot.tsx';
import { ConversionTablePage } from './ConversionTable.tsx';

type Prefs = { locale?: Locale; theme?: Theme };

/** `/conversion-table`. */
export function ConversionTableIsland(prefs: Prefs) {
  return (
    <IslandRoot {...prefs}>
      <ConversionTablePage />
    </IslandRoot>
  );
}
