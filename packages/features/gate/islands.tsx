import type { Feature, Locale, Theme } from '@memoria/api';
import { IslandRoot } from '../shared/IslandRoot.tsx';
import { GatedPage } from './GatedPage.tsx';
import type { GateTitle } from './PremiumModal.tsx';

/**
 * A gated route (§2) until its capability island exists: the Premium modal over an empty page
 * when denied, the mode's name and a "coming soon" notice when allowed.
 */
export function GatedPageIsland({
  feature,
  title,
  ...prefs
}: {
  feature: Feature;
  title: GateTitle;
  locale?: Locale;
  theme?: Theme;
  currentPath?: string;
}) {
  return (
    <IslandRoot locale={prefs.locale} theme={prefs.theme}>
      <GatedPage feature={feature} title={title} />
    </IslandRoot>
  );
}
