import { useActivityHistory, useMe } from '@memoria/api';
import { Badge, Card } from '@memoria/ui';
import { FormattedMessage } from 'react-intl';
import { useIsFreePlan } from '../gate/index.ts';
import * as page from '../shared/page.css.ts';
import { useHydratedQuery } from '../shared/useHydrated.ts';
import { MODES } from './modes.ts';
import { MODE_ICONS } from './Sidebar.tsx';
import * as s from './shell.css.ts';

/**
 * `/` for a signed-in learner, mounted by `DashboardIsland`: a greeting and the four modes in their
 * feature colours.
 *
 * **API calls and states**
 * - `GET /auth/users/me/` (the name in the greeting), `GET /auth/activity-history/` ("Welcome
 *   back" once there is any activity; `NewLearner` without), `GET /auth/users/account_info/`
 *   (gated modes marked PREMIUM on the free plan: `Free`, `Paid`).
 *
 * **Accessibility.** The modes are links with their names; the PREMIUM badge is read as text.
 */
export function Dashboard() {
  const me = useHydratedQuery(useMe());
  const free = useIsFreePlan();
  // Only someone who has done something before is welcomed back; the sidebar's history call.
  const history = useHydratedQuery(useActivityHistory(3));
  const returning = (history.data?.results.length ?? 0) > 0;
  const name = me.data ? me.data.first_name || me.data.username : null;
  return (
    <div className={page.page}>
      <header>
        <h1 className={page.pageTitle}>
          {name ? (
            <FormattedMessage
              id={returning ? 'shell.dashboard.greeting' : 'shell.dashboard.greetingNew'}
              values={{ name }}
            />
          ) : (
            <FormattedMessage id="shell.dashboard.greetingAnonymous" />
          )}
        </h1>
        <p className={page.pageSubtitle}>
          <FormattedMessage id="shell.dashboard.subtitle" />
        </p>
      </header>
      <section aria-labelledby="dashboard-modes" className={page.page} style={{ padding: 0 }}>
        <h2 className={s.sectionHeading} id="dashboard-modes">
          <FormattedMessage id="shell.dashboard.title" />
        </h2>
        <ul className={s.modesGrid}>
          {MODES.map((mode) => {
            const Icon = MODE_ICONS[mode.id];
            return (
              <li key={mode.id}>
                <Card
                  href={mode.href}
                  accent={mode.accent}
                  headingLevel={3}
                  icon={<Icon size={28} />}
                  title={<FormattedMessage id={mode.label} />}
                >
                  {free && mode.premium ? (
                    <div className={s.modeCardTop}>
                      <Badge variant="premium" />
                    </div>
                  ) : null}
                  <p className={s.modeCardBody}>
                    <FormattedMessage id={mode.description} />
                  </p>
                </Card>
              </li>
            );
          })}
        </ul>
      </section>
    </div>
  );
}
