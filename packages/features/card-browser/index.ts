/** The card browser: /space-repetition/browse (search, table, bulk actions, note editor). */
export { CardBrowser } from './CardBrowser.tsx';
export { CardBrowserIsland } from './islands.tsx';
