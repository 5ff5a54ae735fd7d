import { render } from '@testing-library/react';
import type { ReactElement } from 'react';
import { AppIntlProvider } from '../intl/AppIntlProvider.tsx';
import type { Locale } from '../messages.ts';

/** Renders inside the app's intl provider (English unless told). */
export function renderWithIntl(ui: ReactElement, locale: Locale = 'en') {
  return render(ui, {
    wrapper: ({ children }) => <AppIntlProvider locale={locale}>{children}</AppIntlProvider>,
  });
}
