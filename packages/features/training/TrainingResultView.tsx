/** The result of an attempt: score, personal best, and each item marked beside the truth. */
import type { TrainingAttempt, TrainingResult } from '@memoria/api';

type TrainingMark = TrainingResult['marks'][number];

import { Button } from '@memoria/ui';
import { FormattedMessage, useIntl } from 'react-intl';
import * as s from './training.css.ts';
import { CardFace, Face } from './views/index.ts';

/** A mark in words as well as colour: a symbol hidden from screen readers, then Right or Wrong. */
function Mark({ correct }: { correct: boolean }) {
  return (
    <span className={correct ? s.correct : s.wrong}>
      <span aria-hidden="true">{correct ? '✓ ' : '✗ '}</span>
      <FormattedMessage id={correct ? 'training.mark.right' : 'training.mark.wrong'} />
    </span>
  );
}

/** How an item reads in the discipline: pictures as pictures, cards as cards, the rest as text. */
function Item({ discipline, text }: { discipline: TrainingAttempt['discipline']; text: string }) {
  if (!text) return <FormattedMessage id="training.mark.none" />;
  if (discipline === 'cards') return <CardFace code={text} />;
  if (discipline === 'images') return <span className={s.picture}>{text}</span>;
  return <>{text}</>;
}

function MarkCell({
  discipline,
  mark,
  n,
}: {
  discipline: TrainingAttempt['discipline'];
  mark: TrainingMark;
  n: number;
}) {
  const intl = useIntl();
  const given = mark.given || intl.formatMessage({ id: 'training.mark.none' });
  return (
    <li className={s.cell}>
      <span className={s.position}>{n}</span>
      <Item discipline={discipline} text={mark.truth} />
      {mark.correct ? null : (
        <span className={s.muted}>
          <FormattedMessage id="training.mark.given" values={{ given }} />
        </span>
      )}
      <Mark correct={mark.correct} />
    </li>
  );
}

/** Names & Faces: each recalled face with its first and last name marked. */
function FaceMarks({ attempt, marks }: { attempt: TrainingAttempt; marks: TrainingMark[] }) {
  return (
    <ol className={s.faces}>
      {(attempt.content.recall_faces ?? []).map((svg, n) => (
        // biome-ignore lint/suspicious/noArrayIndexKey: faces are fixed for the attempt
        <li key={n} className={s.face}>
          <Face svg={svg} />
          {[marks[2 * n], marks[2 * n + 1]].map((mark, k) =>
            mark ? (
              // biome-ignore lint/suspicious/noArrayIndexKey: first, then last name
              <span key={k}>
                {mark.correct ? (
                  mark.truth
                ) : (
                  <>
                    {mark.truth}{' '}
                    <span className={s.muted}>
                      (
                      <FormattedMessage
                        id="training.mark.given"
                        values={{ given: mark.given || '—' }}
                      />
                      )
                    </span>
                  </>
                )}{' '}
                <Mark correct={mark.correct} />
              </span>
            ) : null,
          )}
        </li>
      ))}
    </ol>
  );
}

/**
 * Numbers' Major-System help: each 2-digit group with a digit missed, its true digits and the
 * learner's own conversion-table word for them (or a note that their table has none); when the
 * table has a word for none of them, one line and a link to the table.
 */
function MissedGroups({ groups }: { groups: NonNullable<TrainingResult['missed_groups']> }) {
  const intl = useIntl();
  return (
    <section aria-labelledby="training-missed" className={s.digitRows}>
      <h3 id="training-missed" className={s.phaseTitle}>
        <FormattedMessage id="training.missed.title" />
      </h3>
      {groups.every((group) => group.word === null) ? (
        // An empty table would give one identical line per group (40 for 80 digits): one line
        // that leads to the table instead.
        <p className={s.muted}>
          <FormattedMessage id="training.missed.noTable" values={{ count: groups.length }} />{' '}
          <a href="/conversion-table">
            <FormattedMessage id="training.missed.fillTable" />
          </a>
        </p>
      ) : (
        <ul className={s.list}>
          {groups.map((group) => (
            <li key={group.start}>
              <FormattedMessage
                id="training.missed.group"
                values={{
                  from: group.start + 1,
                  to: group.start + group.digits.length,
                  digits: group.digits,
                  word: group.word ?? intl.formatMessage({ id: 'training.missed.noWord' }),
                }}
              />
            </li>
          ))}
        </ul>
      )}
    </section>
  );
}

