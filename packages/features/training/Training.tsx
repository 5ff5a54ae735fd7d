/**
 * `/training`: solo training in Memory League's five disciplines, from the start screen through
 * memorise and recall to the result, with personal bests and history.
 */
import {
  type DisciplineId,
  type TrainingAttempt,
  type TrainingResult,
  useDisciplines,
  useStartTraining,
  useSubmitTraining,
  useTrainingHistory,
} from '@memoria/api';
import { ErrorState, Skeleton } from '@memoria/ui';
import { useState } from 'react';
import { FormattedMessage, useIntl } from 'react-intl';
import { errorMessage } from '../shared/errors.ts';
import { TrainingResultView } from './TrainingResultView.tsx';
import { TrainingSession } from './TrainingSession.tsx';
import { TrainingStartView } from './TrainingStartView.tsx';
import * as s from './training.css.ts';

type Played = { attempt: TrainingAttempt; result?: TrainingResult };

/**
 * The training island's screens in one flow: the start screen (`TrainingStartView`, with the
 * personal bests and history), the attempt (`TrainingSession`: memorise, recall) and its result
 * (`TrainingResultView`); "Train again" comes back to the start with the same discipline chosen.
 * A reload starts over (an unfinished attempt is simply never submitted).
 *
 * **Use it** in `TrainingIsland` on `/training`. **Don't use it** for duels (`DuelsHome`).
 *
 * **API calls and states.** `GET duels/disciplines/` and `GET duels/training/` (a skeleton while
 * the rules load, their message with Retry when they fail), `POST duels/training/` from Start,
 * `POST duels/training/{id}/submit/` from the recall (each failure under its button). The screens'
 * stories are the views': `TrainingStartView`, `TrainingSession`, `TrainingResultView`.
 *
 * **Accessibility.** "Training" is the page's `h1`; each screen is a section named by its `h2`,
 * and the focus goes to the recall's first field when recall begins. A link goes back to the duels.
 */
export function Training() {
  const intl = useIntl();
  const disciplines = useDisciplines();
  const history = useTrainingHistory();
  const [played, setPlayed] = useState<Played | null>(null);
  const [last, setLast] = useState<DisciplineId>('numbers');
  const start = useStartTraining({ onSuccess: (attempt) => setPlayed({ attempt }) });
  const submit = useSubmitTraining({
    onSuccess: (result) => setPlayed((p) => (p ? { ...p, result } : p)),
  });
  let body: React.ReactNode;
  if (played?.result) {
    body = (
      <TrainingResultView
        attempt={played.attempt}
        result={played.result}
        onAgain={() => {
          setLast(played.attempt.discipline);
          setPlayed(null);
          start.reset();
          submit.reset();
        }}
      />
    );
  } else if (played) {
    const id = played.attempt.id;
    body = (
      <TrainingSession
        key={id}
        attempt={played.attempt}
        sending={submit.isPending}
        error={submit.error}
        onSubmit={(answers) => submit.mutate({ id, ...answers })}
      />
    );
  } else if (disciplines.isPending) {
    body = <Skeleton lines={4} label={intl.formatMessage({ id: 'training.loading' })} />;
  } else if (disciplines.isError) {
    body = (
      <ErrorState
        title={errorMessage(intl, disciplines.error, { fallbackId: 'training.error' })}
        retryLabel={intl.formatMessage({ id: 'training.retry' })}
        onRetry={() => disciplines.refetch()}
      />
    );
  } else {
    body = (
      <TrainingStartView
        disciplines={disciplines.data}
        history={history.data}
        initial={last}
        starting={start.isPending}
        error={start.error}
        onStart={(request) => start.mutate(request)}
      />
    );
  }
  return (
    <div className={s.page}>
      <h1 className={s.title}>
        <FormattedMessage id="training.title" />
      </h1>
      {played ? null : (
        <p className={s.muted}>
          <FormattedMessage id="training.subtitle" />
        </p>
      )}
      {body}
      <a href="/multiple-duels">
        <FormattedMessage id="training.toDuels" />
      </a>
    </div>
  );
}
