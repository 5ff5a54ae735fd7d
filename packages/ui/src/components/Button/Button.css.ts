import { style, styleVariants } from '@vanilla-extract/css';
import { vars } from '../../theme/contract.css.ts';

export const base = style({
  position: 'relative',
  display: 'inline-flex',
  alignItems: 'center',
  justifyContent: 'center',
  gap: vars.space.sm,
  border: '1px solid transparent',
  borderRadius: vars.radius.md,
  fontFamily: vars.font.body,
  fontWeight: vars.fontWeight.medium,
  lineHeight: vars.lineHeight.tight,
  textDecoration: 'none',
  cursor: 'pointer',
  userSelect: 'none',
  whiteSpace: 'nowrap',
  transition: `background-color ${vars.motion.fast} ${vars.motion.easing}, box-shadow ${vars.motion.fast} ${vars.motion.easing}`,
  selectors: {
    '&:disabled, &[aria-disabled="true"]': { cursor: 'not-allowed', opacity: 0.6 },
    '&[aria-busy="true"]': { cursor: 'progress' },
  },
});

export const variant = styleVariants({
  primary: {
    backgroundColor: vars.color.primary,
    color: vars.color.onPrimary,
    boxShadow: vars.shadow.sm,
    selectors: {
      '&:hover:not(:disabled)': { boxShadow: vars.shadow.md, filter: 'brightness(0.95)' },
    },
  },
  secondary: {
    backgroundColor: vars.color.surface,
    color: vars.color.primaryText,
    borderColor: vars.color.border,
    selectors: { '&:hover:not(:disabled)': { backgroundColor: vars.color.surfaceAlt } },
  },
  text: {
    backgroundColor: 'transparent',
    color: vars.color.primaryText,
    selectors: { '&:hover:not(:disabled)': { backgroundColor: vars.color.surfaceAlt } },
  },
  danger: {
    backgroundColor: vars.color.danger,
    color: vars.color.onDanger,
    boxShadow: vars.shadow.sm,
    selectors: {
      '&:hover:not(:disabled)': { boxShadow: vars.shadow.md, filter: 'brightness(0.95)' },
    },
  },
});

export const size = styleVariants({
  sm: { minHeight: '32px', padding: `0 ${vars.space.md}`, fontSize: vars.fontSize.sm },
  md: { minHeight: '40px', padding: `0 ${vars.space.md}`, fontSize: vars.fontSize.md },
  lg: { minHeight: '48px', padding: `0 ${vars.space.lg}`, fontSize: vars.fontSize.lg },
});

export const fullWidth = style({ width: '100%' });

export const icon = style({ display: 'inline-flex', flexShrink: 0 });

/** Keeps the button's width while loading: the label stays in layout but is not painted. */
export const hiddenLabel = style({ opacity: 0 });

export const spinnerOverlay = style({
  position: 'absolute',
  inset: 0,
  display: 'flex',
  alignItems: 'center',
  justifyContent: 'center',
});
