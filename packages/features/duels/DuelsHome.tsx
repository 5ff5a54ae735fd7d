/**
 * `/multiple-duels`: the four kinds of duel and solo training, the duel requests (received: Accept, Reject, Hide;
 * sent and accepted: Start), the history with results, the caller's own results (duels, wins,
 * losses, draws, win rate, best score of each kind) and the friends leaderboard. A friend's
 * Duel button arrives here with `?opponent=<username>`, which the set-up links carry on.
 *
 * **API calls and states**: `GET duels/duel-requests/` (polled every 10 s while the events stream
 * is down), `GET duels/history/`, `GET duels/stats/user/`, `GET duels/stats/friends-leaderboard/`;
 * each shows `Loading`, an empty text, or an error with Retry. Accepting goes to the duel at once;
 * a plan that ended meanwhile gets 403 and the Premium modal.
 */
import {
  arenaPath,
  type DuelRequest,
  navigateTo,
  useDeleteDuelNotification,
  useDuelHistory,
  useDuelRequests,
  useDuelStats,
  useFriendsLeaderboard,
  useRespondToDuelRequest,
} from '@memoria/api';
import { Button } from '@memoria/ui';
import { useState } from 'react';
import { FormattedMessage, useIntl } from 'react-intl';
import { type GateTitle, PremiumModal, useFeatureAccess } from '../gate/index.ts';
import { errorMessage } from '../shared/errors.ts';
import * as s from './duels.css.ts';
import { MatchesPanel } from './MatchesPanel.tsx';
import { RatingsPanel } from './RatingsPanel.tsx';
import {
  type DuelOutcome,
  DuelSection,
  decidedBy,
  LoadError,
  Loading,
  MODE_NAME,
  SETUP_PATH,
  useAnswerTimes,
} from './shared.tsx';

const KINDS = ['desk', 'custom', 'images', 'table'] as const;
/** The Premium modal's title key when a free plan accepts a duel. */
const GATE_TITLE: GateTitle = 'duels';

/** A history row's result; equal scores decided on time say so, with both times. */
function HistoryResult({ entry }: { entry: DuelOutcome }) {
  const times = useAnswerTimes(entry);
  if (decidedBy(entry) === 'time') {
    return <FormattedMessage id={`duels.result.onTime.${entry.result}`} values={times} />;
  }
  return <FormattedMessage id={`duels.result.${entry.result}`} />;
}

function withOpponent(path: string, opponent: string | null) {
  return opponent ? `${path}?opponent=${encodeURIComponent(opponent)}` : path;
}

function Modes({ opponent }: { opponent: string | null }) {
  const intl = useIntl();
  return (
    <nav className={s.modes} aria-label={intl.formatMessage({ id: 'duels.title' })}>
      {KINDS.map((kind) => (
        <a key={kind} className={s.mode} href={withOpponent(SETUP_PATH[kind], opponent)}>
          <span className={s.modeName}>
            <FormattedMessage id={MODE_NAME[kind]} />
          </span>
          <span className={s.muted}>
            <FormattedMessage id={`${MODE_NAME[kind]}.about`} />
          </span>
        </a>
      ))}
      <a className={s.mode} href="/training">
        <span className={s.modeName}>
          <FormattedMessage id="duels.training" />
        </span>
        <span className={s.muted}>
          <FormattedMessage id="duels.training.about" />
        </span>
      </a>
    </nav>
  );
}

