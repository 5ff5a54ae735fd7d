/**
 * The dependency rules of the repository, checked by `npm run lint:deps` and by `npm test`.
 * Paths are relative to where depcruise runs (the repository root; `tests/unit/dependencies.test.ts` runs the
 * same rules on the fixture trees in `tests/fixtures/deps` and `tests/fixtures/deps-server`, which
 * the real check skips).
 */

/** Every folder of ours; third-party modules are not restricted here. */
const OURS = '^(packages/(api|ui|features|server)|src|\\.storybook|tests|scripts)/';
/** Story modules of the features, which may also use Storybook's MSW helpers and clock. */
const FEATURE_STORIES = '^packages/features/(.+\\.stories\\.tsx|[^/]+/test/.+)$';
/**
 * Code that ships: the design system, the client, the features and the host, but not their tests,
 * stories, test support (a package's `test/` folder, see CONTRIBUTING) or test configuration.
 */
const PRODUCTION = '^(packages/(ui|api|features)|src)/';
const NOT_PRODUCTION =
  '(^|/)test/|\\.(test|stories)\\.tsx?$|\\.fixtures\\.ts$|^packages/[^/]+/vitest\\.(config|setup)\\.ts$';
/**
 * Test support: our `test/` folders, tests, stories, fixtures, `tests/`, `.storybook/`, and the test
 * and story libraries (matched by where they resolve, also from a nested fixture tree).
 */
const TEST_SUPPORT = [
  '^(packages/.*/test/|tests/|\\.storybook/)',
  '\\.(test|stories)\\.tsx?$',
  '\\.fixtures\\.ts$',
  '(^|/)node_modules/(vitest|@vitest/[^/]+|@testing-library/[^/]+|msw|@storybook/test|storybook/dist/test)/',
];

