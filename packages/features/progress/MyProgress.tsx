/**
 * `/my-progress`: the progress figures, streak calendar, weekly bars, retention, forecast, cards
 * per deck, year.
 */
import {
  type Schemas,
  useCardStats,
  useLearningStats,
  useMyStreak,
  useProgressRanking,
  useProgressSummary,
  useTimeTrackingStats,
} from '@memoria/api';
import { Button, EmptyState, ErrorState, Skeleton, VisuallyHidden } from '@memoria/ui';
import { FormattedMessage, useIntl } from 'react-intl';
import * as page from '../shared/page.css.ts';
import { TrainingProgress } from '../training/index.ts';
import { BarChart } from './BarChart.tsx';
import { DeckMaturity } from './DeckMaturity.tsx';
import * as s from './progress.css.ts';

function level(count: number): 0 | 1 | 2 | 3 {
  if (count <= 0) return 0;
  if (count < 3) return 1;
  if (count < 10) return 2;
  return 3;
}

const noon = (date: string) => `${date}T12:00:00`;

function Figure({ label, children }: { label: string; children: React.ReactNode }) {
  return (
    <div className={s.figure}>
      <dt className={s.figureLabel}>{label}</dt>
      <dd className={s.figureValue}>{children}</dd>
    </div>
  );
}

function Figures({
  summary,
  ranking,
}: {
  summary: Schemas['ProgressSummary'];
  ranking: Schemas['ProgressRanking'];
}) {
  const intl = useIntl();
  const t = (id: string) => intl.formatMessage({ id });
  const days = (count: number) => intl.formatMessage({ id: 'progress.figure.days' }, { count });
  return (
    <dl className={s.figures}>
      <Figure label={t('progress.figure.streak')}>{days(summary.current_streak)}</Figure>
      <Figure label={t('progress.figure.longest')}>{days(summary.longest_streak)}</Figure>
      <Figure label={t('progress.figure.daysActive')}>
        {intl.formatNumber(summary.days_active)}
      </Figure>
      <Figure label={t('progress.figure.responses')}>
        {intl.formatNumber(summary.total_responses)}
      </Figure>
      <Figure label={t('progress.figure.winRate')}>
        {summary.win_rate === null
          ? t('progress.figure.none')
          : intl.formatNumber(summary.win_rate, { style: 'percent' })}
      </Figure>
      <Figure label={t('progress.figure.ranking')}>
        {intl.formatMessage(
          { id: 'progress.figure.rankingValue' },
          { rank: ranking.my_rank, total: ranking.total },
        )}
      </Figure>
    </dl>
  );
}

function DayGrid({
  days,
  className,
  labelId,
  dayId,
  scrolls = false,
}: {
  days: { date: string; count: number }[];
  className: string;
  labelId: string;
  dayId: string;
  /** The grid can be wider than its column (the year on a phone): keyboard users scroll it. */
  scrolls?: boolean;
}) {
  const intl = useIntl();
  return (
    <ul
      className={className}
      aria-label={intl.formatMessage({ id: labelId })}
      tabIndex={scrolls ? 0 : undefined}
    >
      {days.map(({ date, count }) => {
        const label = intl.formatMessage(
          { id: dayId },
          { date: intl.formatDate(noon(date), { day: 'numeric', month: 'short' }), count },
        );
        return (
          <li key={date} className={`${s.cell} ${s.level[level(count)]}`} title={label}>
            <VisuallyHidden>{label}</VisuallyHidden>
          </li>
        );
      })}
    </ul>
  );
}

function Retention({ retention }: { retention: Schemas['LearningStats']['retention'] }) {
  const intl = useIntl();
  const rows = [
    ['progress.retention.young', retention.young],
    ['progress.retention.mature', retention.mature],
    ['progress.retention.total', retention.total],
  ] as const;
  return (
    <dl className={s.figures}>
      {rows.map(([id, r]) => (
        <Figure key={id} label={intl.formatMessage({ id })}>
          {r.rate === null
            ? intl.formatMessage({ id: 'progress.retention.none' })
            : intl.formatMessage(
                { id: 'progress.retention.value' },
                {
                  rate: intl.formatNumber(r.rate, { style: 'percent', maximumFractionDigits: 1 }),
                  reviews: r.reviews,
                },
              )}
        </Figure>
      ))}
    </dl>
  );
}

/** Milliseconds as minutes, or hours and minutes from an hour on. */
function useDuration(): (ms: number) => string {
  const intl = useIntl();
  return (ms) => {
    const minutes = Math.round(ms / 60_000);
    if (minutes < 60) {
      return intl.formatNumber(minutes, { style: 'unit', unit: 'minute', unitDisplay: 'short' });
    }
    return intl.formatMessage(
      { id: 'progress.time.hoursMinutes' },
      { hours: Math.floor(minutes / 60), minutes: minutes % 60 },
    );
  };
}

