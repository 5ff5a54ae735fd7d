/** A student's screen of a live quiz: answer buttons, then right or wrong, points and rank. */
import {
  invalidateAndRefetch,
  type LiveQuiz,
  type LiveQuizAnswerResult,
  liveQuizKeys,
  useAnswerLiveQuiz,
} from '@memoria/api';
import { cx } from '@memoria/ui';
import { useQueryClient } from '@tanstack/react-query';
import { useEffect, useState } from 'react';
import { FormattedMessage, useIntl } from 'react-intl';
import { useSecondsLeft } from '../shared/clock.ts';
import { errorMessage } from '../shared/errors.ts';
import * as s from './liveQuiz.css.ts';
import { QuizHeader, toneOf } from './parts.tsx';

type Question = NonNullable<LiveQuiz['question']>;

/**
 * What a student sees of the quiz, from the same state as the projector (a reload resumes it):
 * waiting in the lobby, the question's options as buttons (keys 1 to 4 too), "Answer received",
 * then right or wrong with the points, their score and rank, and the final score at the end
 * with a link back to the dashboard.
 *
 * **Use it** inside `LiveQuizScreen`, which picks it for a student. **Don't use it** for the
 * teacher (the projector of `LiveQuizScreen`).
 *
 * **API calls and states.** `POST auth/live-quizzes/{id}/answer/` (a failed answer, e.g. too
 * late, is a `role="alert"`); the state comes from `LiveQuizScreen`'s `GET`. Stories
 * `Features/live-quiz/LiveQuizScreen`: `PlayerLobby`, `PlayerQuestion`, `PlayerAnswered`,
 * `PlayerReveal`, `PlayerFinished`, `Phone`.
 *
 * **Accessibility.** The options are buttons named by their number and text, focusable in
 * order; the keys 1 to 4 answer too (said above them); "Answer received" and the result are a
 * polite `status`.
 */
export function PlayerView({
  quiz,
}: {
  /** The quiz as the student sees it (`GET auth/live-quizzes/{id}/`). */
  quiz: LiveQuiz;
}) {
  // The points of this device's answers by question, known before the state closes the question
  // (after a reload, the closed question's `my_points` says them).
  const [results, setResults] = useState<Record<number, LiveQuizAnswerResult>>({});
  const q = quiz.question;
  return (
    <section className={s.screen} aria-labelledby="live-quiz-title">
      <QuizHeader quiz={quiz} />
      {quiz.status === 'lobby' ? (
        <p className={s.result} role="status">
          <FormattedMessage id="liveQuiz.player.waiting" />
        </p>
      ) : null}
      {quiz.status === 'question' && q ? (
        <AnswerPad
          key={q.index}
          quiz={quiz}
          question={q}
          onAnswered={(r) => setResults((all) => ({ ...all, [q.index]: r }))}
        />
      ) : null}
      {quiz.status === 'reveal' && q ? (
        <QuestionResult question={q} points={results[q.index]?.points ?? q.my_points} />
      ) : null}
      {quiz.status === 'finished' && quiz.my_score ? (
        <p className={s.result} role="status">
          <FormattedMessage
            id="liveQuiz.player.final"
            values={{ score: quiz.my_score.score, rank: quiz.my_score.rank }}
          />
        </p>
      ) : null}
      {quiz.status === 'finished' && !quiz.my_score ? (
        <p className={s.result} role="status">
          <FormattedMessage id="liveQuiz.finished" />
        </p>
      ) : null}
      {quiz.status === 'finished' ? (
        // The quiz is over and nothing else happens on this screen: a way on.
        <p>
          <a href="/">
            <FormattedMessage id="liveQuiz.player.home" />
          </a>
        </p>
      ) : null}
      {quiz.my_score && quiz.status !== 'finished' && quiz.status !== 'lobby' ? (
        <p className={s.muted} data-testid="live-quiz-standing">
          <FormattedMessage
            id="liveQuiz.player.standing"
            values={{ score: quiz.my_score.score, rank: quiz.my_score.rank }}
          />
        </p>
      ) : null}
    </section>
  );
}

