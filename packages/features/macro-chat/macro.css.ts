import { vars } from '@memoria/ui/theme';
import { style } from '@vanilla-extract/css';
import { appPage } from '../shared/page.css.ts';

export const page = style([appPage, { maxWidth: '900px' }]);
export const header = style({
  display: 'flex',
  flexWrap: 'wrap',
  alignItems: 'center',
  justifyContent: 'space-between',
  gap: vars.space.md,
});
export const title = style({
  margin: 0,
  fontFamily: vars.font.heading,
  fontSize: vars.fontSize.xl,
  fontWeight: vars.fontWeight.bold,
  overflowWrap: 'anywhere',
});
export const muted = style({ margin: 0, color: vars.color.textMuted, fontSize: vars.fontSize.sm });
export const list = style({
  listStyle: 'none',
  margin: 0,
  padding: 0,
  display: 'grid',
  gap: vars.space.sm,
});
export const chatRow = style({
  display: 'flex',
  alignItems: 'center',
  justifyContent: 'space-between',
  gap: vars.space.sm,
});
export const chatLink = style({
  color: vars.color.text,
  fontWeight: vars.fontWeight.bold,
  textDecoration: 'none',
  overflowWrap: 'anywhere',
  selectors: { '&:hover': { textDecoration: 'underline' } },
});
export const actions = style({ display: 'flex', flexWrap: 'wrap', gap: vars.space.xs });
export const conversation = style({
  listStyle: 'none',
  margin: 0,
  padding: 0,
  display: 'grid',
  gap: vars.space.md,
});
export const bubble = style({
  padding: vars.space.md,
  borderRadius: vars.radius.lg,
  display: 'grid',
  gap: vars.space.sm,
  whiteSpace: 'pre-wrap',
  overflowWrap: 'anywhere',
});
export const mine = style([
  bubble,
  { background: vars.color.surfaceAlt, marginInlineStart: '15%' },
]);
export const theirs = style([
  bubble,
  {
    background: vars.color.surface,
    border: `1px solid ${vars.color.border}`,
    marginInlineEnd: '10%',
  },
]);
export const storyboard = style({
  display: 'flex',
  flexWrap: 'wrap',
  gap: vars.space.sm,
  listStyle: 'none',
  margin: 0,
  padding: 0,
});
export const frame = style({
  display: 'grid',
  justifyItems: 'center',
  gap: vars.space.xs,
  minWidth: '64px',
  padding: vars.space.xs,
  borderRadius: vars.radius.md,
  border: `1px solid ${vars.color.border}`,
  fontSize: vars.fontSize.sm,
});
// The bundled emoji font (imported by Conversation.tsx), as the image duels draw their pictures:
// a system without a colour emoji font showed empty boxes.
export const picture = style({
  fontFamily: "'Noto Color Emoji', sans-serif",
  fontSize: vars.fontSize.xl,
  lineHeight: 1,
});
export const composer = style({ display: 'grid', gap: vars.space.sm });