function RequestRow({ request }: { request: DuelRequest }) {
  const intl = useIntl();
  const [premium, setPremium] = useState(false);
  // Without the plan, Accept opens the Premium modal and sends nothing (the server would refuse).
  const duels = useFeatureAccess('duels');
  const respond = useRespondToDuelRequest({
    onSuccess: (answered) => {
      if (answered.status === 'accepted')
        navigateTo(arenaPath(answered.duel_type, answered.duel_id));
    },
    onError: (error) => {
      if ((error as { code?: string }).code === 'plan_required') setPremium(true);
    },
  });
  const hide = useDeleteDuelNotification();
  // The receiver's own opt-in: their answers of a deck duel logged as reviews of its cards.
  const [countAsReviews, setCountAsReviews] = useState(false);
  const received = request.direction === 'received';
  const offerReviews = received && request.status === 'pending' && request.duel_type === 'desk';
  const hintId = `duel-request-${request.id}-reviews-hint`;
  const username = received ? request.sender_username : request.receiver_username;
  const failed = respond.error ?? hide.error;
  // An accepted request whose duel is over (or called off) is not started again (issue 40).
  const finished = request.duel_status === 'finished' || request.duel_status === 'cancelled';
  return (
    <li className={s.row}>
      <span className={s.rowText}>
        <FormattedMessage
          id={received ? 'duels.requests.from' : 'duels.requests.to'}
          values={{ username, kind: request.duel_type }}
        />
        <span className={s.muted}>
          <FormattedMessage
            id={
              finished
                ? 'duels.requests.status.finished'
                : `duels.requests.status.${request.status}`
            }
          />
        </span>
        {offerReviews ? (
          <span className={s.checkField}>
            <label className={s.checkRow}>
              <input
                type="checkbox"
                checked={countAsReviews}
                aria-describedby={hintId}
                onChange={(e) => setCountAsReviews(e.target.checked)}
              />
              <FormattedMessage id="duels.setup.countAsReviews" />
            </label>
            <span id={hintId} className={s.checkHint}>
              <FormattedMessage id="duels.requests.countAsReviews.hint" />
            </span>
          </span>
        ) : null}
      </span>
      <div className={s.actions}>
        {failed && !premium ? (
          <span className={s.muted} role="alert">
            {errorMessage(intl, failed, { fallbackId: 'duels.error.action' })}
          </span>
        ) : null}
        {received && request.status === 'pending' ? (
          <>
            <Button
              size="sm"
              loading={respond.isPending && respond.variables?.action === 'accept'}
              disabled={respond.isPending || duels.status === 'loading'}
              onClick={() =>
                duels.allowed
                  ? respond.mutate({
                      id: request.id,
                      action: 'accept',
                      count_as_reviews: offerReviews && countAsReviews,
                    })
                  : setPremium(true)
              }
            >
              <FormattedMessage id="duels.action.accept" />
            </Button>
            <Button
              size="sm"
              variant="secondary"
              disabled={respond.isPending || duels.status === 'loading'}
              onClick={() => respond.mutate({ id: request.id, action: 'reject' })}
            >
              <FormattedMessage id="duels.action.reject" />
            </Button>
          </>
        ) : null}
        {!received && request.status === 'accepted' && !finished ? (
          <Button
            size="sm"
            onClick={() => navigateTo(arenaPath(request.duel_type, request.duel_id))}
          >
            <FormattedMessage id="duels.action.start" />
          </Button>
        ) : null}
        <Button
          size="sm"
          variant="text"
          loading={hide.isPending}
          onClick={() => hide.mutate({ id: request.id })}
        >
          <FormattedMessage id="duels.action.hide" />
        </Button>
      </div>
      <PremiumModal open={premium} title={GATE_TITLE} onClose={() => setPremium(false)} />
    </li>
  );
}

function Requests() {
  const requests = useDuelRequests();
  let body: React.ReactNode;
  if (requests.isPending) body = <Loading />;
  else if (requests.isError)
    body = <LoadError error={requests.error} onRetry={() => requests.refetch()} />;
  else if (requests.data.length === 0) {
    body = (
      <p className={s.muted}>
        <FormattedMessage id="duels.requests.empty" />
      </p>
    );
  } else {
    body = (
      <ul className={s.list}>
        {requests.data.map((r) => (
          <RequestRow key={r.id} request={r} />
        ))}
      </ul>
    );
  }
  return (
    <DuelSection id="duel-requests" titleId="duels.requests.title">
      {body}
    </DuelSection>
  );
}

