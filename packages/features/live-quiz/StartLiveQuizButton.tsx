/** A teacher's "Live quiz" on an assigned deck: starts a quiz and opens its projector. */
import { navigateTo, useStartLiveQuiz } from '@memoria/api';
import { Button } from '@memoria/ui';
import { FormattedMessage, useIntl } from 'react-intl';
import { errorMessage } from '../shared/errors.ts';
import * as s from './liveQuiz.css.ts';

/**
 * "Live quiz" beside a deck assigned to a course: starts a live quiz of that deck (10 questions,
 * 20 seconds each, the server's defaults) and opens its projector, `/live-quiz/{id}`, where the
 * students join with the code. Shown by the school area's Assignments dialog of a course.
 *
 * **Use it** next to a course's assigned deck, for its teachers. **Don't use it** for subjects
 * (a quiz belongs to a course) or for a student (they join with `LiveQuizJoin`).
 *
 * **API calls and states.** `POST auth/courses/{id}/live-quizzes/`: a spinner on the button
 * while it runs; its error beside it (e.g. a deck with fewer than two distinct backs). Stories
 * `Features/live-quiz/StartLiveQuizButton`: `Default`, `TooFewCards`.
 *
 * **Accessibility.** A button named by its deck ("Start a live quiz of Capitals"); the error is
 * a `role="alert"`.
 */
export function StartLiveQuizButton({
  courseId,
  deckId,
  deckName,
}: {
  /** The course the quiz is for. */
  courseId: number;
  /** The assigned deck the questions come from. */
  deckId: number;
  /** The deck's name, for the button's accessible name. */
  deckName: string;
}) {
  const intl = useIntl();
  const start = useStartLiveQuiz();
  return (
    <span className={s.actions}>
      <Button
        size="sm"
        variant="secondary"
        aria-label={intl.formatMessage({ id: 'liveQuiz.start.named' }, { name: deckName })}
        loading={start.isPending}
        onClick={() =>
          start.mutate(
            { courseId, deskId: deckId },
            { onSuccess: (quiz) => navigateTo(`/live-quiz/${quiz.id}`) },
          )
        }
      >
        <FormattedMessage id="liveQuiz.start.action" />
      </Button>
      {start.isError ? (
        <span role="alert" className={s.alert}>
          {errorMessage(intl, start.error, { fallbackId: 'liveQuiz.start.failed' })}
        </span>
      ) : null}
    </span>
  );
}