/** @type {import('dependency-cruiser').IConfiguration} */
module.exports = {
  forbidden: [
    {
      name: 'no-circular',
      comment:
        'Import cycles make load order matter and hide a missing boundary. Type imports count ' +
        'too: erased before run time, they still tie two modules together; a type two modules ' +
        'share lives in a type-only module of its own (contract/schemas.ts, backend.ts, ' +
        'services/duels/view-context.ts).',
      severity: 'error',
      from: {},
      to: { circular: true },
    },
    {
      name: 'ui-imports-nothing-of-ours',
      comment: 'The design system stands alone: it may not import the client, features or host.',
      severity: 'error',
      from: { path: '^packages/ui/' },
      to: { path: OURS, pathNot: '^packages/ui/' },
    },
    {
      name: 'api-imports-nothing-of-ours',
      comment: 'The client depends only on its own files and the generated contract types.',
      severity: 'error',
      from: { path: '^packages/api/' },
      to: { path: OURS, pathNot: '^packages/api/' },
    },
    {
      name: 'features-import-ui-and-api-only',
      comment:
        'A feature uses @memoria/ui, @memoria/api and packages/features; nothing else of ours.',
      severity: 'error',
      from: { path: '^packages/features/', pathNot: FEATURE_STORIES },
      to: { path: OURS, pathNot: '^packages/(features|ui|api)/' },
    },
    {
      name: 'feature-stories-import-ui-api-and-storybook-only',
      comment:
        "Stories and test support (a capability's test/ folder) may add the Storybook helpers " +
        '(.storybook/msw.ts, fixtures.ts).',
      severity: 'error',
      from: { path: FEATURE_STORIES },
      to: { path: OURS, pathNot: '^(packages/(features|ui|api)|\\.storybook)/' },
    },
    {
      name: 'styles-import-the-theme-not-components',
      comment:
        "A .css.ts file is evaluated at build time by vanilla-extract: importing @memoria/ui's index " +
        'pulls every component (the editors, KaTeX, DOMPurify) into that evaluation and made the ' +
        'build restart its dependency optimiser and fail. Styles take tokens from @memoria/ui/theme.',
      severity: 'error',
      from: { path: '\\.css\\.ts$' },
      to: { path: '^packages/ui/src/index\\.ts$' },
    },
    {
      name: 'production-never-imports-test-support',
      comment:
        'What ships never depends on test support, fixtures, stories or the test libraries ' +
        '(vitest, Testing Library, MSW, storybook/test): they would be bundled into the islands ' +
        'or loaded by the host, and a helper that is test-only in name must be so in fact.',
      severity: 'error',
      from: { path: PRODUCTION, pathNot: NOT_PRODUCTION },
      to: { path: TEST_SUPPORT },
    },
    {
      name: 'no-feature-internals',
      comment: 'A capability uses another one only through its index.ts (shared/ is for all).',
      severity: 'error',
      from: { path: '^packages/features/([^/]+)/' },
      to: {
        path: '^packages/features/[^/]+/',
        pathNot: [
          '^packages/features/$1/',
          '^packages/features/[^/]+/index\\.ts$',
          '^packages/features/shared/',
          // A package the workspace holds in its own node_modules (another version than the root's).
          '^packages/features/node_modules/',
        ],
      },
    },
    {
      name: 'shared-imports-no-capability',
      comment: 'features/shared serves every capability, so it may not depend on one.',
      severity: 'error',
      from: { path: '^packages/features/shared/' },
      to: { path: '^packages/features/[^/]+/', pathNot: '^packages/features/shared/' },
    },
    {
      name: 'outside-uses-feature-entry-points',
      comment:
        'Pages, layouts, Storybook and tests use a capability only through its index.ts; the one ' +
        "exception is the shell's inline scripts (@memoria/features/shell/inline-scripts), which the host " +
        'hashes for its Content-Security-Policy while loading astro.config.mjs, where the ' +
        "shell's components (vanilla-extract styles) cannot be loaded; and pricing's plan rules " +
        '(@memoria/features/pricing/prices, no React, no styles) for the script of the static ' +
        '/pricing page, which must stay a few KB; and the layout checks the journeys run in a ' +
        'page (@memoria/features/shared/test/layoutChecks, test support).',
      severity: 'error',
      from: { pathNot: '^packages/features/' },
      to: {
        path: '^packages/features/[^/]+/',
        pathNot:
          '^packages/features/([^/]+/index|shell/inlineScripts|pricing/plans|shared/test/layoutChecks)\\.ts$',
      },
    },
    {
      name: 'no-route-imports-another-route',
      comment:
        'A route folder (or a top-level route file such as routes/auth.ts) serves one resource; ' +
        'what several routes share (access checks, duel settlement, presence, mail) lives in ' +
        'services/<domain>/. Only routes/index.ts gathers every route.',
      severity: 'error',
      from: {
        path: '^packages/server/src/routes/([^/.]+)',
        pathNot: '^packages/server/src/routes/index\\.ts$',
      },
      to: {
        path: '^packages/server/src/routes/',
        pathNot: '^packages/server/src/routes/$1(/|\\.)',
      },
    },
    {
      name: 'services-import-no-routes',
      comment: 'Services sit under the routes: a route calls a service, never the other way.',
      severity: 'error',
      from: { path: '^packages/server/src/services/' },
      to: { path: '^packages/server/src/routes/' },
    },
    {
      name: 'server-domain-is-pure',
      comment:
        "domain/ holds the product's rules as plain functions: no storage, no requests, no " +
        'vendors, no routes or services, so each rule is tested without a database or an app.',
      severity: 'error',
      from: { path: '^packages/server/src/domain/' },
      to: { path: '^packages/server/src/(db|http|providers|routes|services)/' },
    },
    {
      name: 'server-storage-only-in-db',
      comment:
        'SQL lives in db/ (queries in db/queries): only db/ imports the Drizzle schema and ' +
        'drizzle-orm. Row types reach the rest through db/queries (UserRow from users.ts). ' +
        'Tests and src/test/ may set up rows directly.',
      severity: 'error',
      from: {
        path: '^packages/server/src/',
        pathNot: ['^packages/server/src/db/', '\\.test\\.ts$', '^packages/server/src/test/'],
      },
      // node_modules/…: resolved from the package; the bare name: unresolved (the fixture tree).
      to: {
        path: [
          '^packages/server/src/db/schema\\.ts$',
          '(^|/)node_modules/drizzle-orm/',
          '^drizzle-orm(/|$)',
        ],
      },
    },
    {
      name: 'server-vendor-sdks-only-in-providers',
      comment:
        "Vendors' SDKs (Mercado Pago, nodemailer, tesseract.js, web-push) sit behind providers/, whose " +
        'interfaces (providers/*/types.ts) the rest uses, so a vendor can be swapped or faked in one ' +
        'place.',
      severity: 'error',
      from: { path: '^packages/server/', pathNot: '^packages/server/src/providers/' },
      to: {
        path: [
          '(^|/)node_modules/(mercadopago|nodemailer|tesseract\\.js|web-push)/',
          '^(mercadopago|nodemailer|tesseract\\.js|web-push)(/|$)',
        ],
      },
    },
    {
      name: 'server-production-imports-no-test-code',
      comment:
        "The server's test support lives in src/test/ (the harness, each domain's helpers, the " +
        'Anki package builder), beside *.fixtures.ts; production code (neither a *.test.ts ' +
        'nor under src/test/) never imports them or vitest, so none of it ships.',
      severity: 'error',
      from: {
        path: '^packages/server/src/',
        pathNot: ['\\.test\\.ts$', '^packages/server/src/test/'],
      },
      to: {
        path: ['^packages/server/src/test/', '\\.fixtures\\.ts$', '(^|/)node_modules/(@?vitest)/'],
      },
    },
    {
      name: 'server-never-imports-ui-or-features',
      severity: 'error',
      from: { path: '^packages/server/' },
      to: { path: '^packages/(ui|features)/' },
    },
    {
      name: 'server-imports-only-contract-types-from-api',
      comment:
        'The server may read the generated contract types (packages/api/src/schema.d.ts) and the ' +
        "note rules both sides run (packages/api/src/notes/, e.g. the type-in answer's diff) and " +
        'the FSRS scheduling (packages/api/src/scheduling/) and the Major-System conversion ' +
        '(packages/api/src/major-system/), both also run offline in the browser.',
      severity: 'error',
      from: { path: '^packages/server/' },
      to: {
        path: '^packages/api/',
        pathNot: [
          '^packages/api/src/schema\\.d\\.ts$',
          '^packages/api/src/notes/',
          '^packages/api/src/scheduling/',
          '^packages/api/src/major-system/',
        ],
      },
    },
    {
      name: 'api-notes-import-nothing',
      comment:
        'packages/api/src/notes/ runs in the server too: pure rules with no imports (no React, no ' +
        'client, no browser), tests aside.',
      severity: 'error',
      from: { path: '^packages/api/src/notes/', pathNot: '\\.test\\.ts$' },
      to: { pathNot: '^packages/api/src/notes/' },
    },
    {
      name: 'api-scheduling-imports-only-ts-fsrs',
      comment:
        'packages/api/src/scheduling/ is the FSRS scheduling the server and the offline review both ' +
        'run (docs/features/offline.md): pure, ts-fsrs and nothing else, tests aside.',
      severity: 'error',
      from: { path: '^packages/api/src/scheduling/', pathNot: '\\.test\\.ts$' },
      to: { pathNot: ['^packages/api/src/scheduling/', '(^|/)node_modules/ts-fsrs/'] },
    },
    {
      name: 'api-major-system-imports-nothing',
      comment:
        'packages/api/src/major-system/ is the number-to-words conversion the server and the ' +
        'offline conversion table both run (docs/features/offline.md): pure, no imports, tests aside.',
      severity: 'error',
      from: { path: '^packages/api/src/major-system/', pathNot: '\\.test\\.ts$' },
      to: { pathNot: '^packages/api/src/major-system/' },
    },
    {
      name: 'server-imports-contract-types-as-types-only',
      severity: 'error',
      from: { path: '^packages/server/' },
      to: { path: '^packages/api/src/schema\\.d\\.ts$', dependencyTypesNot: ['type-only'] },
    },
  ],
  options: {
    doNotFollow: { path: 'node_modules' },
    exclude: { path: '^tests/fixtures/deps(-server)?/' },
    // Type-only imports count (they are still a dependency) and are marked as such.
    tsPreCompilationDeps: true,
    enhancedResolveOptions: {
      extensions: ['.ts', '.tsx', '.d.ts', '.mjs', '.js', '.cjs'],
      exportsFields: ['exports'],
      conditionNames: ['import', 'types', 'default'],
      mainFields: ['module', 'main', 'types'],
    },
    reporterOptions: { text: { highlightFocused: true } },
  },
};