function History() {
  const intl = useIntl();
  const history = useDuelHistory();
  let body: React.ReactNode;
  if (history.isPending) body = <Loading />;
  else if (history.isError)
    body = <LoadError error={history.error} onRetry={() => history.refetch()} />;
  else if (history.data.results.length === 0) {
    body = (
      <p className={s.muted}>
        <FormattedMessage id="duels.history.empty" />
      </p>
    );
  } else {
    body = (
      <ul className={s.list}>
        {history.data.results.map((entry) => (
          <li key={entry.duel_id} className={s.row}>
            <a className={s.rowText} href={arenaPath(entry.duel_type, entry.duel_id)}>
              <FormattedMessage
                id="duels.history.row"
                values={{
                  mode: intl.formatMessage({ id: MODE_NAME[entry.duel_type] }),
                  username: entry.opponent_username ?? '',
                }}
              />
            </a>
            <span className={s.muted}>
              <HistoryResult entry={entry} />
              {entry.status === 'finished' ? ` · ${entry.my_score}–${entry.opponent_score}` : ''}
            </span>
          </li>
        ))}
      </ul>
    );
  }
  return (
    <DuelSection id="duel-history" titleId="duels.history.title">
      {body}
    </DuelSection>
  );
}

/** The caller's own record: duels, wins, losses, draws, win rate and the best score of each kind. */
function Stats() {
  const intl = useIntl();
  const stats = useDuelStats();
  let body: React.ReactNode;
  if (stats.isPending) body = <Loading />;
  else if (stats.isError) body = <LoadError error={stats.error} onRetry={() => stats.refetch()} />;
  else if (stats.data.total_duels === 0) {
    body = (
      <p className={s.muted}>
        <FormattedMessage id="duels.stats.empty" />
      </p>
    );
  } else {
    const figures: [string, string][] = [
      ['duels.stats.duels', intl.formatNumber(stats.data.total_duels)],
      ['duels.stats.wins', intl.formatNumber(stats.data.wins)],
      ['duels.stats.losses', intl.formatNumber(stats.data.losses)],
      ['duels.stats.draws', intl.formatNumber(stats.data.draws)],
      ['duels.stats.winRate', intl.formatNumber(stats.data.win_rate, { style: 'percent' })],
    ];
    const best = stats.data.best_scores;
    body = (
      <>
        <dl className={s.stats}>
          {figures.map(([label, value]) => (
            <div key={label} className={s.stat}>
              <dt className={s.muted}>
                <FormattedMessage id={label} />
              </dt>
              <dd className={s.statValue}>{value}</dd>
            </div>
          ))}
        </dl>
        <h3 className={s.subTitle}>
          <FormattedMessage id="duels.stats.best" />
        </h3>
        <dl className={s.stats}>
          {KINDS.map((kind) => {
            const score = best[kind];
            return (
              <div key={kind} className={s.stat}>
                <dt className={s.muted}>
                  <FormattedMessage id={MODE_NAME[kind]} />
                </dt>
                <dd className={s.statValue}>
                  {score === null || score === undefined ? (
                    <span className={s.statNone}>
                      <FormattedMessage id="duels.stats.notPlayed" />
                    </span>
                  ) : (
                    intl.formatNumber(score)
                  )}
                </dd>
              </div>
            );
          })}
        </dl>
      </>
    );
  }
  return (
    <DuelSection id="duel-stats" titleId="duels.stats.title">
      {body}
    </DuelSection>
  );
}

