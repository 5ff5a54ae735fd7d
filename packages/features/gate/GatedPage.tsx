import { type Feature, navigateTo } from '@memoria/api';
import { EmptyState, Spinner, StarIcon } from '@memoria/ui';
import type { ReactNode } from 'react';
import { FormattedMessage, useIntl } from 'react-intl';
import * as s from './gate.css.ts';
import { type GateTitle, PremiumModal } from './PremiumModal.tsx';
import { useFeatureAccess } from './useFeatureAccess.ts';

export interface GatedPageProps {
  /** The feature the route needs (§2: macro_images, conversion_table or duels). */
  feature: Feature;
  /** The modal's title. */
  title: GateTitle;
  /** The capability's content; until it is built, a heading and a "coming soon" notice. */
  children?: ReactNode;
}

/** Where Maybe later goes: the page behind the modal is empty, so back to the dashboard. */
export const GATE_EXIT_PATH = '/';

/**
 * A page that needs a plan feature (§2: Macro Images, the conversion table, duels): while the
 * account is checked a spinner, then the Premium modal over an empty page when the plan lacks the
 * feature, or the page's content. Mounted by `GatedPageIsland` for a gated route whose capability
 * has no island yet, and wrapped by the islands of the gated capabilities (`ConversionTableIsland`,
 * `ChatListIsland`, `ConversationIsland`, `DuelsHomeIsland`, `DuelSetupIsland`, `DuelArenaIsland`).
 *
 * **Use it** around the whole content of a route that a plan feature gates, so a free plan never
 * sees it. **Don't use it** for one gated action inside a page (open `PremiumModal` from that
 * action) or for a page every plan may see.
 *
 * **API calls and states.**
 * - `GET /auth/users/account_info/` (the plan's features): while it is pending, "Checking your
 *   plan…" (`Checking`); a plan without the feature: the `PremiumModal` over an empty page, and
 *   Maybe later goes back to the dashboard (`Gated`); a plan with it: the children, or without
 *   children the feature's name and a "coming soon" notice (`ComingSoon`, which `ComingSoonIsland`
 *   also mounts alone) (`Allowed`).
 *
 * **Accessibility.** The spinner is a status, so "Checking your plan…" is announced. When gated,
 * the modal is a `Dialog` over an empty page (nothing behind it to reach): focus starts on Maybe
 * later, and Escape, × and the backdrop do what Maybe later does. Allowed without children, the
 * feature's name is the page's `h1` and the notice an `h2`.
 */
export function GatedPage({ feature, title, children }: GatedPageProps) {
  const intl = useIntl();
  const access = useFeatureAccess(feature);
  if (access.status === 'loading') {
    return (
      <div className={s.page}>
        <Spinner label={intl.formatMessage({ id: 'gate.checking' })} />
      </div>
    );
  }
  if (access.status === 'denied') {
    return (
      <div className={s.page}>
        <div className={s.blank} />
        <PremiumModal open title={title} onClose={() => navigateTo(GATE_EXIT_PATH)} />
      </div>
    );
  }
  return (
    <>{children ?? <ComingSoon title={intl.formatMessage({ id: `gate.feature.${title}` })} />}</>
  );
}

/** A capability still being built: its name and a short notice. */
export function ComingSoon({ title }: { title: ReactNode }) {
  return (
    <div className={s.page}>
      <h1 className={s.heading}>{title}</h1>
      <EmptyState
        icon={<StarIcon size={28} />}
        title={<FormattedMessage id="gate.comingSoon" />}
        headingLevel={2}
        compact
      />
    </div>
  );
}
