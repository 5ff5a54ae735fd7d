import type { Context } from 'hono';
import type { AppEnv } from './context.ts';

/**
 * The client's address: the left-most X-Forwarded-For entry behind a trusted proxy
 * (TRUST_PROXY=true), else what the host reports (Hono `env.clientAddress`, or the socket of
 * @hono/node-server). Null when unknown; per-address throttling is then skipped rather than
 * lumping every client together.
 */
export function clientIp(c: Context<AppEnv>): string | null {
  if (c.get('deps').trustProxy) {
    const forwarded = c.req.header('x-forwarded-for')?.split(',')[0]?.trim();
    if (forwarded) return forwarded;
  }
  const env = c.env as AppEnv['Bindings'] | undefined;
  return env?.clientAddress ?? env?.incoming?.socket?.remoteAddress ?? null;
}
