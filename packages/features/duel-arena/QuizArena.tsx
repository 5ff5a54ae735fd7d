/**
 * The arena of a question duel (`/duel/{duelId}`, deck and custom): waiting for the friend, each
 * question in turn, first alone for the view time (Memory League style: its choices come from the
 * server once it opens for answers), then with the time left on the server's clock (keys 1–4 pick
 * a choice; a typed answer is sent with Enter), the friend's progress live (or that their
 * connection dropped: the duel goes on and they can come back), Review Mode's correct answer after each
 * question, time up, and the result with both scores and the correct answers. A reload resumes
 * where the server says the duel is.
 *
 * **API calls and states**: `GET duels/{id}/` (`Loading`, error with Retry; `Waiting`, `Answered`,
 * `Cancelled`, `Reading`, `Question`, `OpponentAway`, `Finished` for the caller, `Result`), `POST duels/submit-response/`.
 * The events stream's `duel_progress` and notification events refresh the duel, and so does the
 * stream coming back after a drop. The arena also reads it again, once each, when a question
 * opens, when its deadline passed, and, once the caller finished, when the friend's
 * (`opponent_deadline_at`) passed: the server then ends a friend who never answers.
 */
import {
  type Duel,
  type DuelQuestion,
  type DuelResponseResult,
  useDuel,
  useSubmitDuelResponse,
} from '@memoria/api';
import { Button, TextField } from '@memoria/ui';
import { useLayoutEffect, useRef, useState } from 'react';
import { FormattedMessage, useIntl } from 'react-intl';
import {
  DuelSection,
  duelStyles as d,
  decidedBy,
  LoadError,
  Loading,
  useAnswerTimes,
} from '../duels/index.ts';
import { useSecondsLeft } from '../shared/clock.ts';
import * as s from './arena.css.ts';
import {
  ArenaFrame,
  GRACE_MS,
  Mark,
  OpponentLine,
  opponentName,
  useFocusOnShow,
  useRefetchAt,
} from './shared.tsx';

function Choices({
  question,
  disabled,
  onAnswer,
}: {
  question: DuelQuestion & { options: string[] };
  disabled: boolean;
  onAnswer: (answer: string) => void;
}) {
  // A layout effect: the keys work from the moment the choices are painted. A passive effect runs
  // after the paint when the choices arrive from a fetch, and a key pressed in between was lost
  // (the duels journey pressed 1 there on a loaded machine and the question never moved on).
  useLayoutEffect(() => {
    const onKey = (event: KeyboardEvent) => {
      if (disabled || event.altKey || event.ctrlKey || event.metaKey) return;
      const target = event.target as HTMLElement | null;
      if (target?.tagName === 'INPUT' || target?.tagName === 'TEXTAREA') return;
      const index = Number(event.key) - 1;
      const choice = question.options[index];
      if (Number.isInteger(index) && choice !== undefined) onAnswer(choice);
    };
    window.addEventListener('keydown', onKey);
    return () => window.removeEventListener('keydown', onKey);
  }, [question, disabled, onAnswer]);
  return (
    <div className={s.choices}>
      {question.options.map((option, i) => (
        <Button
          key={option}
          variant="secondary"
          disabled={disabled}
          onClick={() => onAnswer(option)}
        >
          {i + 1}. {option}
        </Button>
      ))}
    </div>
  );
}

function Typed({ disabled, onAnswer }: { disabled: boolean; onAnswer: (a: string) => void }) {
  const intl = useIntl();
  const [text, setText] = useState('');
  const input = useRef<HTMLInputElement>(null);
  useFocusOnShow(() => input.current);
  return (
    <form
      className={d.form}
      onSubmit={(e) => {
        e.preventDefault();
        onAnswer(text);
        setText('');
      }}
    >
      <TextField
        ref={input}
        label={intl.formatMessage({ id: 'duels.arena.typeAnswer' })}
        value={text}
        maxLength={500}
        autoComplete="off"
        onChange={(e) => setText(e.target.value)}
      />
      <div className={d.actions}>
        <Button type="submit" disabled={disabled}>
          <FormattedMessage id="duels.action.next" />
        </Button>
      </div>
    </form>
  );
}

function Feedback({ last }: { last: DuelResponseResult | null }) {
  if (!last || last.is_correct === null) return null;
  return (
    <p role="status" className={last.is_correct ? s.correct : s.wrong}>
      {last.is_correct ? (
        <FormattedMessage id="duels.arena.correct" />
      ) : (
        <FormattedMessage id="duels.arena.wrong" values={{ answer: last.correct_answer ?? '' }} />
      )}
    </p>
  );
}

