/**
 * `TrainingIsland`, the island of `/training`: solo memory training. Not plan-gated (the server
 * does not gate `duels/training/` either); signed out, the hooks wait for the session.
 */
import type { Locale, Theme } from '@memoria/api';
import { IslandRoot } from '../shared/IslandRoot.tsx';
import { Training } from './Training.tsx';

/** `/training`. */
export function TrainingIsland({ locale, theme }: { locale?: Locale; theme?: Theme }) {
  return (
    <IslandRoot locale={locale} theme={theme}>
      <Training />
    </IslandRoot>
  );
}
