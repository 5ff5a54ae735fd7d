/**
 * Ctrl/Cmd+K focuses the top bar's search. AppLayout inlines this in <head>, so the shortcut
 * works on the server-rendered input from the first paint instead of once the top bar's island
 * has hydrated (until then Chromium would give Ctrl+K to its own address bar); SearchBox installs
 * it too, for pages and stories without the layout. Installing twice is a no-op.
 *
 * The inline text is written out as plain ES5, like the guard, not made with `toString()`: the
 * Content-Security-Policy allows it by the hash of its exact text, and a function's source differs
 * between the build that hashes it (astro.config.mjs) and the bundle that serves it (minified).
 * Both versions set the same flag, so whichever runs first wins.
 */
export function installSearchShortcut(): void {
  const flagged = window as Window & { memoriaSearchShortcut?: boolean };
  if (flagged.memoriaSearchShortcut) return;
  flagged.memoriaSearchShortcut = true;
  document.addEventListener('keydown', (event) => {
    if (!(event.ctrlKey || event.metaKey) || event.altKey || event.key.toLowerCase() !== 'k') {
      return;
    }
    const input = document.querySelector<HTMLInputElement>('input[data-search-input]');
    if (!input) return;
    event.preventDefault();
    input.focus();
    input.select();
  });
}

export const SEARCH_SHORTCUT_SCRIPT = `(function () {
  if (window.memoriaSearchShortcut) return;
  window.memoriaSearchShortcut = true;
  document.addEventListener('keydown', function (event) {
    if (!(event.ctrlKey || event.metaKey) || event.altKey || event.key.toLowerCase() !== 'k') {
      return;
    }
    var input = document.querySelector('input[data-search-input]');
    if (!input) return;
    event.preventDefault();
    input.focus();
    input.select();
  });
})();`;
