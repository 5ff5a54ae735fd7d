import { renderToString } from 'react-dom/server';
import { expect, test } from 'vitest';
import { Providers, testQueryClient } from '../shared/test/render.tsx';
import { SearchBox } from './SearchBox.tsx';
import { SEARCH_SHORTCUT_SCRIPT } from './searchShortcut.ts';

// The page as the server sends it, before any island hydrates: only AppLayout's inline script.
test('Ctrl/Cmd+K focuses the server-rendered search before the top bar hydrates', () => {
  document.body.innerHTML = `<header>${renderToString(
    <Providers client={testQueryClient()}>
      <SearchBox />
    </Providers>,
  )}</header><main><button type="button">Study</button></main>`;
  // AppLayout's inline <script> text, run twice (the island installs it again: a no-op). The
  // test DOM does not execute <script> elements, so the text is run as a function body.
  const runInlineScript = new Function(SEARCH_SHORTCUT_SCRIPT);
  runInlineScript();
  runInlineScript();
  const input = document.querySelector('input[type="search"]') as HTMLInputElement;
  input.value = 'duel';

  const ctrlK = new KeyboardEvent('keydown', { key: 'k', ctrlKey: true, cancelable: true });
  document.dispatchEvent(ctrlK);
  expect(document.activeElement).toBe(input);
  expect(ctrlK.defaultPrevented).toBe(true);
  expect(input.selectionStart).toBe(0);
  expect(input.selectionEnd).toBe(4);

  input.blur();
  const cmdK = new KeyboardEvent('keydown', { key: 'K', metaKey: true, cancelable: true });
  document.dispatchEvent(cmdK);
  expect(document.activeElement).toBe(input);

  // Plain K is typing, not the shortcut.
  input.blur();
  const plainK = new KeyboardEvent('keydown', { key: 'k', cancelable: true });
  document.dispatchEvent(plainK);
  expect(plainK.defaultPrevented).toBe(false);
  expect(document.activeElement).not.toBe(input);
});