/** Time in the app (the §9 tracker's visits): today, this week and per feature. */
function TimeSpent({ time }: { time: Schemas['TimeTrackingStats'] }) {
  const intl = useIntl();
  const duration = useDuration();
  const features = time.features.filter((f) => f.total_time >= 60_000);
  return (
    <>
      <dl className={s.figures}>
        <Figure label={intl.formatMessage({ id: 'progress.time.today' })}>
          {duration(time.today_time)}
        </Figure>
        <Figure label={intl.formatMessage({ id: 'progress.time.week' })}>
          {duration(time.week_time)}
        </Figure>
      </dl>
      {features.length === 0 ? null : (
        <ul className={s.ranking} aria-label={intl.formatMessage({ id: 'progress.time.features' })}>
          {features.map((f) => (
            <li key={f.feature} className={s.timeRow}>
              <span>{intl.formatMessage({ id: `progress.feature.${f.feature}` })}</span>
              <span className={s.muted}>{duration(f.total_time)}</span>
            </li>
          ))}
        </ul>
      )}
    </>
  );
}

/** The learner among their friends by activities of the last 7 days; a nudge without friends. */
function FriendsRanking({ ranking }: { ranking: Schemas['ProgressRanking'] }) {
  const intl = useIntl();
  if (ranking.total === 1) {
    return (
      <p className={s.muted}>
        <FormattedMessage id="progress.ranking.alone" />{' '}
        <a href="/friends">
          <FormattedMessage id="progress.ranking.findFriends" />
        </a>
      </p>
    );
  }
  return (
    <ol className={s.ranking} aria-label={intl.formatMessage({ id: 'progress.ranking' })}>
      {ranking.entries.map((entry) => (
        <li
          key={entry.user.id}
          className={entry.is_me ? `${s.rankingRow} ${s.rankingMe}` : s.rankingRow}
          aria-current={entry.is_me ? 'true' : undefined}
        >
          <span className={s.rankingPlace}>
            {intl.formatMessage({ id: 'progress.ranking.place' }, { rank: entry.rank })}
          </span>
          <span className={s.rankingName}>
            {entry.is_me
              ? intl.formatMessage({ id: 'progress.ranking.you' }, { name: entry.user.username })
              : entry.user.username}
          </span>
          <span className={s.muted}>
            {intl.formatMessage({ id: 'progress.ranking.activities' }, { count: entry.activities })}
          </span>
        </li>
      ))}
    </ol>
  );
}

function Section({ titleId, children }: { titleId: string; children: React.ReactNode }) {
  return (
    <section className={s.section} aria-labelledby={titleId}>
      <h2 className={s.sectionTitle} id={titleId}>
        <FormattedMessage id={titleId} />
      </h2>
      {children}
    </section>
  );
}

/**
 * The `/my-progress` page, mounted by `MyProgressIsland`: the learner's progress figures (streak,
 * longest streak, days active, total responses, duel win rate, ranking among friends), a 31-day
 * streak calendar, this week's reviews and the 30-day review forecast as uPlot bar charts,
 * retention of young, mature and all cards, the friends ranking of the last 7 days (or a link to
 * /friends for a learner without friends), time spent in the app, a table of each deck's new,
 * learning, young and mature cards with a bar of their shares (a link to Space Repetition without
 * decks: NoDecks) and a year heatmap of reviews.
 *
 * **Use it** for the learner's full progress page. **Don't use it** for the summary at a glance
 * (the dashboard's "Your progress" in `Dashboard`, the right column's `RightPanel`) or for one
 * deck's counts (`DeckList`).
 *
 * **API calls and states.** Six calls once signed in: `GET auth/progress/`,
 * `GET space-repetition/learning-stats/`, `GET auth/streaks/my_streak/`,
 * `GET space-repetition/card-stats/`, `GET auth/progress/ranking/` and
 * `GET auth/time-tracking/stats/`.
 * - Until all six answer: a skeleton (`Loading`).
 * - Any of them fails: "Your progress could not be loaded." with Retry, which reads the failed ones
 *   again (`LoadError`).
 * - No active day and no response yet: an empty state whose button opens Space Repetition
 *   (`NewLearner`), then "Memory training" (a learner may have trained without reviewing).
 * - Otherwise the figures and charts (`Default`); a learner without friends gets a sentence and a
 *   link to /friends in place of the ranking list (`NoFriends`); a learner without decks gets a
 *   link to Space Repetition in place of the cards-per-deck table (`NoDecks`).
 * - Last, "Memory training" (`TrainingProgress`, its own `GET duels/training/` with its own
 *   loading and error): the personal bests and a chart per discipline trained (`Default`).
 *
 * **Accessibility.** "My progress" is the page's `h1`, then the figures as a description list and
 * each part a section headed by an `h2`. The charts are drawn on a canvas hidden from screen
 * readers; their numbers are in a visually hidden table with a caption. Each day of the calendar
 * and the heatmap is a list item whose text ("12 Mar: 3 reviews") is read and shown as a tooltip;
 * the year heatmap, wider than a phone, is focusable so the keyboard can scroll it. The learner's
 * own row of the ranking is marked `aria-current`. Cards per deck is a table named by its heading; each
 * row's bar of shares is hidden from screen readers, which read the table's numbers. While loading the page is `aria-busy` with a
 * hidden "Loading your progress…"; the failure is `role="alert"`.
 */
