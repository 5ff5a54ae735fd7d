import { describe, expect, it } from 'vitest';
import { contrastRatio } from './contrast.ts';
import { type ColorTokens, themes } from './tokens.ts';

type Key = keyof ColorTokens;
const BODY = 4.5; // WCAG 1.4.3 normal text
const UI = 3; // WCAG 1.4.11 non-text (focus ring, control boundaries) and large text

/** [foreground, background, minimum ratio]: the pairs the components rely on. */
const pairs: [Key, Key, number][] = [
  ['text', 'background', BODY],
  ['text', 'surface', BODY],
  ['text', 'surfaceAlt', BODY],
  ['textMuted', 'background', BODY],
  ['textMuted', 'surface', BODY],
  ['textMuted', 'surfaceAlt', BODY],
  ['onPrimary', 'primary', BODY],
  ['onSecondary', 'secondary', BODY],
  ['onDanger', 'danger', BODY],
  ['primaryText', 'background', BODY], // text buttons, links
  ['primaryText', 'surface', BODY],
  ['primaryText', 'surfaceAlt', BODY],
  ['primary', 'background', UI], // filled controls' boundary
  ['primary', 'surface', UI],
  ['secondary', 'surface', BODY],
  ['danger', 'background', BODY], // error text
  ['danger', 'surface', BODY],
  ['success', 'surface', BODY],
  ['warning', 'surface', BODY],
  ['onFeature', 'featureSpacedRepetition', BODY],
  ['onFeature', 'featureDuels', BODY],
  ['onFeature', 'featureMacroImages', BODY],
  ['onFeature', 'featureConversionTable', BODY],
  ['focus', 'background', UI],
  ['focus', 'surface', UI],
  ['focus', 'surfaceAlt', UI],
  ['border', 'background', UI],
  ['border', 'surface', UI],
  ['border', 'surfaceAlt', UI],
];

describe.each(Object.entries(themes))('%s theme meets WCAG 2.2 AA', (_name, theme) => {
  it.each(pairs)('%s on %s ≥ %d:1', (fg, bg, min) => {
    const ratio = contrastRatio(theme.color[fg], theme.color[bg]);
    expect(ratio, `${fg} ${theme.color[fg]} on ${bg} ${theme.color[bg]}`).toBeGreaterThanOrEqual(
      min,
    );
  });
});

describe('spec colours', () => {
  it('keeps the spec brand and feature colours in the light theme', () => {
    expect(themes.light.color.primary).toBe('#1976d2');
    expect(themes.light.color.secondary).toBe('#9c27b0');
    expect(themes.light.color.featureSpacedRepetition).toBe('#E1FF8D');
    expect(themes.light.color.featureDuels).toBe('#8DADFF');
    expect(themes.light.color.featureMacroImages).toBe('#FF8D8D');
    expect(themes.light.color.featureConversionTable).toBe('#8DFFA2');
  });
});
