import { type Locale, setLocale, setTheme } from '@memoria/api';
import { IconButton, VisuallyHidden } from '@memoria/ui';
import { useIntl } from 'react-intl';
import { useLocale, useTheme } from '../shared/IslandRoot.tsx';
import { MoonIcon, SunIcon } from '../shared/icons.tsx';
import * as s from './shell.css.ts';

const LOCALES: { id: Locale; short: string }[] = [
  { id: 'en', short: 'EN' },
  { id: 'es', short: 'ES' },
];

/**
 * EN/ES switch: `setLocale` stores the cookie and sets `<html lang>`; every island re-renders
 * in the new language through the `$locale` store (no reload).
 */
export function LanguageSwitch() {
  const intl = useIntl();
  const locale = useLocale();
  return (
    // biome-ignore lint/a11y/useSemanticElements: a labelled group of toggle buttons
    <div
      className={s.languageSwitch}
      role="group"
      aria-label={intl.formatMessage({ id: 'shell.language.label' })}
    >
      {LOCALES.map(({ id, short }) => (
        <button
          key={id}
          type="button"
          lang={id}
          className={s.languageOption}
          aria-pressed={locale === id}
          onClick={() => {
            if (locale !== id) setLocale(id);
          }}
        >
          {short}
          <VisuallyHidden> {intl.formatMessage({ id: `shell.language.${id}` })}</VisuallyHidden>
        </button>
      ))}
    </div>
  );
}

/** Light/dark toggle: `setTheme` stores the cookie and sets `<html data-theme>` at once. */
export function ThemeToggle() {
  const intl = useIntl();
  const theme = useTheme();
  const next = theme === 'dark' ? 'light' : 'dark';
  return (
    <IconButton
      aria-label={intl.formatMessage({
        id: next === 'dark' ? 'shell.theme.toDark' : 'shell.theme.toLight',
      })}
      onClick={() => setTheme(next)}
    >
      {next === 'dark' ? <MoonIcon /> : <SunIcon />}
    </IconButton>
  );
}
