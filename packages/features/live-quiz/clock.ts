/** The question's clock on the server's time, whatever this device's clock says. */
import { useEffect, useRef, useState } from 'react';

/**
 * Whole seconds left until `deadline` on the server's clock: the offset between `serverNow` (the
 * quiz's `server_time`) and this device when the state arrived is kept, so a device whose clock
 * is off still counts the server's time (which decides what is late). `onTimeUp` runs once when
 * it reaches 0, so the screen reads the closed question.
 */
export function useSecondsLeft(deadline: string, serverNow: string, onTimeUp?: () => void): number {
  const [offset, setOffset] = useState(() => Date.parse(serverNow) - Date.now());
  const [now, setNow] = useState(() => Date.now());
  // A new read of the quiz carries a new server time: keep the offset current.
  useEffect(() => setOffset(Date.parse(serverNow) - Date.now()), [serverNow]);
  useEffect(() => {
    const timer = setInterval(() => setNow(Date.now()), 250);
    return () => clearInterval(timer);
  }, []);
  const left = Math.max(0, Math.ceil((Date.parse(deadline) - (now + offset)) / 1000));
  const timeUp = left === 0;
  // The latest callback, so the effect below runs when the time is up, not on each new callback.
  const latest = useRef(onTimeUp);
  latest.current = onTimeUp;
  useEffect(() => {
    if (timeUp) latest.current?.();
  }, [timeUp]);
  return left;
}
