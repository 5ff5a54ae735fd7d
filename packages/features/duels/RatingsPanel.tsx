/**
 * The duels home's "Ratings" panel: the learner's Glicko-2 rating ± deviation in each discipline
 * they have played, and their friends, or the players of a school they belong to, ranked by
 * rating in one discipline.
 */
import {
  type RatingDiscipline,
  type RatingLeaderboardEntry,
  useRatings,
  useRatingsLeaderboard,
  useSchools,
} from '@memoria/api';
import { Button, Select } from '@memoria/ui';
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

/** Rows of a school board per page. */
const SCHOOL_PAGE_SIZE = 20;

/**
 * The "Ratings" section of `/multiple-duels` (inside `DuelsHomeIsland`): the learner's Glicko-2
 * rating ± deviation and games in each discipline played, and the friends leaderboard of one
 * discipline (a select, at first the discipline the learner played most), ranked by rating − 2 ×
 * deviation, with the learner's place. A learner who belongs to a school (owner, teacher or
 * student) also gets a "Board" select: Friends or each of their schools, whose players are shown
 * 20 a page with Previous and Next; a teacher who never played sees the school board too.
 *
 * **Use it** on the duels home, below the learner's results. **Don't use it** for win counts
 * (the friends leaderboard by wins, `DuelsHome`).
 *
 * **API calls and states.** `GET duels/ratings/?discipline=…` (friends scope) and
 * `GET auth/schools/`, read again when a duel ends (`duel_progress`): a skeleton while it loads
 * (`Loading`), its message and Retry when it fails (`LoadError`), a sentence when no duel was
 * rated yet (`Empty`), else the ratings and the board (`WithData`, `Spanish`, `Phone`, `Dark`);
 * a school picked, `GET duels/ratings/leaderboard/?scope=school&school_id=…&discipline=…&page=…`
 * (`SchoolBoard`, `SchoolBoardSpanish`; its own loading and failure states in the board).
 *
 * **Accessibility.** A section headed by an `h2` (and labelled by it); the ratings are a
 * description list (discipline, then rating ± deviation and games); the discipline select has a
 * visible label, as has the board select; the board is an ordered list (numbered from its first
 * rank) whose own row says "(you)"; Previous and Next are buttons. A failed read is
 * `role="alert"` with a Retry button.
 */
export function RatingsPanel({
  initialDiscipline,
  initialBoard = 'friends',
}: {
  /** The board's discipline before the learner picks one (default: the server's, the most played). */
  initialDiscipline?: RatingDiscipline;
  /** The board shown first: `friends` (default) or the id of one of the learner's schools. */
  initialBoard?: 'friends' | number;
}) {
  const intl = useIntl();
  const [picked, setPicked] = useState<RatingDiscipline | undefined>(initialDiscipline);
  // While another discipline's board loads, the one shown stays (and the ratings with it).
  const ratings = useRatings(picked ? { discipline: picked } : {}, {
    placeholderData: (previous) => previous,
  });
  const played = (ratings.data?.ratings ?? []).filter((r) => r.games > 0);
  const schools = useSchools().data ?? [];
  const [boardOf, setBoardOf] = useState<'friends' | number>(initialBoard);
  const school = schools.find((sc) => sc.id === boardOf);

  let body: React.ReactNode;
  if (ratings.isPending) body = <Loading />;
  else if (ratings.isError) {
    body = <LoadError error={ratings.error} onRetry={() => ratings.refetch()} />;
  } else if (played.length === 0 && schools.length === 0) {
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
          <FormattedMessage
            id={played.length === 0 ? 'duels.ratings.empty' : 'duels.ratings.about'}
          />
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
          {school ? (
            <FormattedMessage
              id="duels.ratings.board.schoolTitle"
              values={{ school: school.name }}
            />
          ) : (
            <FormattedMessage id="duels.ratings.board.title" />
          )}
        </h3>
        {schools.length > 0 ? (
          <Select
            label={<FormattedMessage id="duels.ratings.board.scope" />}
            value={school ? String(school.id) : 'friends'}
            onChange={(event) =>
              setBoardOf(event.target.value === 'friends' ? 'friends' : Number(event.target.value))
            }
            options={[
              {
                value: 'friends',
                label: intl.formatMessage({ id: 'duels.ratings.board.friends' }),
              },
              ...schools.map((sc) => ({ value: String(sc.id), label: sc.name })),
            ]}
          />
        ) : null}
        <Select
          label={<FormattedMessage id="duels.ratings.discipline" />}
          value={picked ?? board.discipline}
          onChange={(event) => setPicked(event.target.value as RatingDiscipline)}
          options={DISCIPLINES.map((d) => ({
            value: d,
            label: intl.formatMessage({ id: `duels.ratings.discipline.${d}` }),
          }))}
        />
        {school ? (
          <SchoolBoard
            key={`${school.id}-${picked ?? board.discipline}`}
            schoolId={school.id}
            discipline={picked ?? board.discipline}
          />
        ) : board.entries.length === 0 ? (
          <p className={s.muted}>
            <FormattedMessage id="duels.ratings.board.empty" />
          </p>
        ) : (
          <BoardList entries={board.entries} myRank={board.my_rank} />
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

/** A board's rows, by rank, and the learner's place. */
function BoardList({
  entries,
  myRank,
}: {
  entries: readonly RatingLeaderboardEntry[];
  myRank: number | null;
}) {
  const intl = useIntl();
  return (
    <>
      <ol className={s.list} start={entries[0]?.rank ?? 1}>
        {entries.map((entry) => (
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
        {myRank === null ? (
          <FormattedMessage id="duels.ratings.board.unrated" />
        ) : (
          <FormattedMessage id="duels.ratings.board.myRank" values={{ rank: myRank }} />
        )}
      </p>
    </>
  );
}

/** A school's players by rating in one discipline, a page at a time. */
function SchoolBoard({ schoolId, discipline }: { schoolId: number; discipline: RatingDiscipline }) {
  const [page, setPage] = useState(1);
  const board = useRatingsLeaderboard(
    { scope: 'school', schoolId, discipline, page, pageSize: SCHOOL_PAGE_SIZE },
    { placeholderData: (previous) => previous },
  );
  if (board.isPending) return <Loading />;
  if (board.isError) return <LoadError error={board.error} onRetry={() => board.refetch()} />;
  const { results, count, my_rank, next, previous } = board.data;
  if (results.length === 0) {
    return (
      <p className={s.muted}>
        <FormattedMessage id="duels.ratings.board.empty" />
      </p>
    );
  }
  const pages = Math.max(1, Math.ceil(count / SCHOOL_PAGE_SIZE));
  return (
    <>
      <BoardList entries={results} myRank={my_rank} />
      {pages > 1 ? (
        <div className={s.actions}>
          <Button variant="secondary" disabled={!previous} onClick={() => setPage(page - 1)}>
            <FormattedMessage id="duels.ratings.board.previous" />
          </Button>
          <span className={s.muted}>
            <FormattedMessage id="duels.ratings.board.page" values={{ page, pages }} />
          </span>
          <Button variant="secondary" disabled={!next} onClick={() => setPage(page + 1)}>
            <FormattedMessage id="duels.ratings.board.next" />
          </Button>
        </div>
      ) : null}
    </>
  );
}
