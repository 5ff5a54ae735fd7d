import { useEffect, useMemo, useState } from 'react';

/** Where a media address is loaded from (Memoria's media need the bearer token: an object URL). */
export type ResolveSrc = (src: string) => string | Promise<string>;

/**
 * `src` as the browser loads it: at once when the resolver answers a string, else once its promise
 * has (`ready`). The resolver is asked while rendering, not in an effect, so the load is under way
 * from the render that shows the element: the story tests wait for media loads under way
 * (packages/api/src/media.ts counts them), and a load started in an effect began after their
 * check had passed (CI, 2026-11-29: an occlusion card's image came after its screenshot).
 * Resolvers keep their answers by address, so a render that runs again starts nothing new.
 *
 * `pending` is true from the render that asked until the render that shows the answer (or knows
 * it failed). An element waiting for its address carries `data-media-pending` while it is: the
 * story tests wait for none to be left, since a load can have ended (and left their count) a
 * moment before React renders what it brought (CI, 2026-11-30: the same occlusion card, shot at
 * 704 px tall before its image made it 844).
 */
export function useResolvedSrc(
  src: string | undefined,
  resolve: ResolveSrc,
): { url: string | undefined; ready: Promise<string> | undefined; pending: boolean } {
  const resolved = useMemo(() => (src === undefined ? undefined : resolve(src)), [resolve, src]);
  const ready = useMemo(
    () => (resolved === undefined ? undefined : Promise.resolve(resolved)),
    [resolved],
  );
  const [settled, setSettled] = useState<{ from: Promise<string>; url?: string }>();
  useEffect(() => {
    if (!ready) return;
    let live = true;
    ready.then(
      (url) => live && setSettled({ from: ready, url }),
      () => live && setSettled({ from: ready }),
    );
    return () => {
      live = false;
    };
  }, [ready]);
  if (typeof resolved === 'string') return { url: resolved, ready, pending: false };
  const answer = settled?.from === ready ? settled : undefined;
  return { url: answer?.url, ready, pending: resolved !== undefined && !answer };
}
