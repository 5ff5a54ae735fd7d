/**
 * Whether the window is desktop-wide (the shell's own breakpoint, 900 px): the card browser then
 * opens a note beside its table rather than over it. Before hydration, and where the browser has
 * no `matchMedia`, it is not.
 */
import { useSyncExternalStore } from 'react';

const DESKTOP_QUERY = 'screen and (min-width: 900px)';

const media = () =>
  typeof window !== 'undefined' && typeof window.matchMedia === 'function'
    ? window.matchMedia(DESKTOP_QUERY)
    : null;

function subscribe(onChange: () => void): () => void {
  const list = media();
  list?.addEventListener('change', onChange);
  return () => list?.removeEventListener('change', onChange);
}

export function useDesktop(): boolean {
  return useSyncExternalStore(
    subscribe,
    () => media()?.matches ?? false,
    () => false,
  );
}
