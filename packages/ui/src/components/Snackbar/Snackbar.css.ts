import { keyframes, style, styleVariants } from '@vanilla-extract/css';
import { vars } from '../../theme/contract.css.ts';

const enter = keyframes({
  from: { opacity: 0, transform: 'translate(-50%, 16px)' },
  to: { opacity: 1, transform: 'translate(-50%, 0)' },
});

export const root = style({
  position: 'fixed',
  left: '50%',
  bottom: vars.space.lg,
  transform: 'translateX(-50%)',
  zIndex: vars.zIndex.snackbar,
  display: 'flex',
  alignItems: 'center',
  gap: vars.space.sm,
  minWidth: '288px',
  maxWidth: 'min(560px, calc(100vw - 32px))',
  padding: `${vars.space.sm} ${vars.space.sm} ${vars.space.sm} ${vars.space.md}`,
  borderRadius: vars.radius.md,
  boxShadow: vars.shadow.lg,
  // Inverse surface: the text colour of the theme used as the background.
  backgroundColor: vars.color.text,
  color: vars.color.background,
  animation: `${enter} ${vars.motion.normal} ${vars.motion.easing}`,
  '@media': { '(prefers-reduced-motion: reduce)': { animation: 'none' } },
});

/** Left accent per severity (the text stays on the inverse surface). */
export const severity = styleVariants({
  info: {},
  success: { borderInlineStart: `6px solid ${vars.color.success}` },
  warning: { borderInlineStart: `6px solid ${vars.color.warning}` },
  error: { borderInlineStart: `6px solid ${vars.color.danger}` },
});

export const message = style({
  flex: '1 1 auto',
  fontSize: vars.fontSize.sm,
  padding: `${vars.space.xs} 0`,
});

export const action = style({
  minHeight: '36px',
  padding: `0 ${vars.space.sm}`,
  border: 'none',
  borderRadius: vars.radius.sm,
  background: 'none',
  color: 'inherit',
  fontWeight: vars.fontWeight.bold,
  textTransform: 'uppercase',
  letterSpacing: '0.02em',
  cursor: 'pointer',
  textDecoration: 'underline',
  textUnderlineOffset: '3px',
  selectors: { '&:hover': { backgroundColor: 'rgba(127, 127, 127, 0.2)' } },
});

export const close = style({
  color: 'inherit',
  selectors: { '&:hover:not(:disabled)': { backgroundColor: 'rgba(127, 127, 127, 0.2)' } },
});

export const focusInverse = style({
  selectors: { '&:focus-visible': { outlineColor: vars.color.background } },
});
