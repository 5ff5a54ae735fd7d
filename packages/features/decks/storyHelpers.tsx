/**
 * Story decorators of the deck screens: a QueryClient seeded with a failed query, so error
 * states render without an HTTP error (the story runner treats every 4xx/5xx as a failure).
 */
import { ApiRequestError, createQueryClient, QueryProvider } from '@memoria/api';
import type { Decorator } from '@storybook/react-vite';
import { useState } from 'react';

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
    return (
      <QueryProvider client={client}>
        <Story />
      </QueryProvider>
    );
  };
}
