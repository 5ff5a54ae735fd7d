/*
 * The shutdown sequence of one backend, in this order:
 *   0. stopping: readiness answers 503 so balancers stop sending here, while requests are still
 *      served as before (`SHUTDOWN_DELAY_MS`, see serve.ts);
 *   1. drain: the HTTP server stops accepting and `onDrain` hooks run, while in-flight requests
 *      finish; long-lived responses (event streams) end here, or the drain would wait for them;
 *   2. close: `onClose` hooks run (newest first) once no request is left, while the pool is still
 *      open; dedicated connections (a LISTEN connection) close here;
 *   3. the pool closes, then the embedded PostgreSQL stops (see `startBackend`).
 * Modules that hold something long-lived register into this list instead of hooking signals.
 */

export type ShutdownHook = () => void | Promise<void>;

export interface Lifecycle {
  /** Runs when shutdown begins, before in-flight requests are awaited. */
  onDrain(hook: ShutdownHook): void;
  /** Runs after requests drained, before the database pool closes. */
  onClose(hook: ShutdownHook): void;
}

export interface LifecycleRunner extends Lifecycle {
  /** Marks the instance as stopping (readiness fails) before anything closes. */
  beginStopping(): void;
  /** True from `beginStopping` or the drain on. */
  isStopping(): boolean;
  /** Runs the drain hooks once (later calls return the same promise). */
  drain(): Promise<void>;
  /** Runs the drain hooks if not yet run, then the close hooks once. */
  close(): Promise<void>;
}

/** Runs every hook even when one fails, so one broken module cannot keep the others open. */
async function runAll(hooks: ShutdownHook[], onError: (error: unknown) => void): Promise<void> {
  for (const hook of hooks) {
    try {
      await hook();
    } catch (error) {
      onError(error);
    }
  }
}

export function createLifecycle(onError: (error: unknown) => void): LifecycleRunner {
  const drainHooks: ShutdownHook[] = [];
  const closeHooks: ShutdownHook[] = [];
  let draining: Promise<void> | undefined;
  let closing: Promise<void> | undefined;
  let stopping = false;
  const drain = () => {
    stopping = true;
    draining ??= runAll(drainHooks, onError);
    return draining;
  };
  return {
    onDrain: (hook) => drainHooks.push(hook),
    onClose: (hook) => closeHooks.unshift(hook),
    beginStopping: () => {
      stopping = true;
    },
    isStopping: () => stopping,
    drain,
    close: () => {
      closing ??= drain().then(() => runAll(closeHooks, onError));
      return closing;
    },
  };
}
