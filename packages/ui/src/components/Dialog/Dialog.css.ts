import { keyframes, style, styleVariants } from '@vanilla-extract/css';
import { vars } from '../../theme/contract.css.ts';

const enter = keyframes({
  from: { opacity: 0, transform: 'translateY(8px) scale(0.98)' },
  to: { opacity: 1, transform: 'none' },
});

export const dialog = style({
  padding: 0,
  border: `1px solid ${vars.color.divider}`,
  borderRadius: vars.radius.lg,
  backgroundColor: vars.color.surface,
  color: vars.color.text,
  boxShadow: vars.shadow.lg,
  width: 'calc(100% - 32px)',
  maxHeight: 'calc(100% - 32px)',
  selectors: {
    '&[open]': {
      display: 'flex',
      flexDirection: 'column',
      animation: `${enter} ${vars.motion.normal} ${vars.motion.easing}`,
    },
    '&::backdrop': { backgroundColor: vars.color.scrim },
  },
  '@media': {
    '(prefers-reduced-motion: reduce)': { selectors: { '&[open]': { animation: 'none' } } },
  },
});

export const size = styleVariants({
  sm: { maxWidth: '400px' },
  md: { maxWidth: '560px' },
  lg: { maxWidth: '800px' },
});

export const header = style({
  display: 'flex',
  alignItems: 'flex-start',
  justifyContent: 'space-between',
  gap: vars.space.md,
  padding: `${vars.space.lg} ${vars.space.lg} ${vars.space.sm}`,
});

export const title = style({
  margin: 0,
  fontSize: vars.fontSize.xl,
  fontWeight: vars.fontWeight.bold,
  lineHeight: vars.lineHeight.tight,
  paddingTop: vars.space.xs,
});

export const description = style({
  margin: `0 ${vars.space.lg}`,
  color: vars.color.textMuted,
});

export const body = style({
  padding: `${vars.space.sm} ${vars.space.lg}`,
  overflowY: 'auto',
  flex: '1 1 auto',
});

export const actions = style({
  display: 'flex',
  flexWrap: 'wrap',
  justifyContent: 'flex-end',
  gap: vars.space.sm,
  padding: `${vars.space.md} ${vars.space.lg} ${vars.space.lg}`,
});
