/**
 * A live class quiz (`/live-quiz/{id}`): the teacher's projector or a student's screen, from the
 * one state `GET auth/live-quizzes/{id}/` gives. The `live_quiz` event reads it again on each
 * step; a reload reads it whole, so either screen resumes where the quiz is.
 */
import {
  invalidateAndRefetch,
  isApiRequestError,
  type LiveQuiz,
  liveQuizKeys,
  useAdvanceLiveQuiz,
  useLiveQuiz,
} from '@memoria/api';
import { Button, Skeleton } from '@memoria/ui';
import { useQueryClient } from '@tanstack/react-query';
import { FormattedMessage, useIntl } from 'react-intl';
import { useSecondsLeft } from '../shared/clock.ts';
import { errorMessage } from '../shared/errors.ts';
import { LoadFailure } from '../shared/LoadFailure.tsx';
import { LiveQuizJoin } from './LiveQuizJoin.tsx';
import * as s from './liveQuiz.css.ts';
import { PlayerView } from './PlayerView.tsx';
import { Distribution, Leaderboard, OptionList, QuizHeader } from './parts.tsx';
import { QuizReport } from './QuizReport.tsx';

/**
 * The whole live quiz for whoever opens it: the projector for the course's teacher (the code in
 * large type and who joined, then each question with its options and a countdown but no answer
 * marked, after each question the answer distribution and the leaderboard, Next, and at the end
 * the report with a CSV download), or the student's screen (`PlayerView`: answer buttons, then
 * right or wrong, points and rank).
 *
 * **Use it** on the live quiz page (`LiveQuizIsland`, `/live-quiz/{id}`), one per quiz. **Don't
 * use it** to join with a code (`LiveQuizJoin`) or to start a quiz (`StartLiveQuizButton`).
 *
 * **API calls and states.** `GET auth/live-quizzes/{id}/` (a skeleton while it loads; "could not
 * load" with Retry when it fails; a student who has not joined yet, a 404, gets the join form);
 * `POST auth/live-quizzes/{id}/next/` (Start, Close the question, Next question, Show the
 * results); `POST …/answer/` from the student's screen; `GET …/report/` once finished. Stories
 * `Features/live-quiz/LiveQuizScreen`: `Lobby`, `Question`, `Reveal`, `Finished`, `PlayerLobby`,
 * `PlayerQuestion`, `PlayerAnswered`, `PlayerReveal`, `PlayerFinished`, `Loading`, `LoadError`,
 * `NotJoined`, `Spanish`, `Phone`, `Dark`.
 *
 * **Accessibility.** One `main`-level section headed by an `h1` (deck and course); the countdown
 * and the answered count are a polite `status`, read without taking the focus; options are a
 * numbered list (buttons with their number and text on the student's screen, keys 1 to 4 too);
 * the distribution names each option and its count in text, not only a bar; the leaderboard and
 * the report are tables with headers; a failed step is a `role="alert"`.
 */
export function LiveQuizScreen({
  quizId,
  joinAddress = defaultJoinAddress(),
}: {
  /** The quiz's id (from the page's path). */
  quizId: number;
  /** Where students join, shown on the projector's lobby; this site's `host/live-quiz` unless given. */
  joinAddress?: string;
}) {
  const quiz = useLiveQuiz(quizId);
  if (quiz.isPending) {
    return (
      <div className={s.screen}>
        <Skeleton variant="rect" height={240} />
      </div>
    );
  }
  if (quiz.isError) {
    if (isApiRequestError(quiz.error) && quiz.error.status === 404) {
      return (
        <div className={s.screen}>
          <LiveQuizJoin />
        </div>
      );
    }
    return (
      <div className={s.screen}>
        <LoadFailure
          messageId="liveQuiz.loadFailed"
          retryId="liveQuiz.retry"
          onRetry={() => quiz.refetch()}
        />
      </div>
    );
  }
  return quiz.data.is_teacher ? (
    <Projector quiz={quiz.data} joinAddress={joinAddress} />
  ) : (
    <PlayerView quiz={quiz.data} />
  );
}

