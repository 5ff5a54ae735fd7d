/** My progress's "Memory training": the personal bests and one history chart per discipline. */
import { type DisciplineId, useTrainingHistory } from '@memoria/api';
import { ErrorState, Skeleton } from '@memoria/ui';
import { FormattedMessage, useIntl } from 'react-intl';
import { errorMessage } from '../shared/errors.ts';
import { HistoryChart } from './HistoryChart.tsx';
import { PersonalBests } from './TrainingStartView.tsx';
import * as s from './training.css.ts';

/**
 * The "Memory training" section of `/my-progress`: the learner's personal bests (one line per
 * discipline and Numbers scoring), then, for each discipline trained, newest first, the chart of
 * its last attempts (score as a line, memorise time as bars, the same figures as a table).
 *
 * **Use it** on My progress, beside the study figures. **Don't use it** on the training page
 * (`TrainingStartView` shows the bests and the chosen discipline's chart there).
 *
 * **API calls and states.** `GET duels/training/` (the newest 100 attempts and the bests): a
 * skeleton while it loads (`Loading`), its message and Retry when it fails (`LoadError`), a
 * sentence and a link to `/training` before any attempt (`Empty`), else the bests and the charts
 * (`WithHistory`, `Spanish`, `Phone`, `Dark`).
 *
 * **Accessibility.** A section headed by an `h2` "Memory training"; the bests are a list in
 * words; each discipline's chart is a section headed by an `h3` whose figures are also a visually
 * hidden table. A failed read is an `ErrorState` with a Retry button.
 */
export function TrainingProgress() {
  const intl = useIntl();
  const history = useTrainingHistory();
  let body: React.ReactNode;
  if (history.isPending) {
    body = <Skeleton lines={3} label={intl.formatMessage({ id: 'training.loading' })} />;
  } else if (history.isError) {
    body = (
      <ErrorState
        title={errorMessage(intl, history.error, { fallbackId: 'training.error' })}
        retryLabel={intl.formatMessage({ id: 'training.retry' })}
        onRetry={() => history.refetch()}
      />
    );
  } else if (history.data.attempts.length === 0) {
    body = (
      <p className={s.muted}>
        <FormattedMessage id="training.progress.empty" />{' '}
        <a href="/training">
          <FormattedMessage id="training.progress.start" />
        </a>
      </p>
    );
  } else {
    const { attempts, personal_bests } = history.data;
    // The attempts come newest first: the disciplines in the order they were last trained.
    const trained = [...new Set(attempts.map((a) => a.discipline))] as DisciplineId[];
    body = (
      <>
        <PersonalBests bests={personal_bests} />
        {trained.map((discipline) => (
          <section
            key={discipline}
            className={s.section}
            aria-labelledby={`training-progress-${discipline}`}
          >
            <h3 id={`training-progress-${discipline}`} className={s.phaseTitle}>
              <FormattedMessage
                id="training.history.title"
                values={{
                  discipline: intl.formatMessage({ id: `training.discipline.${discipline}` }),
                }}
              />
            </h3>
            <HistoryChart attempts={attempts.filter((a) => a.discipline === discipline)} />
          </section>
        ))}
      </>
    );
  }
  return (
    <section className={s.section} aria-labelledby="training-progress">
      <h2 id="training-progress" className={s.sectionTitle}>
        <FormattedMessage id="training.progress.title" />
      </h2>
      {body}
    </section>
  );
}
