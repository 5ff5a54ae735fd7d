import { useEffect, useState } from 'react';

/**
 * False during the server render and the first client render, true once the island is live.
 * Forms keep their submit button disabled until then, so a quick click can never fall back to
 * a native submission (which would put the fields in the URL).
 */
export function useHydrated(): boolean {
  const [hydrated, setHydrated] = useState(false);
  useEffect(() => setHydrated(true), []);
  return hydrated;
}
