import type { ReactNode } from 'react';
import { useMemo } from 'react';
import { IntlProvider } from 'react-intl';
import { type Locale, uiMessages } from '../messages.ts';

export interface AppIntlProviderProps {
  /** The interface language, `en` or `es`: which catalog the texts below it come from. */
  locale: Locale;
  /** Extra catalogs for this locale (feature messages); merged over the UI package's own. */
  messages?: Record<string, string>;
  /** The part of the page whose texts are translated (an island, a story). */
  children: ReactNode;
  /** Called for missing translations; defaults to logging only outside production. */
  onError?: (error: unknown) => void;
}

/**
 * The language of everything below it: react-intl's provider with the UI package's own messages
 * (`errorBoundary.*`, `ui.*`: Close, Loading…, the badge and password texts) merged under the
 * feature catalogs given in `messages`; `en` is the default locale. It renders nothing itself.
 *
 * **Use it** once at the root of every island (`IslandRoot` in `packages/features/shared` does)
 * and of every story (the preview's locale decorator does), so the components of `@memoria/ui`
 * find their own texts in either language. **Don't use it** to switch the language of one part
 * of a page (the language is the page's: the locale store and `<html lang>`) or to pass texts
 * that are not in both catalogs (each message exists in English and Spanish).
 *
 * **Accessibility.** It sets no `lang` attribute: the page's `<html lang>`, set by the server
 * from the same locale, tells screen readers which language to speak. A message missing from
 * the catalog would be shown as its id (and reported to `onError`); the messages tests keep
 * both catalogs complete.
 */
export function AppIntlProvider({ locale, messages, children, onError }: AppIntlProviderProps) {
  const merged = useMemo(() => ({ ...uiMessages[locale], ...messages }), [locale, messages]);
  return (
    <IntlProvider locale={locale} defaultLocale="en" messages={merged} onError={onError}>
      {children}
    </IntlProvider>
  );
}
