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
 * A page that needs a plan feature, mounted by `GatedPageIsland`: while the account is checked,
 * then the Premium modal over an empty page when the plan lacks the feature, or the page content.
 *
 * **API calls and states**
 * - `GET /auth/users/account_info/`. Pending: `Checking`; a plan without the feature: the
 *   `PremiumModal` (`Gated`); a plan with it: the content, for now the mode's name and a coming-soon
 *   notice (`ComingSoon`, also mounted alone by `ComingSoonIsland` on the friends, profile and my
 *   progress pages) (`Allowed`). Maybe later goes back to the dashboard.
 *
 * **Accessibility.** The modal is a `Dialog`: focus moves into it and Escape is Maybe later.
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
