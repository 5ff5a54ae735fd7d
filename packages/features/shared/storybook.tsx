/**
 * Story decorators shared by the feature stories: a fresh QueryClient per story (so MSW answers
 * are never served from another story's cache) and a signed-in or signed-out session.
 */
import {
  $session,
  ACCESS_TOKEN_KEY,
  createQueryClient,
  QueryProvider,
  REFRESH_TOKEN_KEY,
} from '@memoria/api';
import type { Decorator } from '@storybook/react-vite';
import { useEffect, useState } from 'react';

/** Wraps the story in its own QueryClient (no retries: error states show at once). */
export const withQueryClient: Decorator = (Story) => {
  const [client] = useState(() =>
    createQueryClient({ defaultOptions: { queries: { retry: false } } }),
  );
  return (
    <QueryProvider client={client}>
      <Story />
    </QueryProvider>
  );
};

/** The session of the rendering story (the innermost `withSession` wins). */
let pinned = false;

function setSession(signedIn: boolean): void {
  pinned = signedIn;
  if (signedIn) {
    localStorage.setItem(ACCESS_TOKEN_KEY, 'story-access-token');
    localStorage.setItem(REFRESH_TOKEN_KEY, 'story-refresh-token');
  } else {
    localStorage.removeItem(ACCESS_TOKEN_KEY);
    localStorage.removeItem(REFRESH_TOKEN_KEY);
  }
  $session.set({ signedIn, email: signedIn ? 'ana@example.com' : null });
}

/**
 * A session for the story: `signedIn` stores a (fake) access token before the story renders,
 * and the `$session` store stays pinned to it (stories tested side by side share local storage,
 * whose `storage` events would otherwise flip it).
 */
export function withSession(signedIn: boolean): Decorator {
  return (Story) => {
    useState(() => setSession(signedIn));
    useEffect(
      () =>
        // Only the store: writing local storage here would ping-pong between the pages.
        $session.listen((state) => {
          if (state.signedIn !== pinned) {
            $session.set({ signedIn: pinned, email: pinned ? 'ana@example.com' : null });
          }
        }),
      [],
    );
    return <Story />;
  };
}