function LeaderboardList() {
  const intl = useIntl();
  const board = useFriendsLeaderboard();
  let body: React.ReactNode;
  if (board.isPending) body = <Loading />;
  else if (board.isError) body = <LoadError error={board.error} onRetry={() => board.refetch()} />;
  else {
    body = (
      <ol className={s.list}>
        {board.data.entries.map((entry) => (
          <li key={entry.user.id} className={s.row}>
            <span className={s.rowText}>
              {entry.rank}. {entry.user.username}{' '}
              {entry.is_me ? <FormattedMessage id="duels.leaderboard.you" /> : null}
            </span>
            <span className={s.muted}>
              <FormattedMessage
                id="duels.leaderboard.row"
                values={{
                  wins: entry.wins,
                  rate: intl.formatNumber(entry.win_rate, { style: 'percent' }),
                }}
              />
            </span>
          </li>
        ))}
      </ol>
    );
  }
  return (
    <DuelSection id="duel-leaderboard" titleId="duels.leaderboard.title">
      {body}
    </DuelSection>
  );
}

/**
 * The duels hub on `/multiple-duels`, mounted by `DuelsHomeIsland`: the four kinds of duel (links
 * to their set-up pages), the duel requests (received: Accept, Reject, Hide; sent and accepted:
 * Start; a deck duel offers "Count my answers as reviews" beside Accept), the history with results,
 * the ratings and the friends leaderboard. A friend's Duel button arrives here
 * with `?opponent=<username>`, which the set-up links carry on.
 *
 * **Use it** as the start of every duel: choose a kind, answer a friend's request, look back.
 * **Don't use it** to set a duel up (`DuelSetup`, behind each kind) or to play one (the arenas).
 *
 * **API calls and states.** Each list loads on its own: a skeleton while it loads (`Loading`, as
 * signed out or waiting for the session), its message and Retry when it fails while the others
 * still show (`LoadError`), a sentence when the requests or the history are empty (`Empty`), else
 * the rows (`WithData`).
 * - `GET duels/duel-requests/`: the requests, read again every 10 s while the events stream is
 *   down; `POST duels/duel-requests/{id}/respond/` accepts
 *   (then the duel's arena), with `count_as_reviews: true` when the receiver ticked "Count my
 *   answers as reviews" on a deck duel's request (`DeckRequest`), or rejects; on a plan without duels Accept opens the Premium modal and
 *   sends nothing (`FreePlanAccept`); `POST duels/duel-requests/{id}/delete_notification/` hides
 *   one. A failed answer shows its message in the row.
 * - `GET duels/history/`: each duel with the friend, its result and the score; each row links to
 *   the duel.
 * - `GET duels/stats/user/`: the learner's own results (duels, wins, losses, draws, win rate and
 *   the best score of each kind); a failed read shows its message and Retry (`StatsLoadError`).
 * - `GET duels/stats/friends-leaderboard/`: the friends ranked by wins, with their win rate, the
 *   learner marked (you).
 * - `GET duels/ratings/`: the learner's Glicko-2 ratings and the friends ranked by rating
 *   (`RatingsPanel`).
 * - `GET duels/matches/`, `POST duels/matches/`: challenge a friend to a match, answer a friend's
 *   challenge, the matches (`MatchesPanel`).
 *
 * **Accessibility.** "Duels" is the page's `h1`; the four kinds are a navigation landmark of links
 * named "Duels", each with its name and what it is; requests, history and leaderboard are sections
 * headed by an `h2` (and labelled by it). Every action is a labelled button (Enter or Space);
 * Accept and Reject are disabled while an answer is on its way. A failed read or answer is
 * `role="alert"`; the Premium modal is a `Dialog` that returns focus to Accept.
 */
export function DuelsHome({
  opponent = null,
}: {
  /** A friend's username (`?opponent=`), carried on by the set-up links. */
  opponent?: string | null;
}) {
  return (
    <div className={s.page}>
      <h1 className={s.title}>
        <FormattedMessage id="duels.title" />
      </h1>
      <p className={s.muted}>
        <FormattedMessage id="duels.subtitle" />
      </p>
      <Modes opponent={opponent} />
      <Requests />
      <MatchesPanel />
      <History />
      <Stats />
      <RatingsPanel />
      <LeaderboardList />
    </div>
  );
}
