import { defineMiddleware } from 'astro/middleware';
import {
  DEFAULT_THEME,
  isLocale,
  isTheme,
  type Locale,
  localeFromAcceptLanguage,
  type Theme,
} from './i18n/index.ts';

/*
 * Language and theme are decided here, on the server, for every request.
 *
 * WHY: the page must arrive with the right `<html lang>` and `data-theme` so the first paint is
 * already in the visitor's language and colours, with no flash and without shipping any script to
 * the static pages. The inputs are per request (the `language` and `theme` cookies, else the
 * browser's Accept-Language), so the pages are rendered on the server per request instead of
 * being prerendered, and responses say `Vary: Cookie, Accept-Language`.
 *
 * The switches are plain links (`?lang=es`, `?theme=dark`): this middleware stores the choice in
 * its cookie (365 days, path /, SameSite=Lax) and redirects to the clean URL. The app's islands
 * read and write the same cookies.
 */

export const LANGUAGE_COOKIE = 'language';
export const THEME_COOKIE = 'theme';
const ONE_YEAR_SECONDS = 365 * 24 * 60 * 60;
const VARY = 'Cookie, Accept-Language';
/** Short: HTML is cheap to render and a preference change must show at once. */
const HTML_CACHE_CONTROL = 'public, max-age=60';

export const onRequest = defineMiddleware(async (context, next) => {
  const { url, request, cookies } = context;

  // The switch links: remember the choice, then show the same page without the parameter.
  const langParam = url.searchParams.get('lang');
  const themeParam = url.searchParams.get('theme');
  if (
    (request.method === 'GET' || request.method === 'HEAD') &&
    (langParam !== null || themeParam !== null)
  ) {
    const cookieOptions = {
      path: '/',
      maxAge: ONE_YEAR_SECONDS,
      sameSite: 'lax',
      secure: url.protocol === 'https:',
    } as const;
    if (isLocale(langParam)) cookies.set(LANGUAGE_COOKIE, langParam, cookieOptions);
    if (isTheme(themeParam)) cookies.set(THEME_COOKIE, themeParam, cookieOptions);
    const clean = new URL(url);
    clean.searchParams.delete('lang');
    clean.searchParams.delete('theme');
    const headers = new Headers({
      Location: `${clean.pathname}${clean.search}${clean.hash}`,
      'Cache-Control': 'no-store',
      Vary: VARY,
    });
    setSecurityHeaders(headers);
    return new Response(null, { status: 303, headers });
  }

  const languageCookie = cookies.get(LANGUAGE_COOKIE)?.value;
  const themeCookie = cookies.get(THEME_COOKIE)?.value;
  const locale: Locale = isLocale(languageCookie)
    ? languageCookie
    : localeFromAcceptLanguage(request.headers.get('accept-language'));
  const theme: Theme = isTheme(themeCookie) ? themeCookie : DEFAULT_THEME;
  context.locals.locale = locale;
  context.locals.theme = theme;

  const response = await next();
  if (!response.headers.get('content-type')?.startsWith('text/html')) return response;
  try {
    decorateHtmlHeaders(response.headers, locale);
    return response;
  } catch {
    // Some responses (e.g. Response.redirect) have immutable headers: copy them.
    const headers = new Headers(response.headers);
    decorateHtmlHeaders(headers, locale);
    return new Response(response.body, {
      status: response.status,
      statusText: response.statusText,
      headers,
    });
  }
});

/**
 * WHY: tokens live in local storage, so a page must not be framed (clickjacking) nor have its
 * content type guessed. The Content-Security-Policy itself comes from Astro (astro.config.mjs,
 * `security.csp`), which knows the hashes of the scripts and styles it emits; X-Frame-Options
 * repeats its `frame-ancestors 'none'` for browsers that predate it.
 */
function setSecurityHeaders(headers: Headers): void {
  headers.set('X-Content-Type-Options', 'nosniff');
  headers.set('X-Frame-Options', 'DENY');
  headers.set('Referrer-Policy', 'same-origin');
}

function decorateHtmlHeaders(headers: Headers, locale: Locale): void {
  setSecurityHeaders(headers);
  const vary = headers.get('Vary');
  headers.set('Vary', vary ? `${vary}, ${VARY}` : VARY);
  headers.set('Content-Language', locale);
  if (headers.get('Content-Type') === 'text/html') {
    headers.set('Content-Type', 'text/html; charset=utf-8');
  }
  if (!headers.has('Cache-Control')) headers.set('Cache-Control', HTML_CACHE_CONTROL);
}
