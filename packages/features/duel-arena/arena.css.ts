import { vars } from '@memoria/ui/theme';
import { style } from '@vanilla-extract/css';
import { MOBILE_MAX } from '../shared/page.css.ts';

// The arena's own pieces; the ones it shares with the other duels screens are `duelStyles`.

export const arena = style({
  display: 'grid',
  gap: vars.space.md,
  padding: vars.space.lg,
  borderRadius: vars.radius.lg,
  border: `1px solid ${vars.color.border}`,
  backgroundColor: vars.color.surface,
  '@media': { [MOBILE_MAX]: { padding: vars.space.md } },
});

export const statusLine = style({
  display: 'flex',
  flexWrap: 'wrap',
  justifyContent: 'space-between',
  gap: vars.space.sm,
  color: vars.color.textMuted,
  fontSize: vars.fontSize.sm,
});

export const prompt = style({
  margin: 0,
  fontSize: vars.fontSize.xl,
  fontWeight: vars.fontWeight.bold,
  color: vars.color.text,
  overflowWrap: 'anywhere',
});

export const choices = style({
  display: 'grid',
  gridTemplateColumns: 'repeat(auto-fit, minmax(220px, 1fr))',
  gap: vars.space.sm,
});

export const items = style({
  listStyle: 'none',
  margin: 0,
  padding: 0,
  display: 'grid',
  gridTemplateColumns: 'repeat(auto-fill, minmax(120px, 1fr))',
  gap: vars.space.sm,
});

export const item = style({
  display: 'grid',
  justifyItems: 'center',
  gap: vars.space.xs,
  padding: vars.space.sm,
  borderRadius: vars.radius.md,
  border: `1px solid ${vars.color.border}`,
  color: vars.color.text,
  textAlign: 'center',
});

export const picture = style({
  fontFamily: "'Noto Color Emoji', sans-serif",
  fontSize: '40px',
  lineHeight: 1,
});

export const digitGrid = style({
  display: 'grid',
  gridTemplateColumns: 'repeat(auto-fill, minmax(96px, 1fr))',
  gap: vars.space.sm,
});

export const correct = style({ color: vars.color.success });

export const wrong = style({ color: vars.color.danger });