function Result({ duel, opponent }: { duel: Duel; opponent: string }) {
  const times = useAnswerTimes(duel);
  const decided = decidedBy(duel);
  return (
    <>
      <p className={d.result} role="status">
        <FormattedMessage
          id={`duels.arena.result.${duel.result}`}
          values={{ username: opponent }}
        />
      </p>
      {decided === 'time' ? (
        <p className={d.muted}>
          <FormattedMessage id={`duels.arena.result.onTime.${duel.result}`} values={times} />
        </p>
      ) : null}
      {decided === 'noScore' ? (
        <p className={d.muted}>
          <FormattedMessage id="duels.arena.result.noScore" />
        </p>
      ) : null}
      <p className={d.muted}>
        <FormattedMessage
          id="duels.arena.scores"
          values={{
            mine: duel.my_score ?? 0,
            theirs: duel.opponent_score ?? 0,
            username: opponent,
          }}
        />
      </p>
      <Answers duel={duel} />
    </>
  );
}

function Answers({ duel }: { duel: Duel }) {
  return (
    <DuelSection id="duel-answers" titleId="duels.arena.answers">
      <ol className={d.list}>
        {duel.questions.map((q) => (
          <li key={q.id} className={d.row}>
            <span className={d.rowText}>
              {q.prompt} → {q.correct_answer}
            </span>
            <span className={q.is_correct ? s.correct : s.wrong}>
              <FormattedMessage
                id="duels.arena.yourAnswer"
                values={{ answer: q.my_answer || '—' }}
              />
            </span>
            <Mark right={q.is_correct === true} />
          </li>
        ))}
      </ol>
    </DuelSection>
  );
}

/**
 * Whether the current question is still being read, as the server said in this answer: its
 * choices (or the answer field) show only once the server has opened it (`answer_opens_at`).
 */
function readingNow(duel: Duel): boolean {
  return (
    duel.answer_opens_at !== null && Date.parse(duel.answer_opens_at) > Date.parse(duel.server_now)
  );
}

/** The reading time of a question: the seconds until it can be answered. */
function Reading({ duel }: { duel: Duel }) {
  const seconds = useSecondsLeft(duel.answer_opens_at, duel.server_now) ?? 0;
  return (
    <p className={d.muted} role="timer">
      <FormattedMessage id="duels.arena.reading" values={{ seconds: Math.max(1, seconds) }} />
    </p>
  );
}

/**
 * The arena of a deck or custom duel on `/duel/{duelId}`, as the duel stands for the viewer:
 * `QuizArena` loads the duel and shows this view, chosen by `DuelArena` in `DuelArenaIsland`
 * (inside the Premium gate of the `duels` feature). Each question in turn, first read alone for the
 * view time, then answered against the server's clock while the friend's progress shows; then the
 * result with both scores and the correct answers.
 *
 * **Use it** for the question duels (`deck` and `custom`). **Don't use it** for image or number
 * duels (`RecallArenaView`) or to set a duel up (`DuelSetup`).
 *
 * **API calls and states.** `GET duels/{id}/` (while it loads a skeleton, a failed read its message
 * with Retry, both in `QuizArena`); each answer is one state:
 * - Not accepted yet: waiting for the friend (`Waiting`); cancelled (`Cancelled`).
 * - The question, read alone until `answer_opens_at` with a countdown (`Reading`); then asked
 *   again, its choices numbered with the time left (`Question`), or a field when the deck is too
 *   small for choices (`Typed`). Time is counted on the server's clock (`question_deadline_at`,
 *   `server_now`); at 0 the choices take no answer (`TimeUp`) and 2.5 s later the duel is read
 *   again.
 * - The friend's line: questions answered (`Question`), finished (`OpponentDone`) or away when
 *   their events stream dropped; the duel goes on (`OpponentAway`).
 * - The caller answered everything, the friend still plays (`Finished`); the duel over: won, lost
 *   or drawn with both scores and every question's correct answer beside the caller's (`Win`,
 *   `Lose`, `Draw`). `POST duels/submit-response/` sends an answer: the choices take no second one
 *   until the next question shows (`Answered`); in Review Mode the next question comes with the
 *   last answer's correction (`ReviewFeedback`); a failure shows its message under the arena. The
 *   events stream's `duel_progress` refreshes the duel.
 *
 * **Accessibility.** The duel's name is the page's `h1` and the question an `h2`. Keys 1 to 4 pick
 * a choice (said under the question: "Press 1 to 4 to choose."), except while typing in a field;
 * each choice is also a button numbered as its key. A typed answer's field ("Your answer") takes
 * the focus when it shows, and Enter sends it. The countdowns are `role="timer"` and not read out
 * each second; the correction, waiting, finished and result lines are `role="status"` and the
 * friend's line a polite live region, so each change is announced; a failed answer is
 * `role="alert"`. A link goes back to the duels.
 */
