import {
  useActivityHistory,
  useCardStats,
  useDecks,
  useMe,
  useMyStreak,
  useOpenLiveQuizzes,
  useProgressRanking,
} from '@memoria/api';
import { Badge, Card, Skeleton } from '@memoria/ui';
import { FormattedMessage, useIntl } from 'react-intl';
import { useIsFreePlan } from '../gate/index.ts';
import { LiveQuizJoin } from '../live-quiz/index.ts';
import * as page from '../shared/page.css.ts';
import { MODES } from './modes.ts';
import { PanelFailure } from './PanelFailure.tsx';
import { MODE_ICONS } from './Sidebar.tsx';
import * as s from './shell.css.ts';

/**
 * The learner's progress at a glance: streak (and whether today counts yet), reviews this week and
 * their place among friends, with a link to /my-progress. The streak and week share the right
 * panel's queries; the ranking is /my-progress's.
 */
function ProgressGlance() {
  const intl = useIntl();
  const streak = useMyStreak();
  const week = useCardStats();
  const ranking = useProgressRanking();
  const queries = [streak, week, ranking];
  const failed = queries.find((q) => q.isError);
  let body: React.ReactNode;
  if (failed) {
    body = (
      <PanelFailure
        error={failed.error}
        onRetry={() => {
          for (const q of queries) if (q.isError) void q.refetch();
        }}
      />
    );
  } else if (!streak.data || !week.data || !ranking.data) {
    body = <Skeleton lines={2} />;
  } else {
    body = (
      <dl className={s.glance}>
        <div className={s.glanceFigure}>
          <dt className={s.glanceLabel}>
            <FormattedMessage id="shell.dashboard.streak" />
          </dt>
          <dd className={s.glanceValue}>
            <FormattedMessage
              id="shell.panel.streakDays"
              values={{ count: streak.data.current_streak }}
            />
          </dd>
          <dd className={s.glanceLabel}>
            <FormattedMessage
              id={
                streak.data.today_active
                  ? 'shell.dashboard.todayDone'
                  : 'shell.dashboard.todayPending'
              }
            />
          </dd>
        </div>
        <div className={s.glanceFigure}>
          <dt className={s.glanceLabel}>
            <FormattedMessage id="shell.dashboard.week" />
          </dt>
          <dd className={s.glanceValue}>{intl.formatNumber(week.data.total_this_week)}</dd>
        </div>
        <div className={s.glanceFigure}>
          <dt className={s.glanceLabel}>
            <FormattedMessage id="shell.dashboard.ranking" />
          </dt>
          <dd className={s.glanceValue}>
            <FormattedMessage
              id="shell.dashboard.rankingValue"
              values={{ rank: ranking.data.my_rank, total: ranking.data.total }}
            />
          </dd>
        </div>
      </dl>
    );
  }
  return (
    <section aria-labelledby="dashboard-progress" className={s.glanceSection}>
      <h2 className={s.sectionHeading} id="dashboard-progress">
        <FormattedMessage id="shell.dashboard.progress" />
      </h2>
      {body}
      <a className={s.panelLink} href="/my-progress">
        <FormattedMessage id="shell.dashboard.seeProgress" />
      </a>
    </section>
  );
}

/** Whole days from the device's today to `date` (`YYYY-MM-DD`), as the deck list reads them. */
export function daysUntil(date: string, now = new Date()): number {
  const today = Date.UTC(now.getFullYear(), now.getMonth(), now.getDate());
  return Math.round((Date.parse(`${date}T00:00:00Z`) - today) / 86_400_000);
}

/**
 * The decks the learner's courses and subjects assign them: each with its group, what is due
 * today and the days left to the exam (the soonest group's). Nothing while the list loads, when
 * it fails (the deck page says so) or when nothing is assigned.
 */
