/**
 * What the host (Astro pages and layouts) takes from the shared feature pieces. Capabilities
 * import the files of `shared/` directly; everything outside `packages/features` comes here.
 * The journeys import it in plain Node, without vanilla-extract's compiler, so nothing exported
 * here may import `@memoria/ui` or a `.css.ts` file (Storybook takes the shell icons from
 * `icons.tsx` itself). Test support (the layout checks the journeys run) is not exported here:
 * it has its own entry point, `@memoria/features/shared/test/layoutChecks`.
 */

export { translate } from './serverIntl.ts';
