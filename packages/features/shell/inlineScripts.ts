/**
 * The shell's scripts that run inline in the app layout's <head>, before any island: the route
 * guard and the Ctrl/Cmd+K shortcut. The host imports them through
 * `@memoria/features/shell/inline-scripts` (not the shell's index, whose components carry
 * vanilla-extract styles) so astro.config.mjs can hash them for the Content-Security-Policy.
 */
export { GUARD_SCRIPT } from './guard.ts';
export { SEARCH_SHORTCUT_SCRIPT } from './searchShortcut.ts';