function AnswerPad({
  quiz,
  question,
  onAnswered,
}: {
  quiz: LiveQuiz;
  question: Question;
  onAnswered: (result: LiveQuizAnswerResult) => void;
}) {
  const intl = useIntl();
  const client = useQueryClient();
  const answer = useAnswerLiveQuiz();
  const seconds = useSecondsLeft(question.ends_at, quiz.server_time, () =>
    invalidateAndRefetch(client, liveQuizKeys.quiz(quiz.id)),
  );
  const chosen = answer.variables?.option ?? question.my_option;
  const locked =
    question.my_option !== null || answer.isPending || answer.isSuccess || seconds === 0;
  const choose = (option: number) => {
    if (locked) return;
    answer.mutate(
      { id: quiz.id, questionIndex: question.index, option },
      { onSuccess: onAnswered },
    );
  };
  useEffect(() => {
    const onKey = (event: KeyboardEvent) => {
      if (event.altKey || event.ctrlKey || event.metaKey) return;
      // Digits typed into a field are the field's.
      const target = event.target;
      if (target instanceof Element && target.closest('input, textarea, select, [contenteditable]'))
        return;
      const n = Number(event.key);
      if (Number.isInteger(n) && n >= 1 && n <= question.options.length) {
        event.preventDefault();
        choose(n - 1);
      }
    };
    window.addEventListener('keydown', onKey);
    return () => window.removeEventListener('keydown', onKey);
  });
  const received = question.my_option !== null || answer.isSuccess;
  return (
    <div className={s.section}>
      <p className={s.prompt} data-testid="live-quiz-prompt">
        {question.prompt}
      </p>
      <p className={s.countdown} role="status">
        <FormattedMessage id="liveQuiz.secondsLeft" values={{ seconds }} />
      </p>
      {received ? (
        <p className={s.result} role="status">
          <FormattedMessage id="liveQuiz.player.received" />
        </p>
      ) : seconds === 0 ? (
        <p className={s.result} role="status">
          <FormattedMessage id="liveQuiz.player.timeUp" />
        </p>
      ) : (
        <p className={s.muted}>
          <FormattedMessage id="liveQuiz.player.keys" values={{ count: question.options.length }} />
        </p>
      )}
      <ol className={s.options}>
        {question.options.map((text, i) => (
          // biome-ignore lint/suspicious/noArrayIndexKey: an option's place is its identity.
          <li key={i}>
            <button
              type="button"
              className={cx(s.optionButton, toneOf(i), chosen === i && s.chosen)}
              aria-pressed={chosen === i}
              disabled={locked}
              onClick={() => choose(i)}
            >
              <span className={s.optionNumber}>{i + 1}</span>
              {text}
            </button>
          </li>
        ))}
      </ol>
      {answer.isError ? (
        <p role="alert" className={s.alert}>
          {errorMessage(intl, answer.error, { fallbackId: 'liveQuiz.answerFailed' })}
        </p>
      ) : null}
    </div>
  );
}

function QuestionResult({ question, points }: { question: Question; points: number | null }) {
  const answer =
    question.correct_option === null ? '' : (question.options[question.correct_option] ?? '');
  const right = question.my_option !== null && question.my_option === question.correct_option;
  return (
    <div className={s.section}>
      <p className={s.sectionTitle}>{question.prompt}</p>
      <p
        className={cx(s.result, right ? s.right : s.wrong)}
        role="status"
        data-testid="live-quiz-result"
      >
        {right ? (
          points === null ? (
            <FormattedMessage id="liveQuiz.player.rightPlain" />
          ) : (
            <FormattedMessage id="liveQuiz.player.right" values={{ points }} />
          )
        ) : (
          <FormattedMessage
            id={question.my_option === null ? 'liveQuiz.player.noAnswer' : 'liveQuiz.player.wrong'}
            values={{ answer }}
          />
        )}
      </p>
      <p className={s.muted}>
        <FormattedMessage id="liveQuiz.player.waitNext" />
      </p>
    </div>
  );
}
