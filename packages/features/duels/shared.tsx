/** Pieces the duels screens share: names of the kinds, loading and failed states, the clock. */
import type { DuelType } from '@memoria/api';
import { Button, Skeleton } from '@memoria/ui';
import { useEffect, useState } from 'react';
import { FormattedMessage, useIntl } from 'react-intl';
import { errorMessage } from '../shared/errors.ts';
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

/** Where a duel of each kind is played. */
export function arenaPath(type: DuelType, id: number): string {
  if (type === 'images') return `/image-duel/${id}`;
  if (type === 'table') return `/table-duel/${id}`;
  return `/duel/${id}`;
}

export function Loading() {
  const intl = useIntl();
  return <Skeleton lines={3} label={intl.formatMessage({ id: 'duels.loading' })} />;
}

export function LoadError({ error, onRetry }: { error: unknown; onRetry: () => void }) {
  const intl = useIntl();
  return (
    <div role="alert" className={s.errorBox}>
      <strong>
        <FormattedMessage id="duels.error.load" />
      </strong>
      <span>{errorMessage(intl, error, { fallbackId: 'duels.error.load' })}</span>
      <Button variant="secondary" size="sm" onClick={onRetry}>
        <FormattedMessage id="duels.action.retry" />
      </Button>
    </div>
  );
}

/**
 * Whole seconds left until `deadline` on the server's clock: the difference between the
 * server's `serverNow` and this device's clock when the answer arrived is kept, so a device whose
 * clock is off still counts down the server's time. Null without a deadline.
 */
export function useSecondsLeft(deadline: string | null, serverNow: string): number | null {
  const [offset] = useState(() => Date.parse(serverNow) - Date.now());
  const [now, setNow] = useState(() => Date.now());
  useEffect(() => {
    if (!deadline) return;
    const timer = setInterval(() => setNow(Date.now()), 250);
    return () => clearInterval(timer);
  }, [deadline]);
  if (!deadline) return null;
  return Math.max(0, Math.ceil((Date.parse(deadline) - (now + offset)) / 1000));
}
