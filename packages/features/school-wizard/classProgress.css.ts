import { vars } from '@memoria/ui/theme';
import { style } from '@vanilla-extract/css';

/** The students' table scrolls sideways on a phone instead of squeezing its columns. */
export const tableWrap = style({
  overflowX: 'auto',
  maxWidth: '100%',
  ':focus-visible': { outline: `2px solid ${vars.color.focus}`, outlineOffset: 2 },
});
export const table = style({
  width: '100%',
  borderCollapse: 'collapse',
  fontSize: vars.fontSize.sm,
  fontVariantNumeric: 'tabular-nums',
});
/** Headers wrap (the cells do not): the eight columns then fit the desktop dialog's width. */
export const th = style({
  textAlign: 'start',
  verticalAlign: 'bottom',
  padding: `${vars.space.xs} ${vars.space.sm}`,
  borderBottom: `1px solid ${vars.color.border}`,
});
export const td = style({
  padding: `${vars.space.xs} ${vars.space.sm}`,
  borderBottom: `1px solid ${vars.color.divider}`,
  whiteSpace: 'nowrap',
});
export const sortButton = style({
  font: 'inherit',
  fontWeight: vars.fontWeight.bold,
  color: 'inherit',
  background: 'none',
  border: 'none',
  padding: 0,
  textAlign: 'start',
  cursor: 'pointer',
  ':focus-visible': { outline: `2px solid ${vars.color.focus}`, outlineOffset: 2 },
});
export const sparkline = style({ display: 'block', color: vars.color.primary });
export const low = style({ color: vars.color.danger, fontWeight: vars.fontWeight.bold });
export const notStarted = style({ color: vars.color.textMuted });
export const cards = style({
  listStyle: 'none',
  margin: 0,
  padding: 0,
  display: 'grid',
  gap: vars.space.xs,
});
export const rowHeader = style({ textAlign: 'start', fontWeight: vars.fontWeight.medium });
export const card = style({
  display: 'flex',
  flexWrap: 'wrap',
  justifyContent: 'space-between',
  columnGap: vars.space.md,
  rowGap: vars.space.xs,
  alignItems: 'baseline',
  padding: `${vars.space.xs} ${vars.space.sm}`,
  borderRadius: vars.radius.sm,
  border: `1px solid ${vars.color.border}`,
  overflowWrap: 'anywhere',
});
/** The heat of a card: its share of the class predicted to forget it, as a bar under the text. */
export const heat = style({
  flexBasis: '100%',
  height: 6,
  borderRadius: vars.radius.pill,
  background: vars.color.surfaceAlt,
  overflow: 'hidden',
});
export const heatFill = style({ height: '100%', background: vars.color.danger });
export const toolbar = style({
  display: 'flex',
  flexWrap: 'wrap',
  gap: vars.space.sm,
  alignItems: 'end',
  justifyContent: 'space-between',
});