/**
 * The end of an attempt: the score out of the maximum, how long the learner memorised, a
 * "Personal best!" badge when it beat every earlier attempt (else the best so far), a late
 * submission's note, Numbers' points per row and Major-System help (each missed group of two
 * digits with the learner's own table word), and every item marked right or wrong beside the
 * truth (what the learner gave under a wrong one). "Train again" goes back to the start.
 *
 * **Use it** after `TrainingSession`, inside `Training`. **Don't use it** for duel results
 * (`RecallArenaView`).
 *
 * **API calls and states.** None itself: it shows `POST duels/training/{id}/submit/`'s answer.
 * Stories: a result per discipline (`NumbersResult`, `ImagesResult`, `WordsResult`, `NamesResult`,
 * `CardsResult`), Numbers' missed groups with the learner's words (`NumbersMissedGroups`), a personal best (`PersonalBest`) and a late one (`Late`).
 *
 * **Accessibility.** The score is `role="status"`, so it is announced; the badge is text. Each
 * mark says Right or Wrong in words, not in colour only; pictures and cards have their text.
 */
export function TrainingResultView({
  attempt,
  result,
  onAgain,
}: {
  /** The attempt played (its discipline and, for Names & Faces, the recalled faces). */
  attempt: TrainingAttempt;
  /** The server's answer to the submission. */
  result: TrainingResult;
  /** "Train again": back to the start screen. */
  onAgain: () => void;
}) {
  const intl = useIntl();
  const summary = result.attempt;
  const seconds = (ms: number | null) =>
    intl.formatNumber((ms ?? 0) / 1000, { maximumFractionDigits: 1 });
  return (
    <section className={s.panel} aria-labelledby="training-result">
      <div className={s.header}>
        <h2 id="training-result" className={s.phaseTitle}>
          <FormattedMessage id={`training.discipline.${attempt.discipline}`} />
        </h2>
        {result.personal_best ? (
          <span className={s.badge}>
            <FormattedMessage id="training.personalBest" />
          </span>
        ) : null}
      </div>
      <p className={s.score} role="status">
        <FormattedMessage
          id="training.score"
          values={{ score: summary.score ?? 0, max: summary.max_score }}
        />
      </p>
      <p className={s.muted}>
        <FormattedMessage
          id="training.memorizedIn"
          values={{ seconds: seconds(summary.memorize_ms) }}
        />
        {result.personal_best ? null : (
          <>
            {' · '}
            <FormattedMessage
              id="training.best"
              values={{ score: result.best.score ?? 0, max: result.best.max_score }}
            />
          </>
        )}
      </p>
      {summary.late ? (
        <p className={s.muted}>
          <FormattedMessage id="training.late" />
        </p>
      ) : null}
      {result.row_points ? (
        <ul className={s.list}>
          {result.row_points.map((points, n) => (
            // biome-ignore lint/suspicious/noArrayIndexKey: rows are fixed
            <li key={n} className={s.muted}>
              <FormattedMessage id="training.rowPoints" values={{ n: n + 1, points }} />
            </li>
          ))}
        </ul>
      ) : null}
      {result.missed_groups && result.missed_groups.length > 0 ? (
        <MissedGroups groups={result.missed_groups} />
      ) : null}
      <section aria-labelledby="training-marks" className={s.digitRows}>
        <h3 id="training-marks" className={s.phaseTitle}>
          <FormattedMessage id="training.marks" />
        </h3>
        {attempt.discipline === 'names' ? (
          <FaceMarks attempt={attempt} marks={result.marks} />
        ) : (
          <ol className={attempt.discipline === 'numbers' ? s.digitMarks : s.grid}>
            {result.marks.map((mark, i) => (
              // biome-ignore lint/suspicious/noArrayIndexKey: positions are fixed
              <MarkCell key={i} discipline={attempt.discipline} mark={mark} n={i + 1} />
            ))}
          </ol>
        )}
      </section>
      <div className={s.actions}>
        <Button onClick={onAgain}>
          <FormattedMessage id="training.again" />
        </Button>
      </div>
    </section>
  );
}
