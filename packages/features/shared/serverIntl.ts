/**
 * Translation outside React (Astro frontmatter: page titles and descriptions), with the same
 * merged catalog and ICU syntax as the islands.
 */
import { createIntl, createIntlCache, type IntlShape } from '@formatjs/intl';
import type { Locale } from '@memoria/api';
import { messages } from '../messages.ts';

const cache = createIntlCache();
const intls: Partial<Record<Locale, IntlShape<string>>> = {};

function intlFor(locale: Locale): IntlShape<string> {
  intls[locale] ??= createIntl({ locale, defaultLocale: 'en', messages: messages[locale] }, cache);
  return intls[locale];
}

export function translate(
  locale: Locale,
  id: string,
  values?: Record<string, string | number>,
): string {
  return intlFor(locale).formatMessage({ id }, values);
}
