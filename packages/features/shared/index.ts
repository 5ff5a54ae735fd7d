/**
 * What the host (Astro pages and layouts) takes from the shared feature pieces. Capabilities
 * import the files of `shared/` directly; everything outside `packages/features` comes here.
 */

// The app shell's icons, listed by Storybook's Foundations/Shell icons page.
export * as shellIcons from './icons.tsx';
// Layout checks run in a page by the journeys (`page.evaluate`), as the stories run them.
export { brokenWords, hiddenFocusRings } from './layoutChecks.ts';
export { translate } from './serverIntl.ts';
