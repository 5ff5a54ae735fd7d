import { isIP } from 'node:net';
import type { Context } from 'hono';
import type { AppEnv } from './context.ts';

/** More proxies than this in front of one product is a typo, not a deployment. */
const MAX_HOPS = 20;

/**
 * `TRUST_PROXY`: how many proxies in front of the product append to X-Forwarded-For (HAProxy
 * `option forwardfor`, nginx `$proxy_add_x_forwarded_for`). `true` is 1, `false` or unset is 0.
 * Anything else stops the start: a wrong count either trusts what clients send or lumps every
 * client under the proxy's address.
 */
export function trustedProxyHops(env: Record<string, string | undefined> = process.env): number {
  const value = env.TRUST_PROXY;
  if (value === undefined || value === '' || value === 'false') return 0;
  if (value === 'true') return 1;
  const hops = /^\d+$/.test(value) ? Number(value) : Number.NaN;
  if (!(hops <= MAX_HOPS)) {
    throw new Error(
      `TRUST_PROXY must be the number of trusted proxy hops in front of the product (0 to ${MAX_HOPS}), true (1) or false (0); it is "${value}".`,
    );
  }
  return hops;
}

/** An entry as an address: spaces trimmed, `[v6]:port` and `v4:port` without their port. */
function addressOf(entry: string): string | null {
  const bracketed = /^\[([^\]]+)\](?::\d+)?$/.exec(entry);
  const withPort = /^(\d{1,3}(?:\.\d{1,3}){3}):\d+$/.exec(entry);
  const address = bracketed?.[1] ?? withPort?.[1] ?? entry;
  return isIP(address) ? address : null;
}

/**
 * The client's address in an X-Forwarded-For value behind `hops` trusted proxies: the entry
 * `hops` places from the right, since each proxy appends the address it received from and
 * everything to the left of that came from the client. With fewer entries than hops, the
 * left-most (each entry was then appended by a trusted proxy: the request entered at an inner
 * one). Null when no proxy is trusted, the header is missing, or the chosen entry is not an IP
 * address; the caller then uses the socket's peer.
 */
export function forwardedClient(header: string | undefined, hops: number): string | null {
  if (hops <= 0 || !header) return null;
  // Empty entries can only come from the client (proxies always append an address).
  const entries = header
    .split(',')
    .map((entry) => entry.trim())
    .filter(Boolean);
  if (entries.length === 0) return null;
  return addressOf(entries[Math.max(0, entries.length - hops)] as string);
}

/**
 * The client's address: from X-Forwarded-For behind `TRUST_PROXY` trusted proxies (see
 * `forwardedClient`), else what the host reports (Hono `env.clientAddress`, or the socket of
 * @hono/node-server). Null when unknown; per-address throttling is then skipped rather than
 * lumping every client together.
 */
export function clientIp(c: Context<AppEnv>): string | null {
  const forwarded = forwardedClient(c.req.header('x-forwarded-for'), c.get('deps').trustProxy ?? 0);
  if (forwarded) return forwarded;
  const env = c.env as AppEnv['Bindings'] | undefined;
  return env?.clientAddress ?? env?.incoming?.socket?.remoteAddress ?? null;
}
