import { style, styleVariants } from '@vanilla-extract/css';
import { vars } from '../../theme/contract.css.ts';

export const anchor = style({ position: 'relative', display: 'inline-flex' });

export const badge = style({
  display: 'inline-flex',
  alignItems: 'center',
  justifyContent: 'center',
  minWidth: '20px',
  height: '20px',
  padding: '0 6px',
  borderRadius: vars.radius.pill,
  fontSize: vars.fontSize.xs,
  fontWeight: vars.fontWeight.bold,
  lineHeight: 1,
  whiteSpace: 'nowrap',
});

export const overlap = style({
  position: 'absolute',
  top: 0,
  insetInlineEnd: 0,
  transform: 'translate(60%, -45%)',
  border: `2px solid ${vars.color.surface}`,
  pointerEvents: 'none',
});

export const tone = styleVariants({
  count: { backgroundColor: vars.color.danger, color: vars.color.onDanger },
  primary: { backgroundColor: vars.color.primary, color: vars.color.onPrimary },
  premium: {
    backgroundColor: vars.color.secondary,
    color: vars.color.onSecondary,
    letterSpacing: '0.06em',
    height: '18px',
    fontSize: '0.6875rem',
  },
});

export const dot = style({ minWidth: '10px', width: '10px', height: '10px', padding: 0 });
