import { vars } from '@memoria/ui/theme';
import { style } from '@vanilla-extract/css';

export const plan = style({ display: 'grid', gap: vars.space.md, minWidth: 0 });

export const periods = style({
  display: 'flex',
  flexWrap: 'wrap',
  gap: vars.space.sm,
  border: 0,
  padding: 0,
  margin: 0,
});

export const figure = style({ margin: 0, display: 'grid', gap: vars.space.xs });

/** Scales to the dialog's width, down to a phone's. */
export const chart = style({ width: '100%', height: 'auto', display: 'block' });

export const bar = style({ fill: vars.color.primary });

export const curve = style({ fill: 'none', stroke: vars.color.primary, strokeWidth: 2 });

export const marker = style({ stroke: vars.color.textMuted, strokeDasharray: '4 4' });

export const caption = style({ fontSize: vars.fontSize.sm, color: vars.color.textMuted });

export const empty = style({ color: vars.color.textMuted });

export const field = style({ display: 'grid', gap: vars.space.xs });

export const help = style({
  display: 'grid',
  gap: vars.space.sm,
  padding: vars.space.sm,
  border: `1px solid ${vars.color.divider}`,
  borderRadius: vars.radius.md,
});

export const row = style({
  display: 'flex',
  flexWrap: 'wrap',
  alignItems: 'flex-end',
  gap: vars.space.sm,
});
