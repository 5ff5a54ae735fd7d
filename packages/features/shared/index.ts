/**
 * What the host (Astro pages and layouts) takes from the shared feature pieces. Capabilities
 * import the files of `shared/` directly; everything outside `packages/features` comes here.
 */
export { translate } from './serverIntl.ts';
