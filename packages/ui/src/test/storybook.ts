/**
 * The one story helper for the theme × locale × viewport matrix, for every component and island.
 * A story in another theme, language or width is the same story with other Storybook globals
 * (read by `.storybook/preview.tsx`), so its id stays its export name:
 *
 *   export const Dark: Story = inMatrix({ theme: 'dark' }, Default);
 *   export const Phone: Story = inMatrix({ viewport: 'phone' });
 */
export type StoryTheme = 'light' | 'dark';
export type StoryLocale = 'en' | 'es';
export type StoryViewport = 'desktop' | 'laptop' | 'phone';

/** The widths stories are shown at (the app's desktop and phone layouts). */
export const STORY_VIEWPORTS: Record<
  StoryViewport,
  { name: string; width: number; height: number }
> = {
  desktop: { name: 'Desktop 1440', width: 1440, height: 900 },
  laptop: { name: 'Laptop 1280', width: 1280, height: 800 },
  phone: { name: 'Phone 390', width: 390, height: 844 },
};

export interface MatrixCell {
  theme?: StoryTheme;
  locale?: StoryLocale;
  viewport?: StoryViewport;
}

/** The Storybook globals of one cell of the matrix. */
export function matrixGlobals({ theme, locale, viewport }: MatrixCell): Record<string, unknown> {
  return {
    ...(theme ? { theme } : {}),
    ...(locale ? { locale } : {}),
    ...(viewport ? { viewport: { value: viewport, isRotated: false } } : {}),
  };
}

type WithGlobals = { globals: Record<string, unknown> };

/** `story` (default: the meta's story) shown in one cell of the matrix. */
export function inMatrix(cell: MatrixCell): WithGlobals;
export function inMatrix<S extends object>(cell: MatrixCell, story: S): S & WithGlobals;
export function inMatrix(
  cell: MatrixCell,
  story: { globals?: Record<string, unknown> } = {},
): WithGlobals {
  return { ...story, globals: { ...story.globals, ...matrixGlobals(cell) } };
}
