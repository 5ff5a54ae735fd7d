/**
 * The duels home's "Ratings" panel: the learner's Glicko-2 rating ± deviation in each discipline
 * they have played, and their friends ranked by rating in one discipline.
 */
import { type RatingDiscipline, useRatings } from '@memoria/api';
import { Select } from '@memoria/ui';
import { useState } from 'react';
import { FormattedMessage, useIntl } from 'react-intl';
import * as s from './duels.css.ts';
import { DuelSection, LoadError, Loading } from './shared.tsx';

/** Every discipline, in the contract's order (`RatingDiscipline`). */
const DISCIPLINES: readonly RatingDiscipline[] = [
  'desk',
  'image',
  'number',
  'custom',
  'numbers',
  'images',
  'words',
  'names_faces',
  'cards',
];

const round = (value: number) => Math.round(value);

/**
 * The "Ratings" section of `/multiple-duels` (inside `DuelsHomeIsland`): the learner's Glicko-2
 * rating ± deviation and games in each discipline played, and the friends leaderboard of one
 * discipline (a select, at first the discipline the learner played most), ranked by rating − 2 ×
 * deviation, with the learner's place.
 *
 * **Use it** on the duels home, below the learner's results. **Don't use it** for win counts
 * (the friends leaderboard by wins, `DuelsHome`) or for a school's board (not shown yet; the hook
 * `useRatings({ scope: 'school', schoolId })` reads it).
 *
 * **API calls and states.** `GET duels/ratings/?discipline=…` (friends scope), read again when a
 * duel ends (`duel_progress`): a skeleton while it loads (`Loading`), its message and Retry when
 * it fails (`LoadError`), a sentence when no duel was rated yet (`Empty`), else the ratings and
 * the board (`WithData`, `Spanish`, `Phone`, `Dark`).
 *
 * **Accessibility.** A section headed by an `h2` (and labelled by it); the ratings are a
 * description list (discipline, then rating ± deviation and games); the discipline select has a
 * visible label; the board is an ordered list whose own row says "(you)". A failed read is
 * `role="alert"` with a Retry button.
 */
export function RatingsPanel({
  initialDiscipline,
}: {
  /** The board's discipline before the learner picks one (default: the server's, the most played). */
  initialDiscipline?: RatingDiscipline;
}) {
  const intl = useIntl();
  const [picked, setPicked] = useState<RatingDiscipline | undefined>(initialDiscipline);
  // While another discipline's board loads, the one shown stays (and the ratings with it).
  const ratings = useRatings(picked ? { discipline: picked } : {}, {
    placeholderData: (previous) => previous,
  });
  const played = (ratings.data?.ratings ?? []).filter((r) => r.games > 0);

  let body: React.ReactNode;
  if (ratings.isPending) body = <Loading />;
  else if (ratings.isError) {
    body = <LoadError error={ratings.error} onRetry={() => ratings.refetch()} />;
  } else if (played.length === 0) {
    body = (
      <p className={s.muted}>
        <FormattedMessage id="duels.ratings.empty" />
      </p>
    );
  } else {
    const board = ratings.data.leaderboard;
    body = (
      <>
        <p className={s.muted}>
          <FormattedMessage id="duels.ratings.about" />
        </p>
        <dl className={s.stats}>
          {played.map((r) => (
            <div key={r.discipline} className={s.stat}>
              <dt className={s.muted}>
                <FormattedMessage id={`duels.ratings.discipline.${r.discipline}`} />
              </dt>
              <dd className={s.statValue}>
                <FormattedMessage
                  id="duels.ratings.value"
                  values={{
                    rating: intl.formatNumber(round(r.rating)),
                    deviation: intl.formatNumber(round(r.deviation)),
                  }}
                />
              </dd>
              <dd className={s.muted}>
                <FormattedMessage id="duels.ratings.games" values={{ games: r.games }} />
              </dd>
            </div>
          ))}
        </dl>
        <h3 className={s.subTitle}>
          <FormattedMessage id="duels.ratings.board.title" />
        </h3>
        <Select
          label={<FormattedMessage id="duels.ratings.discipline" />}
          value={picked ?? board.discipline}
          onChange={(event) => setPicked(event.target.value as RatingDiscipline)}
          options={DISCIPLINES.map((d) => ({
            value: d,
            label: intl.formatMessage({ id: `duels.ratings.discipline.${d}` }),
          }))}
        />
        {board.entries.length === 0 ? (
          <p className={s.muted}>
            <FormattedMessage id="duels.ratings.board.empty" />
          </p>
        ) : (
          <>
            <ol className={s.list}>
              {board.entries.map((entry) => (
                <li key={entry.user.id} className={s.row}>
                  <span className={s.rowText}>
                    {entry.rank}. {entry.user.username}{' '}
                    {entry.is_me ? <FormattedMessage id="duels.leaderboard.you" /> : null}
                  </span>
                  <span className={s.muted}>
                    <FormattedMessage
                      id="duels.ratings.value"
                      values={{
                        rating: intl.formatNumber(round(entry.rating)),
                        deviation: intl.formatNumber(round(entry.deviation)),
                      }}
                    />
                  </span>
                </li>
              ))}
            </ol>
            <p className={s.muted}>
              {board.my_rank === null ? (
                <FormattedMessage id="duels.ratings.board.unrated" />
              ) : (
                <FormattedMessage
                  id="duels.ratings.board.myRank"
                  values={{ rank: board.my_rank }}
                />
              )}
            </p>
          </>
        )}
      </>
    );
  }
  return (
    <DuelSection id="duel-ratings" titleId="duels.ratings.title">
      {body}
    </DuelSection>
  );
}
