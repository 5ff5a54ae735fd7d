import { vars } from '@memoria/ui/theme';
import { style } from '@vanilla-extract/css';

export const benefits = style({
  listStyle: 'none',
  margin: `${vars.space.sm} 0 0`,
  padding: 0,
  display: 'grid',
  gap: vars.space.sm,
});

export const benefit = style({
  display: 'flex',
  alignItems: 'center',
  gap: vars.space.sm,
  fontSize: vars.fontSize.sm,
});

export const check = style({ color: vars.color.success, flexShrink: 0 });

export const page = style({
  padding: vars.space.lg,
  display: 'flex',
  flexDirection: 'column',
  gap: vars.space.md,
});

export const heading = style({
  margin: 0,
  fontSize: vars.fontSize.xl,
  fontWeight: vars.fontWeight.bold,
});

export const blank = style({ minHeight: 240 });
