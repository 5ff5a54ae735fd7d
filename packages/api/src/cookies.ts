/** The one set of cookie helpers of the client (document.cookie). */

export type CookieOptions = {
  /** Lifetime in days; omitted means a session cookie. */
  days?: number;
  path?: string;
  sameSite?: 'Lax' | 'Strict' | 'None';
};

const SECONDS_PER_DAY = 24 * 60 * 60;

function hasDocument(): boolean {
  return typeof document !== 'undefined';
}

/** The cookie's decoded value, or null when it is not set. */
export function getCookie(name: string): string | null {
  if (!hasDocument()) return null;
  for (const part of document.cookie.split(';')) {
    const eq = part.indexOf('=');
    if (eq === -1) continue;
    if (part.slice(0, eq).trim() !== name) continue;
    const raw = part.slice(eq + 1).trim();
    if (raw === '') return null; // an emptied (deleted) cookie
    try {
      return decodeURIComponent(raw);
    } catch {
      return raw;
    }
  }
  return null;
}

/** Serialises a cookie as document.cookie expects it (exported for tests). */
export function serializeCookie(name: string, value: string, options: CookieOptions = {}): string {
  const { days, path = '/', sameSite = 'Lax' } = options;
  let cookie = `${name}=${encodeURIComponent(value)}; path=${path}; SameSite=${sameSite}`;
  if (days !== undefined) cookie += `; max-age=${Math.round(days * SECONDS_PER_DAY)}`;
  if (typeof location !== 'undefined' && location.protocol === 'https:') cookie += '; Secure';
  return cookie;
}

export function setCookie(name: string, value: string, options: CookieOptions = {}): void {
  if (!hasDocument()) return;
  // biome-ignore lint/suspicious/noDocumentCookie: the one cookie writer; the Cookie Store API is async and not in every browser we support
  document.cookie = serializeCookie(name, value, options);
}

export function deleteCookie(name: string, path = '/'): void {
  if (!hasDocument()) return;
  // biome-ignore lint/suspicious/noDocumentCookie: the one cookie writer (see setCookie)
  document.cookie = `${name}=; path=${path}; max-age=0; expires=Thu, 01 Jan 1970 00:00:00 GMT`;
}
