import { vars } from '@memoria/ui/theme';
import { keyframes, style } from '@vanilla-extract/css';

export const grid = style({
  display: 'grid',
  gridTemplateColumns: 'repeat(auto-fit, minmax(min(100%, 280px), 1fr))',
  gap: vars.space.lg,
  alignItems: 'stretch',
  selectors: { '&[hidden]': { display: 'none' } },
});

export const card = style({
  position: 'relative',
  display: 'flex',
  flexDirection: 'column',
  gap: vars.space.md,
  padding: vars.space.xl,
  border: `1px solid ${vars.color.divider}`,
  borderRadius: vars.radius.lg,
  background: vars.color.surface,
  boxShadow: vars.shadow.sm,
});

export const highlighted = style({
  border: `2px solid ${vars.color.primary}`,
  boxShadow: vars.shadow.md,
});

export const badge = style({
  position: 'absolute',
  top: 0,
  insetInlineEnd: vars.space.lg,
  transform: 'translateY(-50%)',
  padding: `${vars.space.xs} ${vars.space.md}`,
  borderRadius: vars.radius.pill,
  background: vars.color.secondary,
  color: vars.color.onSecondary,
  fontSize: vars.fontSize.xs,
  fontWeight: vars.fontWeight.bold,
  letterSpacing: '0.02em',
});

export const name = style({ margin: 0, fontSize: vars.fontSize.xl });

export const description = style({ margin: 0, color: vars.color.textMuted });

export const priceBlock = style({ display: 'grid', gap: vars.space.xs });

/** As tall as a figure, so prices and billing lines align across cards. */
export const priceRow = style({
  display: 'flex',
  alignItems: 'flex-end',
  minHeight: '3.3rem',
  margin: 0,
});

export const price = style({
  fontSize: vars.fontSize.display,
  fontWeight: vars.fontWeight.bold,
  letterSpacing: '-0.03em',
  lineHeight: 1.1,
});

export const priceText = style({
  fontSize: vars.fontSize.xxl,
  fontWeight: vars.fontWeight.bold,
  letterSpacing: '-0.02em',
  lineHeight: 1.2,
});

const pulse = keyframes({ '0%, 100%': { opacity: 1 }, '50%': { opacity: 0.45 } });

/** A price still loading: the design system's Skeleton bone, as tall as a figure. */
export const priceBone = style({
  display: 'block',
  width: '7rem',
  height: '2.8rem',
  borderRadius: vars.radius.sm,
  backgroundColor: vars.color.divider,
  animation: `${pulse} 1.6s ease-in-out infinite`,
  '@media': { '(prefers-reduced-motion: reduce)': { animation: 'none' } },
});

/** The failed read of the plans: the message and Retry, in place of the cards. */
export const failure = style({
  display: 'grid',
  gap: vars.space.md,
  justifyItems: 'start',
  selectors: { '&[hidden]': { display: 'none' } },
});

export const priceUnit = style({ color: vars.color.text, fontWeight: vars.fontWeight.bold });

export const billing = style({
  margin: 0,
  fontSize: vars.fontSize.sm,
  color: vars.color.textMuted,
});

export const features = style({
  display: 'grid',
  gap: vars.space.sm,
  margin: 0,
  padding: 0,
  listStyle: 'none',
  alignContent: 'start',
  flexGrow: 1,
});

export const feature = style({ display: 'flex', alignItems: 'flex-start', gap: vars.space.sm });

export const check = style({
  flexShrink: 0,
  width: '20px',
  height: '20px',
  marginTop: '2px',
  color: vars.color.success,
});

export const action = style({ width: '100%' });