export function QuizArenaView({
  duel,
  myId,
  onAnswer,
  sending = false,
  last = null,
  error = null,
}: {
  /** The duel as the server last answered `GET duels/{id}/`. */
  duel: Duel;
  /** The signed-in user: which side of the duel is the viewer's. */
  myId: number | undefined;
  /** A choice picked or an answer typed for the question on screen. */
  onAnswer: (question: DuelQuestion, answer: string) => void;
  /** An answer is on its way: the question takes no second one. */
  sending?: boolean;
  /** The server's verdict on the last answer (Review Mode shows its correction). */
  last?: DuelResponseResult | null;
  /** The last answer's failure, shown under the arena. */
  error?: unknown;
}) {
  const opponent = opponentName(duel, myId);
  const seconds = useSecondsLeft(duel.question_deadline_at, duel.server_now);
  const total = duel.question_count;
  let body: React.ReactNode;
  if (duel.status === 'waiting') {
    body = (
      <p role="status">
        <FormattedMessage id="duels.arena.waiting" values={{ username: opponent }} />
      </p>
    );
  } else if (duel.status === 'cancelled') {
    body = (
      <p role="status">
        <FormattedMessage id="duels.arena.cancelled" values={{ username: opponent }} />
      </p>
    );
  } else if (duel.status === 'finished') {
    body = <Result duel={duel} opponent={opponent} />;
  } else if (duel.my_finished) {
    body = (
      <>
        <Feedback last={last} />
        <p role="status">
          <FormattedMessage id="duels.arena.youFinished" values={{ username: opponent }} />
        </p>
      </>
    );
  } else {
    const question = duel.questions[duel.my_answered];
    const answer = (a: string) => question && onAnswer(question, a);
    const timeUp = seconds === 0;
    const reading = readingNow(duel);
    body = question ? (
      <>
        <Feedback last={last} />
        <div className={s.statusLine}>
          <span>
            <FormattedMessage
              id="duels.arena.question"
              values={{ n: duel.my_answered + 1, total }}
            />
          </span>
          <span aria-live="off">
            {reading ? null : timeUp ? (
              <FormattedMessage id="duels.arena.timeUp" />
            ) : seconds !== null ? (
              <FormattedMessage id="duels.arena.timeLeft" values={{ seconds }} />
            ) : null}
          </span>
        </div>
        {/* The question's id names what is on screen (the bench's key-to-paint measure watches it). */}
        <h2 className={s.prompt} data-question-id={question.id}>
          {question.prompt}
        </h2>
        {question.image ? <img src={question.image} alt="" /> : null}
        {reading ? (
          <Reading key={question.id} duel={duel} />
        ) : question.options ? (
          <>
            <p className={d.muted}>
              <FormattedMessage
                id="duels.arena.choiceKeys"
                values={{ count: question.options.length }}
              />
            </p>
            <Choices
              key={question.id}
              question={question as DuelQuestion & { options: string[] }}
              disabled={sending || timeUp}
              onAnswer={answer}
            />
          </>
        ) : (
          <Typed key={question.id} disabled={sending || timeUp} onAnswer={answer} />
        )}
      </>
    ) : null;
  }
  return (
    <ArenaFrame title={duel.name} error={error}>
      {duel.status === 'in_progress' ? (
        <OpponentLine
          username={opponent}
          connected={duel.opponent_connected}
          finished={duel.opponent_finished}
          progress={{ answered: duel.opponent_answered, total }}
        />
      ) : null}
      {body}
    </ArenaFrame>
  );
}

/** `/duel/{duelId}`: loads the duel and plays it for the signed-in user `myId`. */
export function QuizArena({ duelId, myId }: { duelId: number; myId: number | undefined }) {
  const duel = useDuel(duelId);
  const [last, setLast] = useState<DuelResponseResult | null>(null);
  const submit = useSubmitDuelResponse({ onSuccess: setLast });
  const deadline = duel.data?.question_deadline_at ?? null;
  const serverNow = duel.data?.server_now ?? '';
  const opensAt = duel.data && readingNow(duel.data) ? duel.data.answer_opens_at : null;
  // Done and waiting: when the friend's question closes, the server ends their part if they did
  // not answer (a friend who never plays, or whose progress event was lost with the connection).
  const waitingFor =
    duel.data?.status === 'in_progress' && duel.data.my_finished
      ? duel.data.opponent_deadline_at
      : null;
  const { refetch } = duel;
  // The choices come from the server once the reading time is over.
  useRefetchAt(opensAt, serverNow, refetch);
  // Once the deadline and the grace passed, the server has ended this question: ask it where
  // the duel is now (time up, next phase or result).
  useRefetchAt(deadline, serverNow, refetch, GRACE_MS);
  useRefetchAt(waitingFor, serverNow, refetch, GRACE_MS);
  if (duel.isPending) return <Loading />;
  if (duel.isError) return <LoadError error={duel.error} onRetry={() => duel.refetch()} />;
  const onScreen = duel.data.questions[duel.data.my_answered];
  return (
    <QuizArenaView
      duel={duel.data}
      myId={myId}
      // Until the refreshed duel shows the next question, the answered one takes no second answer.
      // Only that one: a refetch for another reason (the opponent's progress) must not swallow
      // the key a learner presses for a question they have not answered yet.
      sending={
        submit.isPending ||
        (duel.isFetching && onScreen !== undefined && onScreen.id === submit.variables?.questionId)
      }
      last={last}
      error={submit.error}
      onAnswer={(question, answer) => submit.mutate({ duelId, questionId: question.id, answer })}
    />
  );
}
