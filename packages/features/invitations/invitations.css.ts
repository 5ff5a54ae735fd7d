import { vars } from '@memoria/ui/theme';
import { style } from '@vanilla-extract/css';

export const muted = style({ margin: 0, color: vars.color.textMuted });
export const form = style({ display: 'grid', gap: 12, margin: '16px 0' });
export const list = style({ listStyle: 'none', margin: 0, padding: 0, display: 'grid', gap: 12 });
export const row = style({
  display: 'grid',
  gap: 8,
  padding: 12,
  border: `1px solid ${vars.color.border}`,
  borderRadius: vars.radius.md,
});
export const rowHead = style({ display: 'flex', flexWrap: 'wrap', gap: 8, alignItems: 'center' });
export const actions = style({ display: 'flex', flexWrap: 'wrap', gap: 8 });
export const person = style({ display: 'grid', gap: 2 });
export const name = style({ fontWeight: vars.fontWeight.bold });
