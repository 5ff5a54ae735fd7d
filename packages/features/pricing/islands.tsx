/** The pricing islands mounted by `src/pages/pricing.astro` (each wrapped in `IslandRoot`). */
import type { Locale, Theme } from '@memoria/api';
import { IslandRoot } from '../shared/IslandRoot.tsx';
import { BuyStandardButton, type BuyStandardButtonProps } from './BuyStandardButton.tsx';
import { ContactSalesButton, type ContactSalesButtonProps } from './ContactSalesButton.tsx';
import { InAppPricing } from './InAppPricing.tsx';

type Prefs = { locale?: Locale; theme?: Theme; currentPath?: string };

/** Signed out: Standard's "Buy now", mounted with `client:interaction` (opens the auth dialog). */
export function BuyStandardIsland({
  className,
  describedBy,
  ...prefs
}: Prefs & BuyStandardButtonProps) {
  return (
    <IslandRoot locale={prefs.locale} theme={prefs.theme}>
      <BuyStandardButton className={className} describedBy={describedBy} />
    </IslandRoot>
  );
}

/** Signed out: Enterprise's "Contact sales", mounted with `client:interaction` (opens the form). */
export function ContactSalesIsland({
  className,
  describedBy,
  ...prefs
}: Prefs & ContactSalesButtonProps) {
  return (
    <IslandRoot locale={prefs.locale} theme={prefs.theme}>
      <ContactSalesButton className={className} describedBy={describedBy} />
    </IslandRoot>
  );
}

/** Signed in: the in-app pricing inside the app layout. */
export function InAppPricingIsland({ currentPath: _, ...prefs }: Prefs) {
  return (
    <IslandRoot locale={prefs.locale} theme={prefs.theme}>
      <InAppPricing />
    </IslandRoot>
  );
}
