/**
 * TanStack Query hands each change of a query (an answer arrived) to React in a later task, by its
 * notify scheduler (`setTimeout(0)`). The story tests (.storybook/test-runner.ts) wait until no
 * such hand-over is pending before a screenshot, so the preview replaces that scheduler with one
 * that counts them: an answer is not on screen until it is handed over, and under load a
 * hand-over came after the tests' other waits (a story was shot with its skeleton while its
 * answer waited to be rendered).
 */
import { notifyManager } from '@tanstack/react-query';

/** Where the page keeps the count, read by the story tests' in-page wait. */
export const QUERY_HANDOVERS = Symbol.for('memoria.queryHandovers');

export interface QueryHandovers {
  /** Hand-overs scheduled and not yet run. */
  pending: number;
  /** Called each time `pending` falls to 0. */
  onIdle: Set<() => void>;
}

/** Installs the counting scheduler (the default's `setTimeout(0)`) and publishes its count. */
export function countQueryHandovers(
  scope: Record<symbol, unknown> = globalThis as unknown as Record<symbol, unknown>,
): QueryHandovers {
  const handovers: QueryHandovers = { pending: 0, onIdle: new Set() };
  scope[QUERY_HANDOVERS] = handovers;
  notifyManager.setScheduler((callback) => {
    handovers.pending += 1;
    setTimeout(() => {
      try {
        callback();
      } finally {
        handovers.pending -= 1;
        if (handovers.pending === 0) for (const idle of [...handovers.onIdle]) idle();
      }
    }, 0);
  });
  return handovers;
}
