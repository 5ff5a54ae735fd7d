/**
 * The inline scripts of the pages' <head> and <body>, as text. They are written here, not in the
 * layouts, because the Content-Security-Policy allows inline scripts only by their SHA-256 hash:
 * astro.config.mjs hashes every script of INLINE_SCRIPTS, so the text served and the text hashed
 * are the same string. Astro hashes the scripts it bundles (island loader, directives) itself.
 */
import { GUARD_SCRIPT, SEARCH_SHORTCUT_SCRIPT } from '@memoria/features/shell/inline-scripts';

/** Marketing <head>: hides the cookie banner before first paint once a choice is stored. */
export const CONSENT_STATE_SCRIPT = `try {
  if (localStorage.getItem('cookieConsent')) document.documentElement.dataset.consent = '1';
} catch {}`;

/** Marketing <body>: the cookie banner's buttons store the choice and hide the banner. */
export const CONSENT_CHOICE_SCRIPT = `document.querySelectorAll('[data-consent-choice]').forEach((button) => {
  button.addEventListener('click', () => {
    try {
      localStorage.setItem('cookieConsent', button.dataset.consentChoice);
    } catch {}
    document.documentElement.dataset.consent = '1';
    document.getElementById('main').focus({ preventScroll: true });
  });
});`;

export { GUARD_SCRIPT, SEARCH_SHORTCUT_SCRIPT };

/** Every inline script a page may carry (the app layout's guard included). */
export const INLINE_SCRIPTS = [
  GUARD_SCRIPT,
  SEARCH_SHORTCUT_SCRIPT,
  CONSENT_STATE_SCRIPT,
  CONSENT_CHOICE_SCRIPT,
];
