/** Pieces the duels screens share: names of the kinds, loading and failed states, the clock. */
import type { Duel, DuelType } from '@memoria/api';
import { Button, Skeleton } from '@memoria/ui';
import { useEffect, useLayoutEffect, useState } from 'react';
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
/**
 * Focuses an arena's first field as soon as it is painted, so that what the learner types the
 * moment it shows lands in it. The layout effect does that in the app. It cannot when the field is
 * still hidden at commit time (Storybook's preview keeps the story display:none until its root
 * has mounted, and a hidden field takes no focus), so the passive effect, which runs after that,
 * focuses it then. Two effects rather than a retry: both always run, in this order.
 */
export function useFocusOnShow(target: () => HTMLElement | null | undefined) {
  // biome-ignore lint/correctness/useExhaustiveDependencies: once, when the arena is shown
  useLayoutEffect(() => target()?.focus(), []);
  // biome-ignore lint/correctness/useExhaustiveDependencies: once, when the arena is shown
  useEffect(() => {
    const el = target();
    if (el && document.activeElement !== el) el.focus();
  }, []);
}

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

/** The other player's username, seen by `myId`. */
export function opponentName(
  duel: Pick<Duel, 'creator' | 'opponent'>,
  myId: number | undefined,
): string {
  const other = duel.creator.id === myId ? duel.opponent : duel.creator;
  return other?.username ?? duel.opponent?.username ?? '';
}

/**
 * How the other player stands while the duel runs: gone (their events stream dropped; the duel
 * goes on and they can come back), done, or (quiz) how many they answered.
 */
export function OpponentLine({
  username,
  connected,
  finished,
  progress,
}: {
  username: string;
  connected: boolean;
  finished: boolean;
  /** Quiz duels: the questions answered of the total. */
  progress?: { answered: number; total: number };
}) {
  let line: React.ReactNode = null;
  if (finished) {
    if (progress) line = <FormattedMessage id="duels.arena.opponentDone" values={{ username }} />;
  } else if (!connected) {
    line = <FormattedMessage id="duels.arena.opponentAway" values={{ username }} />;
  } else if (progress) {
    line = <FormattedMessage id="duels.arena.opponent" values={{ username, ...progress }} />;
  }
  return (
    <p className={s.muted} aria-live="polite" hidden={line === null}>
      {line}
    </p>
  );
}

/** The frame of an arena: the duel's name, the arena box, an error banner and the way back. */
export function ArenaFrame({
  title,
  error,
  children,
}: {
  title: string;
  error: unknown;
  children: React.ReactNode;
}) {
  const intl = useIntl();
  return (
    <div className={s.page}>
      <h1 className={s.title}>{title}</h1>
      <div className={s.arena}>
        {children}
        {error ? (
          <p className={s.banner} role="alert">
            {errorMessage(intl, error, { fallbackId: 'duels.error.action' })}
          </p>
        ) : null}
      </div>
      <a href="/multiple-duels">
        <FormattedMessage id="duels.action.back" />
      </a>
    </div>
  );
}
