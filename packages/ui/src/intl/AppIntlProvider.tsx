import type { ReactNode } from 'react';
import { useMemo } from 'react';
import { IntlProvider } from 'react-intl';
import { type Locale, uiMessages } from '../messages.ts';

export interface AppIntlProviderProps {
  locale: Locale;
  /** Extra catalogs for this locale (feature messages); merged over the UI package's own. */
  messages?: Record<string, string>;
  children: ReactNode;
  /** Called for missing translations; defaults to logging only outside production. */
  onError?: (error: unknown) => void;
}

/** react-intl provider with the UI package's messages merged in; `en` is the default locale. */
export function AppIntlProvider({ locale, messages, children, onError }: AppIntlProviderProps) {
  const merged = useMemo(() => ({ ...uiMessages[locale], ...messages }), [locale, messages]);
  return (
    <IntlProvider locale={locale} defaultLocale="en" messages={merged} onError={onError}>
      {children}
    </IntlProvider>
  );
}
