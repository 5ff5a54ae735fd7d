/**
 * Work done in rounds on a timer, in the background (the memory-model fitter, the mail sender):
 * rounds never overlap (a round asked for while one runs waits for it and runs after), a slow
 * round is not queued behind itself by the timer, and the timer keeps no process alive.
 */
export interface BackgroundRounds {
  /** One round now (after the running one, if any); resolves to what the round counted. */
  drain(): Promise<number>;
  /** Set once `stop` was called: a running round checks it to end early. */
  readonly stopped: boolean;
  /** Stops the timer, runs `cancel` (to cut a running round short), then waits for the round. */
  stop(cancel?: () => Promise<void>): Promise<void>;
}

export function startBackgroundRounds(
  round: () => Promise<number>,
  options: { pollMs: number; onError: (error: unknown) => void },
): BackgroundRounds {
  let stopped = false;
  let current: Promise<number> | undefined;
  const drain = (): Promise<number> => {
    const next = (current ?? Promise.resolve(0)).catch(() => 0).then(round);
    current = next;
    return next;
  };
  let busy = false;
  const timer = setInterval(() => {
    if (stopped || busy) return;
    busy = true;
    drain()
      .catch(options.onError)
      .finally(() => {
        busy = false;
      });
  }, options.pollMs);
  timer.unref();
  return {
    drain,
    get stopped() {
      return stopped;
    },
    stop: async (cancel) => {
      stopped = true;
      clearInterval(timer);
      await cancel?.();
      await current?.catch(() => {});
    },
  };
}
