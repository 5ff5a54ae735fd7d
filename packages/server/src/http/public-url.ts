/**
 * The product's public address, from `PUBLIC_URL`: the one source of every absolute URL the
 * server hands out or calls (the payment provider's back and webhook URLs, links in mail). A
 * request's Host header is whatever the client wrote, so a URL built from it could send a buyer,
 * a mail reader or a webhook to another site (issue 38: a forged `Host: evil.example` made the
 * server POST there).
 */

export const DEFAULT_PORT = 4321;

export class PublicUrlError extends Error {
  readonly exitCode = 1;
}

/**
 * `PUBLIC_URL` as an origin (no trailing slash). Required when `NODE_ENV=production`; elsewhere it
 * defaults to `http://localhost:<PORT>` (PORT default 4321), where a developer's browser is.
 * Throws PublicUrlError with a message for the operator when it is missing or not an address.
 */
export function resolvePublicUrl(env: Record<string, string | undefined>): string {
  const raw = env.PUBLIC_URL?.trim();
  if (!raw) {
    if (env.NODE_ENV === 'production') {
      throw new PublicUrlError(
        'PUBLIC_URL must be set when NODE_ENV=production: the address users open Memoria at, ' +
          'such as https://memoria.example. Payment callbacks and links in mail are built from it.',
      );
    }
    return `http://localhost:${env.PORT || DEFAULT_PORT}`;
  }
  let url: URL;
  try {
    url = new URL(raw);
  } catch {
    throw invalid(raw);
  }
  const web = url.protocol === 'http:' || url.protocol === 'https:';
  // An origin only: the app and its API are served from the root (`/`, `/be/api`).
  if (!web || url.pathname !== '/' || url.search || url.hash || url.username || url.password) {
    throw invalid(raw);
  }
  return url.origin;
}

const invalid = (raw: string) =>
  new PublicUrlError(
    `PUBLIC_URL must be an http or https origin (scheme, host and port only), such as ` +
      `https://memoria.example, not "${raw}".`,
  );
