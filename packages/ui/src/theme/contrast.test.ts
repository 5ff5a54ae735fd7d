import { describe, expect, it } from 'vitest';
import { CONTRAST_PAIRS, contrastRatio } from './contrast.ts';
import { themes } from './tokens.ts';

describe.each(Object.entries(themes))('%s theme meets WCAG 2.2 AA', (_name, theme) => {
  it.each(CONTRAST_PAIRS)('%s on %s ≥ %d:1', (fg, bg, min) => {
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
