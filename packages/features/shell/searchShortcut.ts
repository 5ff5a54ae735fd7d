/**
 * Ctrl/Cmd+K focuses the top bar's search. AppLayout inlines this in <head>, so the shortcut
 * works on the server-rendered input from the first paint instead of once the top bar's island
 * has hydrated (until then Chromium would give Ctrl+K to its own address bar); SearchBox installs
 * it too, for pages and stories without the layout. Installing twice is a no-op.
 *
 * The function is turned into inline script text with `toString()`, so it must not use anything
 * from outside its own body.
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

export const SEARCH_SHORTCUT_SCRIPT = `(${installSearchShortcut.toString()})();`;