function Projector({ quiz, joinAddress }: { quiz: LiveQuiz; joinAddress: string }) {
  const intl = useIntl();
  const advance = useAdvanceLiveQuiz();
  const last = quiz.question_index === quiz.question_count - 1;
  const nextId =
    quiz.status === 'lobby'
      ? 'liveQuiz.start'
      : quiz.status === 'question'
        ? 'liveQuiz.closeNow'
        : last
          ? 'liveQuiz.showResults'
          : 'liveQuiz.next';
  const next =
    quiz.status === 'finished' ? null : (
      <div className={s.actions}>
        <Button
          size="lg"
          variant={quiz.status === 'question' ? 'secondary' : 'primary'}
          loading={advance.isPending}
          disabled={quiz.status === 'lobby' && quiz.player_count === 0}
          onClick={() =>
            advance.mutate({
              id: quiz.id,
              status: quiz.status,
              question_index: quiz.question_index,
            })
          }
        >
          <FormattedMessage id={nextId} />
        </Button>
        {advance.isError ? (
          <p role="alert" className={s.alert}>
            {errorMessage(intl, advance.error, { fallbackId: 'liveQuiz.nextFailed' })}
          </p>
        ) : null}
      </div>
    );
  return (
    <section className={s.screen} aria-labelledby="live-quiz-title">
      <QuizHeader quiz={quiz} />
      {quiz.status === 'lobby' ? <ProjectorLobby quiz={quiz} joinAddress={joinAddress} /> : null}
      {quiz.status === 'question' && quiz.question ? (
        <OpenQuestion quiz={quiz} question={quiz.question} />
      ) : null}
      {quiz.status === 'reveal' && quiz.question ? (
        <>
          <p className={s.prompt}>{quiz.question.prompt}</p>
          <Distribution question={quiz.question} />
          <Leaderboard standings={quiz.leaderboard} />
        </>
      ) : null}
      {quiz.status === 'finished' ? (
        <>
          <p className={s.result} role="status">
            <FormattedMessage id="liveQuiz.finished" />
          </p>
          <Leaderboard standings={quiz.leaderboard} />
          <QuizReport quizId={quiz.id} />
        </>
      ) : null}
      {next}
    </section>
  );
}

/** Where students join, as typed in a phone's address bar: this site's host and `/live-quiz`. */
function defaultJoinAddress(): string {
  return typeof window === 'undefined' ? '/live-quiz' : `${window.location.host}/live-quiz`;
}

function ProjectorLobby({ quiz, joinAddress }: { quiz: LiveQuiz; joinAddress: string }) {
  const intl = useIntl();
  const shown = quiz.leaderboard.map((p) => p.username);
  const more = quiz.player_count - shown.length;
  return (
    <div className={s.section}>
      <p className={s.muted}>
        {/* The address to type, as a quiz projector shows it. */}
        <FormattedMessage
          id="liveQuiz.joinAt"
          values={{ address: <strong className={s.address}>{joinAddress}</strong> }}
        />
      </p>
      <p className={s.code} data-testid="live-quiz-code">
        {quiz.code}
      </p>
      <p className={s.sectionTitle} role="status">
        <FormattedMessage id="liveQuiz.players" values={{ count: quiz.player_count }} />
      </p>
      {shown.length > 0 ? (
        <ul className={s.names} aria-label={intl.formatMessage({ id: 'liveQuiz.player' })}>
          {shown.map((name) => (
            <li key={name} className={s.name}>
              {name}
            </li>
          ))}
          {more > 0 ? (
            <li className={s.muted}>
              <FormattedMessage id="liveQuiz.morePlayers" values={{ count: more }} />
            </li>
          ) : null}
        </ul>
      ) : null}
    </div>
  );
}

/** The projector's open question: large prompt, options with no answer marked, the clock. */
function OpenQuestion({
  quiz,
  question,
}: {
  quiz: LiveQuiz;
  question: NonNullable<LiveQuiz['question']>;
}) {
  const client = useQueryClient();
  const seconds = useSecondsLeft(question.ends_at, quiz.server_time, () =>
    invalidateAndRefetch(client, liveQuizKeys.quiz(quiz.id)),
  );
  return (
    <>
      <p className={s.prompt}>{question.prompt}</p>
      <div className={s.header} role="status">
        <p className={s.countdown}>
          <FormattedMessage id="liveQuiz.secondsLeft" values={{ seconds }} />
        </p>
        <p className={s.sectionTitle}>
          <FormattedMessage
            id="liveQuiz.answered"
            values={{ count: question.answered_count, total: quiz.player_count }}
          />
        </p>
      </div>
      <OptionList options={question.options} />
    </>
  );
}
