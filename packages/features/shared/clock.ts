/**
 * The game clock of training, matches, duels and the live quiz: seconds left on the server's
 * clock, whatever this device's clock says.
 */
import { useEffect, useRef, useState } from 'react';

/**
 * Whole seconds left until `deadline` on the server's clock: the offset between the server's
 * `serverNow` and this device when the answer arrived is kept (and renewed with each new answer),
 * so a device whose clock is off still counts the server's time, which decides what is late.
 * `onTimeUp` runs once when it reaches 0, so the screen can read the closed question. Null, with
 * no timer running, while there is no deadline.
 */
export function useSecondsLeft(deadline: string, serverNow: string, onTimeUp?: () => void): number;
export function useSecondsLeft(
  deadline: string | null,
  serverNow: string,
  onTimeUp?: () => void,
): number | null;
export function useSecondsLeft(
  deadline: string | null,
  serverNow: string,
  onTimeUp?: () => void,
): number | null {
  // Renewed while rendering the answer that brought a new server time, not in an effect after
  // it: an effect's later `Date.now()` moved the count by the render's milliseconds (60 s → 61).
  const [clock, setClock] = useState(() => ({
    serverNow,
    offset: Date.parse(serverNow) - Date.now(),
  }));
  if (clock.serverNow !== serverNow) {
    setClock({ serverNow, offset: Date.parse(serverNow) - Date.now() });
  }
  const { offset } = clock;
  const [now, setNow] = useState(() => Date.now());
  useEffect(() => {
    if (!deadline) return;
    const timer = setInterval(() => setNow(Date.now()), 250);
    return () => clearInterval(timer);
  }, [deadline]);
  const left =
    deadline === null
      ? null
      : Math.max(0, Math.ceil((Date.parse(deadline) - (now + offset)) / 1000));
  const timeUp = left === 0;
  // The latest callback, so the effect below runs when the time is up, not on each new callback.
  const latest = useRef(onTimeUp);
  latest.current = onTimeUp;
  useEffect(() => {
    if (timeUp) latest.current?.();
  }, [timeUp]);
  return left;
}
