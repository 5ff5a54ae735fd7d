/**
 * One attempt being played: memorise (with "Recall now"), then recall, submitted by the learner
 * or by the clock at the recall deadline.
 */
import type { TrainingAttempt, TrainingSubmit } from '@memoria/api';
import { Button } from '@memoria/ui';
import { useEffect, useRef, useState } from 'react';
import { FormattedMessage, useIntl } from 'react-intl';
import { useSecondsLeft } from '../shared/clock.ts';
import { errorMessage } from '../shared/errors.ts';
import { PhaseShell } from './Shell.tsx';
import * as s from './training.css.ts';
import { VIEWS } from './views/index.ts';

/**
 * An attempt from its content to its submission, in one shared phase shell (discipline and phase
 * heading, the clock on the server's time, the action) around the discipline's own memorise and
 * recall views. Memorise ends with "Recall now" (sending `memorize_ms`, how long the learner
 * memorised) or when its clock runs out; recall ends with Submit, or by itself at the recall
 * deadline with what was typed.
 *
 * **Use it** inside `Training`, which starts the attempt and shows its result. **Don't use it**
 * for duels against a friend (`RecallArenaView`).
 *
 * **API calls and states.** None itself: `onSubmit` sends `POST duels/training/{id}/submit/`. The
 * stories show each discipline's memorise and recall (`NumbersMemorise`, `NumbersRecall`,
 * `ImagesMemorise`, `ImagesRecall`, `WordsMemorise`, `WordsRecall`, `NamesMemorise`,
 * `NamesRecall`, `CardsMemorise`, `CardsRecall`) and a failed submission (`SubmitError`).
 *
 * **Accessibility.** The phase is an `h2` naming the section; the clock is a timer announced when
 * time is up. Recall is keyboard-first: the first field (or the card picker) takes the focus;
 * digits move on with typing and Enter submits them; words and names move on with typing or
 * Enter; pictures move with 1–5; cards are typed
 * as rank then suit. Everything also works by touch. A failed submission is `role="alert"`.
 */
export function TrainingSession({
  attempt,
  onSubmit,
  sending = false,
  error = null,
  phase: initialPhase = 'memorize',
}: {
  /** The attempt as `POST duels/training/` answered. */
  attempt: TrainingAttempt;
  /** The recall, in the contract's shape; `memorize_ms` only when the learner ended memorising early. */
  onSubmit: (body: TrainingSubmit) => void;
  /** The submission is on its way: Submit is disabled. */
  sending?: boolean;
  /** The submission's failure, shown under the recall. */
  error?: unknown;
  /** Where to start (the stories open the recall directly). */
  phase?: 'memorize' | 'recall';
}) {
  const intl = useIntl();
  const views = VIEWS[attempt.discipline];
  const [phase, setPhase] = useState(initialPhase);
  const [answers, setAnswers] = useState(() => views.blank(attempt));
  const [memorizeMs, setMemorizeMs] = useState<number | undefined>(undefined);
  const [shownAt] = useState(() => Date.now());
  const memorizeLeft = useSecondsLeft(attempt.memorize_ends_at, attempt.server_now);
  const recallLeft = useSecondsLeft(attempt.recall_ends_at, attempt.server_now);
  const submitted = useRef(false);
  const recallBox = useRef<HTMLDivElement>(null);

  const submit = () => {
    if (submitted.current) return;
    submitted.current = true;
    onSubmit(memorizeMs === undefined ? { answers } : { answers, memorize_ms: memorizeMs });
  };
  // A failed submission may be sent again.
  useEffect(() => {
    if (error) submitted.current = false;
  }, [error]);

  useEffect(() => {
    if (phase === 'memorize' && memorizeLeft === 0) setPhase('recall');
  }, [phase, memorizeLeft]);
  // biome-ignore lint/correctness/useExhaustiveDependencies: the deadline submits what stands then
  useEffect(() => {
    if (phase === 'recall' && recallLeft === 0) submit();
  }, [phase, recallLeft]);
  useEffect(() => {
    if (phase !== 'recall') return;
    recallBox.current?.querySelector<HTMLElement>('input, fieldset[tabindex], button')?.focus();
  }, [phase]);

  const name = `training.discipline.${attempt.discipline}`;
  if (phase === 'memorize') {
    return (
      <PhaseShell
        disciplineId={name}
        phaseId="training.memorize"
        seconds={memorizeLeft}
        action={
          <Button
            onClick={() => {
              setMemorizeMs(Date.now() - shownAt);
              setPhase('recall');
            }}
          >
            <FormattedMessage id="training.recallNow" />
          </Button>
        }
      >
        <views.Memorise attempt={attempt} />
      </PhaseShell>
    );
  }
  return (
    <PhaseShell
      disciplineId={name}
      phaseId="training.recall"
      seconds={recallLeft}
      action={
        <>
          <Button onClick={submit} loading={sending} disabled={sending}>
            <FormattedMessage id="training.submit" />
          </Button>
          {error ? (
            <p className={s.muted} role="alert">
              {errorMessage(intl, error, { fallbackId: 'training.error' })}
            </p>
          ) : null}
        </>
      }
    >
      <div ref={recallBox} className={s.digitRows}>
        <views.Recall attempt={attempt} answers={answers} onChange={setAnswers} onSubmit={submit} />
      </div>
    </PhaseShell>
  );
}
