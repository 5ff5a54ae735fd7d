/** Styles of the note editor and the note types dialog. */
import { vars } from '@memoria/ui/theme';
import { style } from '@vanilla-extract/css';

export const tags = style({ display: 'grid', gap: vars.space.xs });

export const chips = style({
  display: 'flex',
  flexWrap: 'wrap',
  gap: vars.space.xs,
  margin: 0,
  padding: 0,
  listStyle: 'none',
});

export const previews = style({
  display: 'grid',
  gap: vars.space.sm,
  margin: 0,
  padding: 0,
  listStyle: 'none',
});

export const previewHeading = style({
  margin: 0,
  fontSize: vars.fontSize.md,
  fontWeight: vars.fontWeight.bold,
});

export const previewCard = style({
  display: 'grid',
  gridTemplateColumns: 'repeat(auto-fit, minmax(12rem, 1fr))',
  gap: vars.space.sm,
  padding: vars.space.sm,
  border: `1px solid ${vars.color.border}`,
  borderRadius: vars.radius.md,
  backgroundColor: vars.color.surface,
  minWidth: 0,
});

export const previewSide = style({ display: 'grid', gap: vars.space.xs, minWidth: 0 });

export const previewLabel = style({
  fontSize: vars.fontSize.xs,
  fontWeight: vars.fontWeight.medium,
  color: vars.color.textMuted,
});

export const hint = style({ margin: 0, fontSize: vars.fontSize.sm, color: vars.color.textMuted });

export const fieldError = style({
  margin: 0,
  fontSize: vars.fontSize.sm,
  color: vars.color.danger,
});

export const typeRow = style({
  display: 'flex',
  flexWrap: 'wrap',
  alignItems: 'center',
  justifyContent: 'space-between',
  gap: vars.space.sm,
  padding: vars.space.sm,
  borderBottom: `1px solid ${vars.color.border}`,
});

export const typeList = style({ margin: 0, padding: 0, listStyle: 'none' });
