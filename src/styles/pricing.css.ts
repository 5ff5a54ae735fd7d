import { vars } from '@memoria/ui/theme';
import { style } from '@vanilla-extract/css';

export const page = style({ paddingBlock: vars.space.xl });

export const back = style({
  display: 'inline-flex',
  alignItems: 'center',
  gap: vars.space.xs,
  minHeight: '44px',
  fontWeight: vars.fontWeight.bold,
  textUnderlineOffset: '3px',
});

export const backIcon = style({ width: '20px', height: '20px' });

export const intro = style({
  display: 'grid',
  gap: vars.space.sm,
  maxWidth: '720px',
  marginBlock: `${vars.space.lg} ${vars.space.xxl}`,
});

export const title = style({
  margin: 0,
  fontSize: 'clamp(2rem, 1.5rem + 2vw, 3rem)',
  fontWeight: 800,
  letterSpacing: '-0.03em',
});

export const subtitle = style({
  margin: 0,
  fontSize: vars.fontSize.lg,
  color: vars.color.textMuted,
});

export const contact = style({
  display: 'grid',
  gap: vars.space.md,
  justifyItems: 'start',
  maxWidth: '720px',
  marginTop: vars.space.xxl,
  padding: vars.space.xl,
  borderRadius: vars.radius.lg,
  border: `1px solid ${vars.color.divider}`,
  background: vars.color.surfaceAlt,
  selectors: { '&:target': { borderColor: vars.color.primary, boxShadow: vars.shadow.md } },
});

export const contactTitle = style({ margin: 0, fontSize: vars.fontSize.xl });

export const contactText = style({ margin: 0 });
