// Packages imported for their side effect alone, with no types of their own: TypeScript 7 checks
// that a side-effect import resolves (noUncheckedSideEffectImports is on by default).

/** The emoji font's CSS only (its `main` is index.css): the duel and training pictures' glyphs. */
declare module '@infolektuell/noto-color-emoji';