export function MyProgress() {
  const intl = useIntl();
  // Pending while hydrating, as the server rendered: the page's other islands share the cache.
  const summary = useProgressSummary();
  const learning = useLearningStats();
  const streak = useMyStreak();
  const week = useCardStats();
  const ranking = useProgressRanking();
  const time = useTimeTrackingStats();
  const queries = [summary, learning, streak, week, ranking, time];
  const failed = queries.some((q) => q.isError);
  const header = (
    <header>
      <h1 className={page.pageTitle}>
        <FormattedMessage id="progress.title" />
      </h1>
      <p className={page.pageSubtitle}>
        <FormattedMessage id="progress.subtitle" />
      </p>
    </header>
  );
  if (failed) {
    return (
      <div className={page.page}>
        {header}
        <ErrorState
          description={<FormattedMessage id="progress.loadFailed" />}
          retryLabel={<FormattedMessage id="progress.retry" />}
          onRetry={() => {
            for (const q of queries) if (q.isError) void q.refetch();
          }}
        />
      </div>
    );
  }
  if (
    !summary.data ||
    !learning.data ||
    !streak.data ||
    !week.data ||
    !ranking.data ||
    !time.data
  ) {
    return (
      <div className={page.page} aria-busy="true">
        {header}
        <VisuallyHidden>
          <FormattedMessage id="progress.loading" />
        </VisuallyHidden>
        <Skeleton lines={6} />
      </div>
    );
  }
  const stats = learning.data;
  // A new learner: nothing done yet, so every chart would be empty.
  if (summary.data.days_active === 0 && summary.data.total_responses === 0) {
    return (
      <div className={page.page}>
        {header}
        <EmptyState
          title={<FormattedMessage id="progress.empty.title" />}
          description={<FormattedMessage id="progress.empty.description" />}
          action={
            <Button onClick={() => window.location.assign('/space-repetition')}>
              <FormattedMessage id="progress.empty.action" />
            </Button>
          }
        />
        {/* Training is no review: a learner who only trained still finds their bests here. */}
        <TrainingProgress />
      </div>
    );
  }
  const short = (date: string) => intl.formatDate(noon(date), { day: 'numeric', month: 'short' });
  const weekday = (date: string) => intl.formatDate(noon(date), { weekday: 'short' });
  return (
    <div className={page.page}>
      {header}
      <Figures summary={summary.data} ranking={ranking.data} />
      <div className={s.sections}>
        <Section titleId="progress.calendar">
          <DayGrid
            className={s.calendar}
            labelId="progress.calendar"
            dayId="progress.calendarDay"
            days={Object.entries(streak.data.monthly_activity).map(([date, count]) => ({
              date,
              count,
            }))}
          />
        </Section>
        <Section titleId="progress.weekly">
          <BarChart
            caption={intl.formatMessage({ id: 'progress.weekly' })}
            bars={week.data.week_daily_breakdown.map((d) => ({
              label: weekday(d.date),
              value: d.count,
            }))}
          />
        </Section>
        <Section titleId="progress.retention">
          <Retention retention={stats.retention} />
        </Section>
        <Section titleId="progress.ranking">
          <FriendsRanking ranking={ranking.data} />
        </Section>
        <Section titleId="progress.time">
          <TimeSpent time={time.data} />
        </Section>
        <Section titleId="progress.forecast">
          <BarChart
            caption={intl.formatMessage({ id: 'progress.forecast' })}
            bars={stats.forecast.map((d) => ({ label: short(d.date), value: d.count }))}
          />
        </Section>
      </div>
      <Section titleId="progress.desks">
        <DeckMaturity decks={stats.decks} labelledBy="progress.desks" />
      </Section>
      <Section titleId="progress.heatmap">
        <DayGrid
          className={s.heatmap}
          labelId="progress.heatmap"
          dayId="progress.heatmapDay"
          scrolls
          days={stats.reviews_per_day}
        />
      </Section>
      <TrainingProgress />
    </div>
  );
}
