/**
 * Story decorators shared by the feature stories: a fresh QueryClient per story (so MSW answers
 * are never served from another story's cache) and a signed-in or signed-out session.
 */
import {
  $session,
  ACCESS_TOKEN_KEY,
  ApiRequestError,
  createQueryClient,
  QueryProvider,
  REFRESH_TOKEN_KEY,
} from '@memoria/api';
import type { Decorator } from '@storybook/react-vite';
import { onlineManager, type QueryClient } from '@tanstack/react-query';
import { useEffect, useState } from 'react';

/**
 * The QueryClients of the rendered story, read by the story tests (.storybook/test-runner.ts):
 * a screenshot waits until none of them is fetching or mutating, the story's own signal that its
 * data has arrived.
 */
const STORY_CLIENTS = Symbol.for('memoria.storyQueryClients');

function useStoryClient(client: QueryClient): void {
  useEffect(() => {
    const scope = globalThis as typeof globalThis & { [STORY_CLIENTS]?: Set<QueryClient> };
    scope[STORY_CLIENTS] ??= new Set();
    const clients = scope[STORY_CLIENTS];
    clients.add(client);
    return () => {
      clients.delete(client);
    };
  }, [client]);
}

/** Wraps the story in its own QueryClient (no retries: error states show at once). */
export const withQueryClient: Decorator = (Story) => {
  const [client] = useState(() =>
    createQueryClient({ defaultOptions: { queries: { retry: false } } }),
  );
  useStoryClient(client);
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

/**
 * The one way to show an error state: a QueryClient seeded with a failed query (the contract's
 * `Error` body and its status), so the error renders without an HTTP error (the story runner
 * treats every 4xx/5xx answer as a failure).
 */
export function withFailedQuery(
  queryKey: readonly unknown[],
  status: number,
  body: ApiRequestError['body'],
): Decorator {
  return (Story) => {
    const [client] = useState(() => {
      const seeded = createQueryClient({
        defaultOptions: { queries: { retry: false, retryOnMount: false } },
      });
      const error = new ApiRequestError(status, body);
      seeded.getQueryCache().build(seeded, { queryKey }).setState({
        status: 'error',
        error,
        fetchStatus: 'idle',
        errorUpdateCount: 1,
        errorUpdatedAt: Date.now(),
        fetchFailureCount: 1,
        fetchFailureReason: error,
      });
      return seeded;
    });
    useStoryClient(client);
    return (
      <QueryProvider client={client}>
        <Story />
      </QueryProvider>
    );
  };
}

/**
 * For a story of an action in progress (a spinner while a mutation runs), which must last for the
 * screenshot with no request in flight: the story's own QueryClient, left out of the story tests'
 * wait (which waits for every mutation to end), and `holdMutations()` for the play function.
 * After it TanStack Query takes itself to be offline and holds the mutations started then as
 * pending, paused before their request is sent. On unmount the held mutations are dropped, so
 * none is sent into the next story, and the query client is back online.
 */
export const withHeldMutations: Decorator = (Story) => {
  const [client] = useState(() =>
    createQueryClient({ defaultOptions: { queries: { retry: false } } }),
  );
  useEffect(
    () => () => {
      client.getMutationCache().clear();
      onlineManager.setOnline(true);
    },
    [client],
  );
  return (
    <QueryProvider client={client}>
      <Story />
    </QueryProvider>
  );
};

/** In a `withHeldMutations` story's play function: mutations started from now on stay pending. */
export function holdMutations(): void {
  onlineManager.setOnline(false);
}
