/**
 * What the host (Astro pages and layouts) takes from the shared feature pieces. Capabilities
 * import the files of `shared/` directly; everything outside `packages/features` comes here.
 */

// Layout checks run in a page by the journeys (`page.evaluate`), as the stories run them.
export { brokenWords, hiddenFocusRings } from './layoutChecks.ts';
export { translate } from './serverIntl.ts';