function AssignedGlance() {
  const decks = useDecks();
  // A deck list from before assignments (a cached answer) has no field: none assigned.
  const assigned = (decks.data ?? []).filter((d) => (d.assignments ?? []).length > 0);
  if (assigned.length === 0) return null;
  return (
    <section aria-labelledby="dashboard-assigned" className={s.glanceSection}>
      <h2 className={s.sectionHeading} id="dashboard-assigned">
        <FormattedMessage id="shell.dashboard.assigned" />
      </h2>
      <ul className={s.assignedList}>
        {assigned.map((deck) => {
          const [first] = deck.assignments;
          const due = first?.due_date ?? null;
          return (
            <li key={deck.id} className={s.assignedItem}>
              <a className={s.glanceValue} href={`/space-repetition/${deck.id}`}>
                {deck.name}
              </a>
              <span className={s.glanceLabel}>
                <FormattedMessage
                  id="shell.dashboard.assignedBy"
                  values={{ group: deck.assignments.map((a) => a.group_name).join(', ') }}
                />
              </span>
              <span>
                <FormattedMessage
                  id="shell.dashboard.assignedDue"
                  values={{ count: deck.remaining_today }}
                />
              </span>
              <span className={s.glanceLabel}>
                {due === null ? (
                  <FormattedMessage id="shell.dashboard.assignedNoDate" />
                ) : (
                  <time dateTime={due}>
                    <FormattedMessage
                      id="shell.dashboard.assignedDaysLeft"
                      values={{ days: Math.max(0, daysUntil(due)) }}
                    />
                  </time>
                )}
              </span>
            </li>
          );
        })}
      </ul>
    </section>
  );
}

/** A live quiz running in one of the learner's courses: join it with the code (absent otherwise). */
function LiveQuizGlance() {
  const running = useOpenLiveQuizzes();
  if ((running.data ?? []).length === 0) return null;
  return (
    <div className={s.glanceSection}>
      <LiveQuizJoin compact />
    </div>
  );
}

/**
 * `/` for a signed-in learner, mounted by `DashboardIsland`: a greeting, the learner's progress at
 * a glance and the four modes in their feature colours.
 *
 * **Use it** as the signed-in home page only. **Don't use it** for the full figures (`MyProgress`)
 * or for the navigation between modes on other pages (`SidebarNav`, `MobileBottomBar`).
 *
 * **API calls and states.**
 * - `GET /auth/users/me/` (the name in the greeting), `GET /auth/activity-history/` ("Welcome back"
 *   once there is any activity; `NewLearner` without), `GET /auth/users/account_info/` (gated modes
 *   marked PREMIUM on the free plan: `Free`, `Paid`).
 * - `GET /auth/streaks/my_streak/`, `GET /space-repetition/card-stats/`,
 *   `GET /auth/progress/ranking/`: "Your progress" (streak and whether today counts yet, cards this
 *   week, place among friends) with a link to /my-progress; a skeleton while the calls run
 *   (`Loading`), zeros and "1 of 1" for a new learner (`NewLearner`), "could not load" with Retry
 *   when a call fails (`ProgressFailed`).
 * - `GET /auth/live-quizzes/`: a live quiz running in one of the learner's courses shows the
 *   join form (`LiveQuizJoin`) above "Assigned" (`LiveQuiz`); absent when none runs.
 * - `GET /space-repetition/desks/`: "Assigned", the decks the learner's courses and subjects give
 *   them, each with its group, the cards due today and the days left to the exam (`Assigned`);
 *   absent when nothing is assigned (the other stories).
 *
 * **Accessibility.** The greeting is the page's `h1`; "Your progress", "Assigned" and "Modes"
 * are `h2` sections (each assigned deck a list item whose name links to it, the exam day a
 * `time`), each mode a card that is one link named by its content (its `h3` title, the PREMIUM
 * badge on a free plan, its description), with a decorative icon. The figures are a description
 * list; a failed read is a `role="status"` region with Retry, so it is announced politely without
 * taking the focus.
 */
export function Dashboard() {
  const me = useMe();
  const free = useIsFreePlan();
  // Only someone who has done something before is welcomed back; the sidebar's history call.
  const history = useActivityHistory(3);
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
      <ProgressGlance />
      <LiveQuizGlance />
      <AssignedGlance />
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
