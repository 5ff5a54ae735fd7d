import type { ColorTokens } from './tokens.ts';

/** WCAG 2.2 relative luminance and contrast ratio for `#rrggbb` colours. */
function channel(value: number): number {
  const c = value / 255;
  return c <= 0.04045 ? c / 12.92 : ((c + 0.055) / 1.055) ** 2.4;
}

export function luminance(hex: string): number {
  const m = /^#([0-9a-f]{6})$/i.exec(hex);
  if (!m?.[1]) throw new Error(`Not a #rrggbb colour: ${hex}`);
  const n = Number.parseInt(m[1], 16);
  return (
    0.2126 * channel((n >> 16) & 255) + 0.7152 * channel((n >> 8) & 255) + 0.0722 * channel(n & 255)
  );
}

export function contrastRatio(a: string, b: string): number {
  const [hi, lo] = [luminance(a), luminance(b)].sort((x, y) => y - x) as [number, number];
  return (hi + 0.05) / (lo + 0.05);
}

/** WCAG 1.4.3: normal text. */
export const BODY_TEXT = 4.5;
/** WCAG 1.4.11 and 1.4.3: non-text (focus ring, control boundaries) and large text. */
export const UI_CONTRAST = 3;

type Key = keyof ColorTokens;

/**
 * [foreground, background, minimum ratio]: the colour pairs the components rely on, checked in
 * both themes by `contrast.test.ts` and listed with their ratios on the Foundations page.
 */
export const CONTRAST_PAIRS: readonly [Key, Key, number][] = [
  ['text', 'background', BODY_TEXT],
  ['text', 'surface', BODY_TEXT],
  ['text', 'surfaceAlt', BODY_TEXT],
  ['textMuted', 'background', BODY_TEXT],
  ['textMuted', 'surface', BODY_TEXT],
  ['textMuted', 'surfaceAlt', BODY_TEXT],
  ['onPrimary', 'primary', BODY_TEXT],
  ['onSecondary', 'secondary', BODY_TEXT],
  ['onDanger', 'danger', BODY_TEXT],
  ['primaryText', 'background', BODY_TEXT], // text buttons, links
  ['primaryText', 'surface', BODY_TEXT],
  ['primaryText', 'surfaceAlt', BODY_TEXT],
  ['primary', 'background', UI_CONTRAST], // filled controls' boundary
  ['primary', 'surface', UI_CONTRAST],
  ['secondary', 'surface', BODY_TEXT],
  ['danger', 'background', BODY_TEXT], // error text
  ['danger', 'surface', BODY_TEXT],
  ['success', 'surface', BODY_TEXT],
  ['warning', 'surface', BODY_TEXT],
  ['onFeature', 'featureSpacedRepetition', BODY_TEXT],
  ['onFeature', 'featureDuels', BODY_TEXT],
  ['onFeature', 'featureMacroImages', BODY_TEXT],
  ['onFeature', 'featureConversionTable', BODY_TEXT],
  ['focus', 'background', UI_CONTRAST],
  ['focus', 'surface', UI_CONTRAST],
  ['focus', 'surfaceAlt', UI_CONTRAST],
  ['border', 'background', UI_CONTRAST],
  ['border', 'surface', UI_CONTRAST],
  ['border', 'surfaceAlt', UI_CONTRAST],
];
