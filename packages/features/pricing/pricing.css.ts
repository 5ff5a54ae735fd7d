import { vars } from '@memoria/ui/theme';
import { style } from '@vanilla-extract/css';

/** In-app pricing (signed in): the three plans as cards, like the public page's. */
export const grid = style({
  listStyle: 'none',
  margin: 0,
  padding: 0,
  paddingTop: vars.space.md,
  display: 'grid',
  gridTemplateColumns: 'repeat(auto-fit, minmax(min(100%, 260px), 1fr))',
  gap: vars.space.lg,
  alignItems: 'stretch',
});

export const card = style({
  position: 'relative',
  display: 'flex',
  flexDirection: 'column',
  gap: vars.space.md,
  height: '100%',
  boxSizing: 'border-box',
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

export const current = style({ border: `2px solid ${vars.color.success}` });

export const tag = style({
  position: 'absolute',
  top: 0,
  insetInlineEnd: vars.space.lg,
  transform: 'translateY(-50%)',
  display: 'inline-flex',
  alignItems: 'center',
  gap: vars.space.xs,
  padding: `${vars.space.xs} ${vars.space.md}`,
  borderRadius: vars.radius.pill,
  fontSize: vars.fontSize.xs,
  fontWeight: vars.fontWeight.bold,
  letterSpacing: '0.02em',
});

export const popularTag = style({
  background: vars.color.secondary,
  color: vars.color.onSecondary,
});

/** The current plan: dark text on the success colour would fail contrast; surface + border. */
export const currentTag = style({
  background: vars.color.surface,
  color: vars.color.text,
  border: `2px solid ${vars.color.success}`,
});

export const name = style({ margin: 0, fontSize: vars.fontSize.xl });

export const description = style({ margin: 0, color: vars.color.textMuted });

export const price = style({
  margin: 0,
  display: 'flex',
  alignItems: 'flex-end',
  minHeight: '3.3rem',
  fontSize: vars.fontSize.display,
  fontWeight: vars.fontWeight.bold,
  letterSpacing: '-0.03em',
  lineHeight: 1.1,
});

export const priceText = style({ fontSize: vars.fontSize.xxl, letterSpacing: '-0.02em' });

export const billing = style({
  margin: 0,
  fontSize: vars.fontSize.sm,
  color: vars.color.textMuted,
});

export const unit = style({ color: vars.color.text, fontWeight: vars.fontWeight.bold });

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

export const check = style({ flexShrink: 0, marginTop: '2px', color: vars.color.success });

/** Purchase confirmation. */
export const summary = style({
  display: 'grid',
  gridTemplateColumns: 'auto 1fr',
  gap: `${vars.space.xs} ${vars.space.lg}`,
  margin: 0,
  padding: vars.space.md,
  borderRadius: vars.radius.md,
  background: vars.color.surfaceAlt,
});

export const summaryTerm = style({ color: vars.color.textMuted });

export const summaryValue = style({ margin: 0, fontWeight: vars.fontWeight.bold });

export const sectionTitle = style({
  margin: `${vars.space.md} 0 ${vars.space.xs}`,
  fontSize: vars.fontSize.md,
  fontWeight: vars.fontWeight.bold,
});

export const note = style({
  margin: `${vars.space.xs} 0 0`,
  fontSize: vars.fontSize.sm,
  color: vars.color.textMuted,
});

export const steps = style({
  display: 'grid',
  gap: vars.space.xs,
  margin: 0,
  paddingInlineStart: vars.space.lg,
});

export const error = style({
  margin: `${vars.space.md} 0 0`,
  padding: vars.space.sm,
  borderRadius: vars.radius.sm,
  border: `1px solid ${vars.color.danger}`,
  color: vars.color.text,
  fontWeight: vars.fontWeight.medium,
});

/** Contact Sales form. */
export const form = style({ display: 'grid', gap: vars.space.md });

/** Contact sales' send failure: the message, then Retry under it. */
export const sendFailure = style({ display: 'grid', gap: vars.space.sm, justifyItems: 'start' });

/** In place of Buy now on a plan the account's own includes: said, not offered. */
export const included = style({
  margin: 0,
  paddingBlock: vars.space.sm,
  textAlign: 'center',
  fontWeight: vars.fontWeight.bold,
  color: vars.color.textMuted,
});
