import { type Schemas, useCardStats, useFriends, useMyStreak } from '@memoria/api';
import { Skeleton, VisuallyHidden } from '@memoria/ui';
import { FormattedMessage, useIntl } from 'react-intl';
import { FlameIcon } from '../shared/icons.tsx';
import { PanelFailure } from './PanelFailure.tsx';
import * as s from './shell.css.ts';

/** Days in the streak grid and friends listed (§2, §9). */
export const GRID_DAYS = 31;
export const PANEL_FRIENDS = 3;

const WEEKDAYS: Schemas['Weekday'][] = [
  'monday',
  'tuesday',
  'wednesday',
  'thursday',
  'friday',
  'saturday',
  'sunday',
];

function isoDay(date: Date): string {
  const y = date.getFullYear();
  const m = String(date.getMonth() + 1).padStart(2, '0');
  const d = String(date.getDate()).padStart(2, '0');
  return `${y}-${m}-${d}`;
}

/** The last 31 days (oldest first) with their activity counts; zeros when unknown. */
export function streakDays(
  monthly: Record<string, number> | undefined,
  today: Date,
): { date: string; count: number }[] {
  const fromServer = Object.keys(monthly ?? {}).sort();
  if (fromServer.length > 0) {
    return fromServer.slice(-GRID_DAYS).map((date) => ({ date, count: monthly?.[date] ?? 0 }));
  }
  return Array.from({ length: GRID_DAYS }, (_, i) => {
    const day = new Date(today);
    day.setDate(today.getDate() - (GRID_DAYS - 1 - i));
    return { date: isoDay(day), count: 0 };
  });
}

function level(count: number): 0 | 1 | 2 | 3 {
  if (count <= 0) return 0;
  if (count < 3) return 1;
  if (count < 6) return 2;
  return 3;
}

function StreakCard({ now }: { now: Date }) {
  const intl = useIntl();
  // Pending while hydrating: another island may have filled the shared cache already.
  const streak = useMyStreak();
  const days = streakDays(streak.data?.monthly_activity, now);
  const current = streak.data?.current_streak ?? 0;
  return (
    <section className={s.panelCard} aria-labelledby="panel-streak">
      <h2 className={s.panelTitle} id="panel-streak">
        <FormattedMessage id="shell.panel.streak" />
      </h2>
      {streak.isError ? (
        <PanelFailure error={streak.error} onRetry={() => streak.refetch()} />
      ) : streak.isPending ? (
        <Skeleton lines={2} />
      ) : (
        <>
          <p className={s.streakValue}>
            <FlameIcon className={s.flame} size={24} />
            <FormattedMessage id="shell.panel.streakDays" values={{ count: current }} />
          </p>
          {current === 0 ? (
            <p className={s.panelMuted}>
              <FormattedMessage id="shell.panel.streakEmpty" />
            </p>
          ) : null}
        </>
      )}
      {streak.isError ? null : (
        <ul className={s.grid} aria-label={intl.formatMessage({ id: 'shell.panel.grid' })}>
          {/* While pending, blank cells: dates depend on the browser's day, not the server's. */}
          {(streak.isPending ? [] : days).map(({ date, count }) => {
            const label = intl.formatMessage(
              { id: 'shell.panel.gridDay' },
              {
                date: intl.formatDate(`${date}T12:00:00`, { day: 'numeric', month: 'short' }),
                count,
              },
            );
            return (
              <li key={date} className={`${s.gridCell} ${s.gridLevel[level(count)]}`} title={label}>
                <VisuallyHidden>{label}</VisuallyHidden>
              </li>
            );
          })}
          {streak.isPending
            ? Array.from({ length: GRID_DAYS }, (_, i) => (
                // biome-ignore lint/suspicious/noArrayIndexKey: static placeholders
                <li key={i} className={s.gridCell} aria-hidden="true" />
              ))
            : null}
        </ul>
      )}
    </section>
  );
}

