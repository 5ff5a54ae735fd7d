/** Pieces both live quiz screens draw: the options, the answer distribution, the leaderboard. */
import type { LiveQuiz } from '@memoria/api';
import { cx } from '@memoria/ui';
import { FormattedMessage } from 'react-intl';
import * as s from './liveQuiz.css.ts';

type Question = NonNullable<LiveQuiz['question']>;

export const toneOf = (i: number) => s.optionTone[(i % 4) as 0 | 1 | 2 | 3];

/** The options as the projector shows them: numbered, coloured, none marked. */
export function OptionList({ options }: { options: string[] }) {
  return (
    <ol className={s.options}>
      {options.map((text, i) => (
        // biome-ignore lint/suspicious/noArrayIndexKey: an option's place is its identity.
        <li key={i} className={cx(s.option, toneOf(i))}>
          <span className={s.optionNumber} aria-hidden="true">
            {i + 1}
          </span>
          {text}
        </li>
      ))}
    </ol>
  );
}

/** After a question: how many chose each option, the right one marked in words and with ✓. */
export function Distribution({ question }: { question: Question }) {
  const counts = question.distribution ?? question.options.map(() => 0);
  const most = Math.max(1, ...counts);
  return (
    <section className={s.section} aria-labelledby="live-quiz-distribution">
      <h2 className={s.sectionTitle} id="live-quiz-distribution">
        <FormattedMessage id="liveQuiz.distribution" />
      </h2>
      <ol className={s.bars} data-testid="live-quiz-distribution">
        {question.options.map((text, i) => {
          const count = counts[i] ?? 0;
          const correct = question.correct_option === i;
          return (
            // biome-ignore lint/suspicious/noArrayIndexKey: an option's place is its identity.
            <li key={i} className={s.bar}>
              <span className={correct ? s.right : undefined}>
                {i + 1}. {text}
                {correct ? (
                  <>
                    {' ✓ '}
                    <span className={s.muted}>
                      (<FormattedMessage id="liveQuiz.correctOption" />)
                    </span>
                  </>
                ) : null}
              </span>
              <span className={s.barTrack} aria-hidden="true">
                <span
                  className={cx(s.barFill, toneOf(i))}
                  style={{ display: 'block', width: `${(count / most) * 100}%` }}
                />
              </span>
              <span>
                <FormattedMessage id="liveQuiz.optionCount" values={{ count }} />
              </span>
            </li>
          );
        })}
      </ol>
    </section>
  );
}

/** The top 10 (equal scores share a rank). */
export function Leaderboard({ standings }: { standings: LiveQuiz['leaderboard'] }) {
  return (
    <section className={s.section} aria-labelledby="live-quiz-leaderboard">
      <h2 className={s.sectionTitle} id="live-quiz-leaderboard">
        <FormattedMessage id="liveQuiz.leaderboard" />
      </h2>
      {standings.length === 0 ? (
        <p className={s.muted}>
          <FormattedMessage id="liveQuiz.leaderboardEmpty" />
        </p>
      ) : (
        <div className={s.tableWrap}>
          <table className={s.table} data-testid="live-quiz-leaderboard">
            <thead>
              <tr>
                <th scope="col">
                  <FormattedMessage id="liveQuiz.rank" />
                </th>
                <th scope="col">
                  <FormattedMessage id="liveQuiz.player" />
                </th>
                <th scope="col">
                  <FormattedMessage id="liveQuiz.score" />
                </th>
              </tr>
            </thead>
            <tbody>
              {standings.map((p) => (
                <tr key={p.user_id}>
                  <td>{p.rank}</td>
                  <th scope="row">{p.username}</th>
                  <td>{p.score}</td>
                </tr>
              ))}
            </tbody>
          </table>
        </div>
      )}
    </section>
  );
}

/** The deck, the course and where the quiz is: the heading of both screens. */
export function QuizHeader({ quiz }: { quiz: LiveQuiz }) {
  return (
    <header className={s.header}>
      <h1 className={s.title} id="live-quiz-title">
        <FormattedMessage
          id="liveQuiz.heading"
          values={{ deck: quiz.desk_name, course: quiz.course_name }}
        />
      </h1>
      {quiz.question ? (
        <p className={s.muted}>
          <FormattedMessage
            id="liveQuiz.progress"
            values={{ n: quiz.question.index + 1, total: quiz.question_count }}
          />
        </p>
      ) : null}
    </header>
  );
}
