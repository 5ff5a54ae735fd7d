/** What the duels screens and the duel arena share: the kinds' names, loading and failed states. */
import type { DuelType } from '@memoria/api';
import { ErrorState, Skeleton } from '@memoria/ui';
import { FormattedMessage, useIntl } from 'react-intl';
import { errorMessage } from '../shared/errors.ts';
import { Gone, isNotFound } from '../shared/Gone.tsx';
import * as s from './duels.css.ts';

export const MODE_NAME: Record<DuelType, string> = {
  desk: 'duels.mode.desk',
  custom: 'duels.mode.custom',
  images: 'duels.mode.images',
  table: 'duels.mode.table',
};

/** Where each kind is set up (the spec's routes). */
export const SETUP_PATH: Record<DuelType, string> = {
  desk: '/desk-duel',
  custom: '/custom-duel',
  images: '/images-duel',
  table: '/numbers-duel',
};

/** The sides of a finished duel that tell how it was decided. */
export interface DuelOutcome {
  result: 'win' | 'lose' | 'draw' | 'in_progress';
  my_score: number | null;
  opponent_score: number | null;
  my_time_ms: number | null;
  opponent_time_ms: number | null;
}

/**
 * How a finished duel was decided, as the server's rule has it (`DuelResult` in the contract):
 * `time` when equal scores went to the faster total answer time, `noScore` for a draw where
 * neither scored, `score` otherwise (and while it runs).
 */
export function decidedBy(duel: DuelOutcome): 'score' | 'time' | 'noScore' {
  if (duel.result === 'in_progress' || duel.my_score !== duel.opponent_score) return 'score';
  if (duel.result === 'draw') return duel.my_score === 0 ? 'noScore' : 'score';
  return duel.my_time_ms !== null && duel.opponent_time_ms !== null ? 'time' : 'score';
}

/** Both answer times as the result shows them: "41.2 s" (one decimal, the locale's separator). */
export function useAnswerTimes(duel: DuelOutcome): { mine: string; theirs: string } {
  const intl = useIntl();
  const seconds = (ms: number | null) =>
    intl.formatMessage(
      { id: 'duels.seconds' },
      {
        seconds: intl.formatNumber((ms ?? 0) / 1000, {
          minimumFractionDigits: 1,
          maximumFractionDigits: 1,
        }),
      },
    );
  return { mine: seconds(duel.my_time_ms), theirs: seconds(duel.opponent_time_ms) };
}

export function Loading() {
  const intl = useIntl();
  return <Skeleton lines={3} label={intl.formatMessage({ id: 'duels.loading' })} />;
}

/** A failed read: its reason and Retry; a duel that does not exist (404) has nothing to retry. */
export function LoadError({ error, onRetry }: { error: unknown; onRetry: () => void }) {
  const intl = useIntl();
  if (isNotFound(error)) {
    return (
      <Gone
        titleId="duels.gone.title"
        messageId="duels.gone.body"
        backId="duels.action.back"
        backHref="/multiple-duels"
      />
    );
  }
  return (
    <ErrorState
      title={<FormattedMessage id="duels.error.load" />}
      description={errorMessage(intl, error, { fallbackId: 'duels.error.load' })}
      retryLabel={<FormattedMessage id="duels.action.retry" />}
      onRetry={onRetry}
    />
  );
}

/** A section of a duels page: its title (`titleId`, a message) and its body. */
export function DuelSection({
  id,
  titleId,
  children,
}: {
  /** The heading's id, which labels the section. */
  id: string;
  titleId: string;
  children: React.ReactNode;
}) {
  return (
    <section className={s.section} aria-labelledby={id}>
      <h2 className={s.sectionTitle} id={id}>
        <FormattedMessage id={titleId} />
      </h2>
      {children}
    </section>
  );
}
