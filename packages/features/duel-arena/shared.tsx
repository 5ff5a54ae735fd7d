/**
 * What the arenas share: the server's clock, the first field's focus, the friend's line, the frame.
 */
import type { Duel } from '@memoria/api';
import { useEffect, useLayoutEffect } from 'react';
import { FormattedMessage, useIntl } from 'react-intl';
import { duelStyles as d } from '../duels/index.ts';
import { errorMessage } from '../shared/errors.ts';
import * as s from './arena.css.ts';

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

/**
 * The server takes answers this long after a deadline (2 s) and a little more for the network;
 * the arena asks again once it passed.
 */
export const GRACE_MS = 2_500;

/**
 * Reads the duel again once, when `at` (a time on the server's clock) plus `extraMs` has passed:
 * the wait is counted from the server's `serverNow` in the same answer, so a device whose clock
 * is off still asks at the right moment. Nothing when `at` is null. A new answer with another
 * `at` re-arms it; there is no interval.
 */
export function useRefetchAt(
  at: string | null,
  serverNow: string,
  refetch: () => unknown,
  extraMs = 0,
) {
  useEffect(() => {
    if (!at) return;
    const wait = Date.parse(at) - Date.parse(serverNow) + extraMs;
    const timer = setTimeout(() => void refetch(), Math.max(0, wait));
    return () => clearTimeout(timer);
  }, [at, serverNow, refetch, extraMs]);
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
    <p className={d.muted} aria-live="polite" hidden={line === null}>
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
    <div className={d.page}>
      <h1 className={d.title}>{title}</h1>
      <div className={s.arena}>
        {children}
        {error ? (
          <p className={d.banner} role="alert">
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

/**
 * An answer marked right or wrong in words as well as colour (a symbol, hidden from screen
 * readers, and "Right"/"Wrong"); `partly` names the digits of a number partly right.
 */
export function Mark({
  right,
  partly,
}: {
  right: boolean;
  partly?: { points: number; digits: number } | undefined;
}) {
  return (
    <span className={right ? s.correct : s.wrong}>
      <span aria-hidden="true">{right ? '✓ ' : '✗ '}</span>
      {right ? (
        <FormattedMessage id="duels.arena.mark.right" />
      ) : partly ? (
        <FormattedMessage id="duels.arena.mark.digits" values={partly} />
      ) : (
        <FormattedMessage id="duels.arena.mark.wrong" />
      )}
    </span>
  );
}
