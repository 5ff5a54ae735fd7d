/** A game clock (training, matches): seconds left on the server's clock, whatever this device's clock says. */
import { useEffect, useState } from 'react';

/**
 * Whole seconds left until `deadline` on the server's clock: the offset between the server's
 * `serverNow` and this device when the attempt arrived is kept, so a device whose clock is off
 * still counts the server's time (which decides what is late).
 */
export function useSecondsLeft(deadline: string, serverNow: string): number {
  const [offset] = useState(() => Date.parse(serverNow) - Date.now());
  const [now, setNow] = useState(() => Date.now());
  useEffect(() => {
    const timer = setInterval(() => setNow(Date.now()), 250);
    return () => clearInterval(timer);
  }, []);
  return Math.max(0, Math.ceil((Date.parse(deadline) - (now + offset)) / 1000));
}
