import { style, styleVariants } from '@vanilla-extract/css';
import { vars } from '../../theme/contract.css.ts';

export const chip = style({
  display: 'inline-flex',
  alignItems: 'center',
  gap: vars.space.xs,
  minHeight: '32px',
  padding: `0 ${vars.space.md}`,
  borderRadius: vars.radius.pill,
  border: `1px solid ${vars.color.border}`,
  fontSize: vars.fontSize.sm,
  fontWeight: vars.fontWeight.medium,
  lineHeight: 1,
  whiteSpace: 'nowrap',
});

export const interactive = style({
  cursor: 'pointer',
  selectors: {
    '&:hover:not(:disabled)': { filter: 'brightness(0.96)' },
    '&:disabled': { cursor: 'not-allowed', opacity: 0.6 },
  },
});

export const color = styleVariants({
  default: { backgroundColor: vars.color.surfaceAlt, color: vars.color.text },
  primary: {
    backgroundColor: vars.color.primary,
    color: vars.color.onPrimary,
    borderColor: vars.color.primary,
  },
  spacedRepetition: {
    backgroundColor: vars.color.featureSpacedRepetition,
    color: vars.color.onFeature,
  },
  duels: { backgroundColor: vars.color.featureDuels, color: vars.color.onFeature },
  macroImages: { backgroundColor: vars.color.featureMacroImages, color: vars.color.onFeature },
  conversionTable: {
    backgroundColor: vars.color.featureConversionTable,
    color: vars.color.onFeature,
  },
});

export const selected = style({
  backgroundColor: vars.color.primary,
  color: vars.color.onPrimary,
  borderColor: vars.color.primary,
});

export const withDelete = style({ paddingInlineEnd: '2px' });

export const remove = style({
  display: 'inline-flex',
  alignItems: 'center',
  justifyContent: 'center',
  width: '28px',
  height: '28px',
  padding: 0,
  border: 'none',
  borderRadius: '50%',
  background: 'none',
  color: 'inherit',
  cursor: 'pointer',
  selectors: { '&:hover': { backgroundColor: 'rgba(127, 127, 127, 0.25)' } },
});
