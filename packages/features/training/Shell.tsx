/** The phase shell every discipline's memorise and recall share: heading, clock and actions. */
import { FormattedMessage } from 'react-intl';
import * as s from './training.css.ts';

/**
 * One phase of an attempt: the discipline and phase as an `h2`, the seconds left as a polite timer
 * (announced when it says time is up), the discipline's view, then the phase's action.
 */
export function PhaseShell({
  disciplineId,
  phaseId,
  seconds,
  action,
  children,
}: {
  disciplineId: string;
  phaseId: 'training.memorize' | 'training.recall';
  seconds: number;
  action: React.ReactNode;
  children: React.ReactNode;
}) {
  return (
    <section className={s.panel} aria-labelledby="training-phase">
      <div className={s.header}>
        <h2 id="training-phase" className={s.phaseTitle}>
          <FormattedMessage id={disciplineId} /> · <FormattedMessage id={phaseId} />
        </h2>
        <span className={s.clock} role="timer" aria-live={seconds === 0 ? 'polite' : 'off'}>
          {seconds === 0 ? (
            <FormattedMessage id="training.timeUp" />
          ) : (
            <FormattedMessage id="training.timeLeft" values={{ seconds }} />
          )}
        </span>
      </div>
      {children}
      <div className={s.actions}>{action}</div>
    </section>
  );
}
