import { keyframes, style } from '@vanilla-extract/css';
import { vars } from '../../theme/contract.css.ts';

export const root = style({ display: 'grid', gap: vars.space.xs, width: '100%' });

export const labelRow = style({
  display: 'flex',
  justifyContent: 'space-between',
  fontSize: vars.fontSize.sm,
  color: vars.color.text,
});

export const track = style({
  position: 'relative',
  height: '8px',
  borderRadius: vars.radius.pill,
  backgroundColor: vars.color.surfaceAlt,
  border: `1px solid ${vars.color.border}`,
  overflow: 'hidden',
});

const slide = keyframes({
  from: { transform: 'translateX(-100%)' },
  to: { transform: 'translateX(250%)' },
});

export const bar = style({
  height: '100%',
  backgroundColor: vars.color.primary,
  borderRadius: vars.radius.pill,
  transition: `width ${vars.motion.normal} ${vars.motion.easing}`,
});

export const indeterminate = style({
  width: '40%',
  animation: `${slide} 1.4s ${vars.motion.easing} infinite`,
  '@media': {
    '(prefers-reduced-motion: reduce)': { animation: 'none', width: '100%', opacity: 0.5 },
  },
});
