/**
 * The root of every island: the page's shared QueryClient, react-intl with the catalog of the
 * current locale, and an error boundary. Islands are rendered on the server too, where the
 * nanostores hold only defaults, so the page passes the request's `locale` and `theme`
 * (`Astro.locals`) for that render; in the browser the stores are the truth.
 */
import { $locale, $theme, type Locale, QueryProvider, type Theme, useHydrated } from '@memoria/api';
import { AppIntlProvider, ErrorBoundary } from '@memoria/ui';
import { useStore } from '@nanostores/react';
import { createContext, type ReactNode, useContext, useEffect } from 'react';
import { $catalogs, loadCatalog } from './catalogs.ts';

const isBrowser = typeof window !== 'undefined';

if (isBrowser) {
  // The server decided `<html lang data-theme>` for this request (cookie, then Accept-Language):
  // start the stores from it so hydration renders exactly what the server did.
  const html = document.documentElement;
  if ((html.lang === 'en' || html.lang === 'es') && html.lang !== $locale.get()) {
    $locale.set(html.lang);
  }
  const theme = html.dataset.theme;
  if ((theme === 'light' || theme === 'dark') && theme !== $theme.get()) $theme.set(theme);
}

// Hydration must render the server's text, so no island renders before its page's catalog is
// here: this module (every island imports it) waits for it. The browser loads only the page's
// language; the server renders both.
await (isBrowser
  ? loadCatalog($locale.get())
  : Promise.all([loadCatalog('en'), loadCatalog('es')]));

type Prefs = { locale?: Locale; theme?: Theme };
const PrefsContext = createContext<Prefs>({});

/**
 * The interface language: the request's on the server and while the island hydrates (the store
 * may already hold another choice, made before this island hydrated), the `$locale` store once
 * it is live.
 */
export function useLocale(): Locale {
  const stored = useStore($locale);
  const prefs = useContext(PrefsContext);
  return useHydrated() ? stored : (prefs.locale ?? stored);
}

/** The colour theme: the request's until the island is live (see useLocale), then `$theme`. */
export function useTheme(): Theme {
  const stored = useStore($theme);
  const prefs = useContext(PrefsContext);
  return useHydrated() ? stored : (prefs.theme ?? stored);
}

export interface IslandRootProps {
  children: ReactNode;
  /** The request's locale (`Astro.locals.locale`), used while rendering on the server. */
  locale?: Locale;
  /** The request's theme (`Astro.locals.theme`), used while rendering on the server. */
  theme?: Theme;
}

/**
 * After a switch of language, the previous language's text stays until the new catalog has
 * loaded (never message ids).
 */
function IntlRoot({ children }: { children: ReactNode }) {
  const locale = useLocale();
  const catalogs = useStore($catalogs);
  const loaded = catalogs[locale];
  useEffect(() => {
    if (!loaded) {
      loadCatalog(locale).catch((error: unknown) =>
        console.error(`[island] the ${locale} messages did not load:`, error),
      );
    }
  }, [locale, loaded]);
  const shown = loaded ? locale : locale === 'en' ? 'es' : 'en';
  return (
    <AppIntlProvider locale={shown} messages={catalogs[shown]}>
      {children}
    </AppIntlProvider>
  );
}

export function IslandRoot({ children, locale, theme }: IslandRootProps) {
  return (
    <PrefsContext.Provider value={{ locale, theme }}>
      <QueryProvider>
        <IntlRoot>
          <ErrorBoundary onError={(error) => console.error('[island] render failed:', error)}>
            {children}
          </ErrorBoundary>
        </IntlRoot>
      </QueryProvider>
    </PrefsContext.Provider>
  );
}
