import { vars } from '@memoria/ui/theme';
import { style } from '@vanilla-extract/css';
import { appPage } from '../shared/page.css.ts';

// One column that never grows past the page: a child that cannot shrink would widen the page's
// implicit `auto` column and make a phone scroll sideways.
export const page = style([appPage, { maxWidth: '1000px', gridTemplateColumns: 'minmax(0, 1fr)' }]);
export const title = style({
  margin: 0,
  fontFamily: vars.font.heading,
  fontSize: vars.fontSize.xl,
  fontWeight: vars.fontWeight.bold,
});
export const subtitle = style({
  margin: 0,
  color: vars.color.textMuted,
  fontSize: vars.fontSize.sm,
});
/** A field and its button on one line while both fit, else the button under the field. */
export const form = style({
  display: 'flex',
  flexWrap: 'wrap',
  gap: vars.space.sm,
  alignItems: 'flex-end',
});
export const field = style({ flex: '1 1 14rem', minWidth: 0 });
export const language = style({ maxWidth: '220px' });
export const results = style({
  listStyle: 'none',
  margin: 0,
  padding: 0,
  display: 'grid',
  gridTemplateColumns: 'minmax(0, 1fr)',
  gap: vars.space.md,
  overflowWrap: 'anywhere',
});
export const number = style({
  fontFamily: vars.font.mono,
  fontWeight: vars.fontWeight.bold,
  overflowWrap: 'anywhere',
});
export const words = style({
  display: 'flex',
  flexWrap: 'wrap',
  gap: vars.space.xs,
  margin: 0,
  padding: 0,
  listStyle: 'none',
});
export const splits = style({
  margin: 0,
  paddingInlineStart: vars.space.lg,
  display: 'grid',
  gap: vars.space.xs,
});
export const part = style({ whiteSpace: 'nowrap' });
export const digits = style({
  fontFamily: vars.font.mono,
  color: vars.color.textMuted,
  marginInlineEnd: vars.space.xs,
});
export const muted = style({ margin: 0, color: vars.color.textMuted, fontSize: vars.fontSize.sm });
export const phrase = style({
  margin: 0,
  overflowWrap: 'anywhere',
  fontSize: vars.fontSize.lg,
  fontWeight: vars.fontWeight.bold,
});
/** The save's own failure under the table (a form banner, not a load failure). */
export const saveError = style({
  display: 'flex',
  flexWrap: 'wrap',
  alignItems: 'center',
  gap: vars.space.sm,
  padding: vars.space.md,
  borderRadius: vars.radius.md,
  border: `1px solid ${vars.color.danger}`,
  color: vars.color.text,
});
export const table = style({
  borderCollapse: 'collapse',
  width: '100%',
  fontSize: vars.fontSize.sm,
});
export const cell = style({
  textAlign: 'start',
  padding: `${vars.space.xs} ${vars.space.sm}`,
  borderBottom: `1px solid ${vars.color.border}`,
});
export const columns = style({
  display: 'grid',
  gap: vars.space.lg,
  gridTemplateColumns: 'repeat(auto-fit, minmax(min(100%, 320px), 1fr))',
  alignItems: 'start',
});
export const ownGrid = style({
  display: 'grid',
  gap: vars.space.sm,
  gridTemplateColumns: 'repeat(auto-fill, minmax(130px, 1fr))',
  margin: 0,
  padding: 0,
  listStyle: 'none',
});
export const ownActions = style({
  display: 'flex',
  flexWrap: 'wrap',
  alignItems: 'center',
  gap: vars.space.sm,
});
export const ownForm = style({ display: 'grid', gap: vars.space.md });
