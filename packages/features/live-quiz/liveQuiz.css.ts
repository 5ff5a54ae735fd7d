import { vars } from '@memoria/ui/theme';
import { globalStyle, style, styleVariants } from '@vanilla-extract/css';

export const screen = style({
  display: 'grid',
  gap: vars.space.lg,
  padding: vars.space.lg,
  maxWidth: '72rem',
  margin: '0 auto',
  '@media': { '(max-width: 40rem)': { padding: vars.space.md, gap: vars.space.md } },
});
export const header = style({
  display: 'flex',
  flexWrap: 'wrap',
  justifyContent: 'space-between',
  alignItems: 'baseline',
  gap: vars.space.sm,
});
export const title = style({ margin: 0, fontSize: vars.fontSize.xl });
export const muted = style({ color: vars.color.textMuted, margin: 0 });
/** The code and the question are read from the back of a classroom. */
/** The join address on the projector: read from the back of a classroom. */
export const address = style({ color: vars.color.text, fontSize: vars.fontSize.xl });
export const code = style({
  margin: 0,
  fontSize: 'clamp(3rem, 12vw, 8rem)',
  fontWeight: vars.fontWeight.bold,
  letterSpacing: '0.15em',
  fontVariantNumeric: 'tabular-nums',
  lineHeight: 1,
});
export const prompt = style({
  margin: 0,
  fontSize: 'clamp(1.5rem, 5vw, 3.5rem)',
  fontWeight: vars.fontWeight.bold,
  lineHeight: vars.lineHeight.tight,
  overflowWrap: 'anywhere',
});
export const countdown = style({
  fontSize: 'clamp(1.5rem, 4vw, 3rem)',
  fontWeight: vars.fontWeight.bold,
  fontVariantNumeric: 'tabular-nums',
  margin: 0,
});
export const options = style({
  listStyle: 'none',
  margin: 0,
  padding: 0,
  display: 'grid',
  gridTemplateColumns: 'repeat(auto-fit, minmax(min(100%, 16rem), 1fr))',
  gap: vars.space.md,
});
/** The four answer colours: each option keeps its colour and its number on every screen. */
const tone = {
  0: vars.color.featureDuels,
  1: vars.color.featureSpacedRepetition,
  2: vars.color.featureMacroImages,
  3: vars.color.featureConversionTable,
};
export const optionTone = styleVariants(tone, (color) => ({
  background: color,
  color: vars.color.onFeature,
}));
export const option = style({
  display: 'flex',
  alignItems: 'center',
  gap: vars.space.md,
  padding: vars.space.md,
  borderRadius: vars.radius.md,
  // Small enough that a long word fits a quarter of a projector's width; broken only if not.
  fontSize: 'clamp(1.125rem, 2.5vw, 1.75rem)',
  fontWeight: vars.fontWeight.bold,
  minHeight: '4rem',
  overflowWrap: 'break-word',
  minWidth: 0,
});
export const optionButton = style([
  option,
  {
    width: '100%',
    border: 'none',
    font: 'inherit',
    fontSize: vars.fontSize.lg,
    fontWeight: vars.fontWeight.bold,
    textAlign: 'start',
    cursor: 'pointer',
    ':disabled': { cursor: 'default', opacity: 0.6 },
    ':focus-visible': { outline: `3px solid ${vars.color.focus}`, outlineOffset: 3 },
  },
]);
export const chosen = style({ outline: `4px solid ${vars.color.text}`, outlineOffset: 2 });
export const optionNumber = style({
  display: 'inline-grid',
  placeItems: 'center',
  minWidth: '2em',
  height: '2em',
  borderRadius: vars.radius.pill,
  background: 'rgb(0 0 0 / 0.25)',
  flexShrink: 0,
});
/** One grid for every option's row (subgrid), so the bars line up whatever the texts' widths. */
export const bars = style({
  listStyle: 'none',
  margin: 0,
  padding: 0,
  display: 'grid',
  gridTemplateColumns: 'minmax(8rem, 1fr) 3fr auto',
  columnGap: vars.space.sm,
  rowGap: vars.space.sm,
  '@media': { '(max-width: 40rem)': { gridTemplateColumns: '1fr auto' } },
});
export const bar = style({
  display: 'grid',
  gridColumn: '1 / -1',
  gridTemplateColumns: 'subgrid',
  alignItems: 'center',
  fontSize: vars.fontSize.lg,
});
export const barTrack = style({
  height: '1.5rem',
  background: vars.color.surfaceAlt,
  borderRadius: vars.radius.sm,
  overflow: 'hidden',
  '@media': { '(max-width: 40rem)': { gridColumn: '1 / -1', gridRow: 2 } },
});
export const barFill = style({ height: '100%' });
export const right = style({ color: vars.color.success, fontWeight: vars.fontWeight.bold });
export const wrong = style({ color: vars.color.danger, fontWeight: vars.fontWeight.bold });
export const result = style({
  margin: 0,
  fontSize: vars.fontSize.xl,
  fontWeight: vars.fontWeight.bold,
});
export const names = style({
  listStyle: 'none',
  margin: 0,
  padding: 0,
  display: 'flex',
  flexWrap: 'wrap',
  gap: vars.space.sm,
  fontSize: vars.fontSize.lg,
});
export const name = style({
  padding: `${vars.space.xs} ${vars.space.md}`,
  borderRadius: vars.radius.pill,
  background: vars.color.surfaceAlt,
});
export const tableWrap = style({ overflowX: 'auto', maxWidth: '100%' });
export const table = style({
  width: '100%',
  borderCollapse: 'collapse',
  fontVariantNumeric: 'tabular-nums',
});
globalStyle(`${table} th, ${table} td`, {
  textAlign: 'start',
  padding: `${vars.space.xs} ${vars.space.sm}`,
  borderBottom: `1px solid ${vars.color.divider}`,
});
export const actions = style({
  display: 'flex',
  flexWrap: 'wrap',
  gap: vars.space.sm,
  alignItems: 'center',
});
export const section = style({ display: 'grid', gap: vars.space.sm });
export const sectionTitle = style({ margin: 0, fontSize: vars.fontSize.lg });
export const alert = style({ color: vars.color.danger, margin: 0 });
export const joinForm = style({
  display: 'flex',
  flexWrap: 'wrap',
  gap: vars.space.sm,
  alignItems: 'flex-end',
});
export const list = style({
  listStyle: 'none',
  margin: 0,
  padding: 0,
  display: 'grid',
  gap: vars.space.xs,
});
export const row = style({
  display: 'flex',
  flexWrap: 'wrap',
  gap: vars.space.sm,
  alignItems: 'center',
  justifyContent: 'space-between',
});
