import { notifyManager, QueryClient, QueryObserver } from '@tanstack/react-query';
import { expect, test } from 'vitest';
import { countQueryHandovers, QUERY_HANDOVERS } from '../../.storybook/query-handovers.ts';

test('an answer in the cache counts as pending until its observers have been handed it', async () => {
  const scope: Record<symbol, unknown> = {};
  const handovers = countQueryHandovers(scope);
  expect(scope[QUERY_HANDOVERS]).toBe(handovers);

  const client = new QueryClient();
  const observer = new QueryObserver(client, { queryKey: ['answer'], queryFn: async () => 42 });
  const rendered: Array<number | undefined> = [];
  // What useQuery subscribes: its store-change callback, batched by the notify scheduler.
  const unsubscribe = observer.subscribe(
    notifyManager.batchCalls((result) => rendered.push(result.data)),
  );
  await client.getQueryCache().find({ queryKey: ['answer'] })?.promise;

  // The answer is in the cache and nothing fetches, but it has not been handed over yet.
  expect(client.isFetching()).toBe(0);
  expect(handovers.pending).toBeGreaterThan(0);
  expect(rendered).not.toContain(42);

  await new Promise<void>((resolve) => handovers.onIdle.add(resolve));
  expect(handovers.pending).toBe(0);
  expect(rendered).toContain(42);
  unsubscribe();
  client.clear();
});
