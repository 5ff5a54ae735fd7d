/** Joining a live quiz: the six-digit code, and the quizzes running in the learner's courses. */
import {
  isApiRequestError,
  type LiveQuizSummary,
  navigateTo,
  useJoinLiveQuiz,
  useJoinLiveQuizById,
  useOpenLiveQuizzes,
} from '@memoria/api';
import { Button, TextField } from '@memoria/ui';
import { useState } from 'react';
import { FormattedMessage, useIntl } from 'react-intl';
import { errorMessage } from '../shared/errors.ts';
import * as s from './liveQuiz.css.ts';

const CODE = /^\d{6}$/;

/**
 * A student's way into a live quiz, like Kahoot's game PIN: a field for the six-digit code the
 * projector shows and Join, which opens the quiz's screen; above it, the quizzes running now in
 * the learner's courses: a student joins one with its Join button, without the code; a quiz the
 * learner runs is a link to its projector. On the dashboard, on
 * `/live-quiz` (`LiveQuizJoinIsland`) and on a quiz's page for a student who has not joined yet.
 *
 * **Use it** wherever a student may join a quiz. **Don't use it** to start one (a teacher's
 * `StartLiveQuizButton`) or to play it (`LiveQuizScreen`).
 *
 * **API calls and states.** `GET auth/live-quizzes/` (nothing shows while it loads, when it
 * fails or when none runs: the code field is enough); `POST auth/live-quizzes/join/` (a wrong or
 * ended code says so under the field); `POST auth/live-quizzes/{id}/join/` by a running quiz's
 * Join (a failure says so under the list, e.g. a quiz ended meanwhile). Stories `Features/live-quiz/LiveQuizJoin`: `Default`,
 * `Running`, `WrongCode`, `Spanish`, `Phone`.
 *
 * **Accessibility.** A form with a labelled numeric field (its error tied to it), a named
 * section heading (`h2`), each running quiz named by its deck and course: a Join button whose
 * name says which quiz, or for its teacher a link.
 */
export function LiveQuizJoin({
  compact = false,
}: {
  /** On a page with its own `h1` (the dashboard): the heading is an `h2`. */
  compact?: boolean;
}) {
  const intl = useIntl();
  const join = useJoinLiveQuiz({
    // On the hook, not on `mutate`: on a quiz's own page the quiz replaces this form before the
    // call returns, and there is nowhere to go.
    onSuccess: (quiz) => {
      const path = `/live-quiz/${quiz.id}`;
      if (window.location.pathname !== path) navigateTo(path);
    },
  });
  const joinById = useJoinLiveQuizById({
    onSuccess: (quiz) => navigateTo(`/live-quiz/${quiz.id}`),
  });
  const open = useOpenLiveQuizzes();
  const [code, setCode] = useState('');
  const [invalid, setInvalid] = useState(false);
  const running = open.data ?? [];
  const error = invalid
    ? intl.formatMessage({ id: 'liveQuiz.join.invalid' })
    : join.isError
      ? isApiRequestError(join.error) && join.error.status === 404
        ? intl.formatMessage({ id: 'liveQuiz.join.notFound' })
        : errorMessage(intl, join.error, { fallbackId: 'liveQuiz.join.failed' })
      : undefined;
  const Heading = compact ? 'h2' : 'h1';
  return (
    <section className={s.section} aria-labelledby="live-quiz-join">
      <Heading className={s.sectionTitle} id="live-quiz-join">
        <FormattedMessage id="liveQuiz.join.title" />
      </Heading>
      {running.length > 0 ? (
        <div className={s.section}>
          <p className={s.muted}>
            <FormattedMessage id="liveQuiz.join.running" />
          </p>
          <ul className={s.list}>
            {running.map((q) => (
              <li key={q.id} className={s.row}>
                {q.is_teacher ? (
                  <>
                    <a href={`/live-quiz/${q.id}`}>
                      {q.desk_name} · {q.course_name}
                    </a>
                    <span className={s.muted}>
                      <FormattedMessage id="liveQuiz.join.teacher" />
                    </span>
                  </>
                ) : (
                  <RunningQuiz quiz={q} onJoin={() => joinById.mutate({ id: q.id })} />
                )}
              </li>
            ))}
          </ul>
          {joinById.isError ? (
            <p className={s.muted} role="alert">
              {isApiRequestError(joinById.error) && joinById.error.status === 404
                ? intl.formatMessage({ id: 'liveQuiz.join.ended' })
                : errorMessage(intl, joinById.error, { fallbackId: 'liveQuiz.join.failed' })}
            </p>
          ) : null}
        </div>
      ) : null}
      <form
        className={s.joinForm}
        noValidate
        onSubmit={(event) => {
          event.preventDefault();
          const typed = code.replace(/\s/g, '');
          if (!CODE.test(typed)) {
            setInvalid(true);
            return;
          }
          setInvalid(false);
          join.mutate({ code: typed });
        }}
      >
        <TextField
          label={intl.formatMessage({ id: 'liveQuiz.join.code' })}
          value={code}
          inputMode="numeric"
          autoComplete="off"
          maxLength={7}
          error={error}
          onChange={(event) => setCode(event.target.value)}
        />
        <Button type="submit" loading={join.isPending}>
          <FormattedMessage id="liveQuiz.join.submit" />
        </Button>
      </form>
    </section>
  );
}

/** A running quiz of a course the learner studies in: its deck and course, and Join. */
function RunningQuiz({ quiz, onJoin }: { quiz: LiveQuizSummary; onJoin: () => void }) {
  const intl = useIntl();
  return (
    <>
      <span>
        {quiz.desk_name} · {quiz.course_name}
      </span>
      <Button
        size="sm"
        aria-label={intl.formatMessage(
          { id: 'liveQuiz.join.quiz' },
          { deck: quiz.desk_name, course: quiz.course_name },
        )}
        onClick={onJoin}
      >
        <FormattedMessage id="liveQuiz.join.submit" />
      </Button>
    </>
  );
}
