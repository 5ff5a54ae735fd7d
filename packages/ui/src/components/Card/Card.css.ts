import { style, styleVariants } from '@vanilla-extract/css';
import { vars } from '../../theme/contract.css.ts';

export const card = style({
  display: 'flex',
  flexDirection: 'column',
  gap: vars.space.sm,
  minWidth: 0,
  borderRadius: vars.radius.lg,
  color: vars.color.text,
  overflow: 'hidden',
});

export const variant = styleVariants({
  elevated: {
    backgroundColor: vars.color.surface,
    boxShadow: vars.shadow.md,
    border: `1px solid ${vars.color.divider}`,
  },
  outlined: { backgroundColor: vars.color.surface, border: `1px solid ${vars.color.divider}` },
  filled: { backgroundColor: vars.color.surfaceAlt },
});

/** Feature colours (light in both themes): text switches to `onFeature`. */
export const accent = styleVariants({
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

export const padding = styleVariants({
  none: { padding: 0 },
  sm: { padding: vars.space.md },
  md: { padding: vars.space.lg },
});

export const header = style({ display: 'flex', alignItems: 'flex-start', gap: vars.space.md });

export const headerText = style({
  display: 'grid',
  gap: vars.space.xs,
  flex: '1 1 auto',
  minWidth: 0,
});

export const title = style({
  margin: 0,
  fontSize: vars.fontSize.lg,
  fontWeight: vars.fontWeight.bold,
});

export const subtitle = style({ margin: 0, fontSize: vars.fontSize.sm, opacity: 0.85 });

export const subtitleMuted = style({ color: vars.color.textMuted, opacity: 1 });

export const footer = style({
  display: 'flex',
  gap: vars.space.sm,
  marginTop: 'auto',
  paddingTop: vars.space.sm,
});

export const interactive = style({
  textDecoration: 'none',
  transition: `box-shadow ${vars.motion.fast} ${vars.motion.easing}, transform ${vars.motion.fast} ${vars.motion.easing}`,
  selectors: {
    '&:hover': { boxShadow: vars.shadow.lg },
  },
});
