/** The product's two languages (English the default); `languageOf` (activities.ts) reads one. */
export type Language = 'en' | 'es';
