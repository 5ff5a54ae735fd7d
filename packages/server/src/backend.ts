/**
 * Types only: what `startBackend` (index.ts) returns and `serve` (serve.ts) runs, apart from both
 * so they do not import each other.
 */
import type { AppBindings } from './http/context.ts';
import type { LifecycleRunner } from './shutdown.ts';

export interface Backend {
  /** Answers a request under `/be/api`; `env.clientAddress` feeds per-address throttling. */
  fetch(req: Request, env?: AppBindings): Promise<Response>;
  /**
   * Shutdown hooks: long-lived responses end `onDrain`, dedicated connections close `onClose`
   * (see shutdown.ts). `serve()` marks it stopping (readiness 503) when shutdown begins and runs
   * the drain when it stops accepting.
   */
  lifecycle: Omit<LifecycleRunner, 'close'>;
  /**
   * Runs the drain and close hooks (event streams end, the LISTEN connection closes), closes the
   * pool, then stops the embedded PostgreSQL if this process started one. Call it once no request
   * is in flight (`serve()` does).
   */
  close(): Promise<void>;
  databaseUrl: string;
  implemented: { implemented: number; total: number };
}
