import { keyframes, style, styleVariants } from '@vanilla-extract/css';
import { vars } from '../../theme/contract.css.ts';

const fromLeft = keyframes({ from: { transform: 'translateX(-100%)' }, to: { transform: 'none' } });
const fromRight = keyframes({ from: { transform: 'translateX(100%)' }, to: { transform: 'none' } });

export const drawer = style({
  position: 'fixed',
  top: 0,
  bottom: 0,
  margin: 0,
  padding: 0,
  height: '100%',
  maxHeight: '100%',
  maxWidth: 'calc(100% - 56px)',
  border: 'none',
  backgroundColor: vars.color.surface,
  color: vars.color.text,
  boxShadow: vars.shadow.lg,
  selectors: {
    '&[open]': { display: 'flex', flexDirection: 'column' },
    '&::backdrop': { backgroundColor: vars.color.scrim },
  },
});

export const side = styleVariants({
  left: {
    left: 0,
    right: 'auto',
    selectors: {
      '&[open]': { animation: `${fromLeft} ${vars.motion.normal} ${vars.motion.easing}` },
    },
    '@media': {
      '(prefers-reduced-motion: reduce)': { selectors: { '&[open]': { animation: 'none' } } },
    },
  },
  right: {
    right: 0,
    left: 'auto',
    selectors: {
      '&[open]': { animation: `${fromRight} ${vars.motion.normal} ${vars.motion.easing}` },
    },
    '@media': {
      '(prefers-reduced-motion: reduce)': { selectors: { '&[open]': { animation: 'none' } } },
    },
  },
});

export const header = style({
  display: 'flex',
  alignItems: 'center',
  justifyContent: 'space-between',
  gap: vars.space.sm,
  padding: `${vars.space.md} ${vars.space.sm} ${vars.space.md} ${vars.space.lg}`,
  borderBottom: `1px solid ${vars.color.divider}`,
});

export const title = style({
  margin: 0,
  fontSize: vars.fontSize.lg,
  fontWeight: vars.fontWeight.bold,
});

export const body = style({ flex: '1 1 auto', overflowY: 'auto', padding: vars.space.md });