function WeeklyChart() {
  const intl = useIntl();
  const stats = useCardStats();
  const breakdown = stats.data?.week_daily_breakdown ?? [];
  const counts = WEEKDAYS.map((day) => breakdown.find((d) => d.day === day)?.count ?? 0);
  const max = Math.max(1, ...counts);
  const total = counts.reduce((a, b) => a + b, 0);
  return (
    <section className={s.panelCard} aria-labelledby="panel-weekly">
      <h2 className={s.panelTitle} id="panel-weekly">
        <FormattedMessage id="shell.panel.weekly" />
      </h2>
      {stats.isError ? (
        <PanelFailure error={stats.error} onRetry={() => stats.refetch()} />
      ) : stats.isPending ? (
        <Skeleton variant="rect" height={120} />
      ) : (
        <>
          <ul className={s.chart}>
            {WEEKDAYS.map((day, i) => {
              const count = counts[i] ?? 0;
              const name = intl.formatMessage({ id: `shell.weekday.${day}` });
              return (
                <li
                  key={day}
                  className={s.bar}
                  aria-label={intl.formatMessage(
                    { id: 'shell.panel.weeklyDay' },
                    { day: name, count },
                  )}
                >
                  <span aria-hidden="true">{count}</span>
                  <span
                    aria-hidden="true"
                    className={s.barFill}
                    style={{ height: `${Math.round((count / max) * 70)}%` }}
                  />
                  <span aria-hidden="true">{name}</span>
                </li>
              );
            })}
          </ul>
          {total === 0 ? (
            <p className={s.panelMuted}>
              <FormattedMessage id="shell.panel.weeklyEmpty" />
            </p>
          ) : null}
        </>
      )}
    </section>
  );
}

function FriendsCard() {
  const friends = useFriends({ pageSize: PANEL_FRIENDS });
  const first = friends.data?.results ?? [];
  return (
    <section className={s.panelCard} aria-labelledby="panel-friends">
      <h2 className={s.panelTitle} id="panel-friends">
        <FormattedMessage id="shell.panel.friends" />
      </h2>
      {friends.isError ? (
        <PanelFailure error={friends.error} onRetry={() => friends.refetch()} />
      ) : friends.isPending ? (
        <Skeleton lines={3} />
      ) : first.length === 0 ? (
        <p className={s.panelMuted}>
          <FormattedMessage id="shell.panel.friendsEmpty" />
        </p>
      ) : (
        <ul className={s.friendList}>
          {first.map((friend) => (
            <li key={friend.id} className={s.friend}>
              <span className={s.avatar} aria-hidden="true">
                {(friend.first_name || friend.username).slice(0, 1)}
              </span>
              <span>{friend.username}</span>
            </li>
          ))}
        </ul>
      )}
      <a className={s.panelLink} href="/friends">
        <FormattedMessage id="shell.panel.seeAllFriends" />
      </a>
    </section>
  );
}

export interface RightPanelProps {
  /** "Today" for the grid when the server sent no days (stories, tests). */
  now?: Date;
}

/**
 * The right column on wide screens, mounted by `RightPanelIsland`: the streak, a 31-day activity
 * grid, this week's reviews and the first three friends.
 *
 * **Use it** once, in the app layout's right column (shown from 1285 px wide). **Don't use it** for
 * the full progress (`MyProgress`) or the full friends list (`Friends`).
 *
 * **API calls and states.**
 * - `GET /auth/streaks/my_streak/`, `GET /space-repetition/card-stats/`,
 *   `GET /friends/friendships/friend_list/`. Each card is independent: a skeleton while its call
 *   runs (`Loading`), its data (`WithData`), its own empty state (`Empty`), or, when its call
 *   failed, "could not load" with Retry (`Failed`) — "Coming soon" when the server answers `501`
 *   for a part not built yet.
 *
 * **Accessibility.** A complementary landmark (`aside`) named "Your activity", with one `h2`
 * section per card. The grid is a list named "Last 31 days" whose days are read as text ("12 Mar: 3
 * activities") and shown as tooltips; each weekday bar is read as one label with its count, its
 * drawn parts hidden; the friends' initials are decorative. A failure is a `role="status"` region
 * with Retry, announced politely without taking the focus.
 */
export function RightPanel({ now }: RightPanelProps) {
  const intl = useIntl();
  return (
    <aside className={s.panel} aria-label={intl.formatMessage({ id: 'shell.panel.label' })}>
      <StreakCard now={now ?? new Date()} />
      <WeeklyChart />
      <FriendsCard />
    </aside>
  );
}
