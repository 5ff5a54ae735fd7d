import { en, type MessageKey } from './en.ts';
import { es } from './es.ts';

export type { MessageKey };

export const LOCALES = ['en', 'es'] as const;
export type Locale = (typeof LOCALES)[number];
export const DEFAULT_LOCALE: Locale = 'en';

export const THEMES = ['light', 'dark'] as const;
export type Theme = (typeof THEMES)[number];
export const DEFAULT_THEME: Theme = 'light';

const catalogs: Record<Locale, Record<MessageKey, string>> = { en, es };

export function isLocale(value: unknown): value is Locale {
  return value === 'en' || value === 'es';
}

export function isTheme(value: unknown): value is Theme {
  return value === 'light' || value === 'dark';
}

/**
 * The text for `key` in `locale`; `{name}` placeholders are filled from `values`.
 * Unknown placeholders are left as they are.
 */
export function t(
  locale: Locale,
  key: MessageKey,
  values?: Record<string, string | number>,
): string {
  const text = catalogs[locale][key];
  if (!values) return text;
  return text.replace(/\{(\w+)\}/g, (match, name: string) =>
    name in values ? String(values[name]) : match,
  );
}

export type Translate = (key: MessageKey, values?: Record<string, string | number>) => string;

/** A `t` bound to one locale, for templates. */
export function translator(locale: Locale): Translate {
  return (key, values) => t(locale, key, values);
}

/**
 * The locale for an Accept-Language header: Spanish when the browser's preferred language is
 * Spanish (es, es-AR…), English otherwise. Only the first choice counts, the same rule the
 * islands apply to `navigator.language` (packages/api `localeFromLanguage`), so server-rendered
 * pages and hydrated islands agree.
 */
export function localeFromAcceptLanguage(header: string | null | undefined): Locale {
  if (!header) return DEFAULT_LOCALE;
  let preferred = '';
  let best = -1;
  for (const part of header.split(',')) {
    const [tag = '', ...params] = part.trim().split(';');
    const q = params.map((p) => p.trim()).find((p) => p.startsWith('q='));
    const quality = q ? Number.parseFloat(q.slice(2)) : 1;
    if (tag && quality > best) {
      best = quality;
      preferred = tag.toLowerCase();
    }
  }
  return preferred.startsWith('es') ? 'es' : DEFAULT_LOCALE;
}
