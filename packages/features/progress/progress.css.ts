import { vars } from '@memoria/ui/theme';
import { style, styleVariants } from '@vanilla-extract/css';

export const figures = style({
  display: 'grid',
  gridTemplateColumns: 'repeat(auto-fit, minmax(140px, 1fr))',
  gap: vars.space.md,
  margin: 0,
});

export const figure = style({
  display: 'flex',
  flexDirection: 'column-reverse',
  gap: vars.space.xs,
  padding: vars.space.md,
  borderRadius: 8,
  background: vars.color.surfaceAlt,
  border: `1px solid ${vars.color.divider}`,
});

export const figureValue = style({
  margin: 0,
  fontSize: vars.fontSize.xl,
  fontWeight: vars.fontWeight.bold,
});

export const figureLabel = style({ color: vars.color.textMuted });

export const sections = style({
  display: 'grid',
  gridTemplateColumns: 'repeat(auto-fit, minmax(300px, 1fr))',
  gap: vars.space.lg,
});

export const section = style({
  display: 'grid',
  gap: vars.space.sm,
  alignContent: 'start',
  minWidth: 0,
});

export const sectionTitle = style({ margin: 0, fontSize: vars.fontSize.lg });

export const muted = style({ margin: 0, color: vars.color.textMuted });

export const chart = style({ width: '100%', minHeight: 180 });

export const heatmap = style({
  display: 'grid',
  gridAutoFlow: 'column',
  gridTemplateRows: 'repeat(7, 10px)',
  gridAutoColumns: '10px',
  gap: 2,
  overflowX: 'auto',
  // The containing block of the cells' hidden labels (`VisuallyHidden`, absolutely positioned):
  // without it they escape this scroller and widen the page (a phone scrolled sideways).
  position: 'relative',
  padding: 0,
  margin: 0,
  listStyle: 'none',
});

export const calendar = style({
  display: 'grid',
  gridTemplateColumns: 'repeat(7, 1fr)',
  gap: 4,
  padding: 0,
  margin: 0,
  listStyle: 'none',
  maxWidth: 280,
});

export const cell = style({
  aspectRatio: '1',
  borderRadius: 2,
  background: vars.color.surfaceAlt,
  border: `1px solid ${vars.color.divider}`,
});

export const level = styleVariants({
  0: {},
  1: { background: 'color-mix(in srgb, #43a047 35%, transparent)' },
  2: { background: 'color-mix(in srgb, #43a047 65%, transparent)' },
  3: { background: '#2e7d32' },
});

export const ranking = style({
  display: 'grid',
  gap: vars.space.xs,
  margin: 0,
  padding: 0,
  listStyle: 'none',
});

export const rankingRow = style({
  display: 'grid',
  gridTemplateColumns: '3ch 1fr auto',
  alignItems: 'baseline',
  gap: vars.space.sm,
  padding: `${vars.space.xs} ${vars.space.sm}`,
  borderRadius: 8,
});

export const rankingMe = style({
  background: vars.color.surfaceAlt,
  border: `1px solid ${vars.color.divider}`,
  fontWeight: vars.fontWeight.bold,
});

export const rankingPlace = style({ fontVariantNumeric: 'tabular-nums' });

export const rankingName = style({ overflow: 'hidden', textOverflow: 'ellipsis' });

export const timeRow = style({
  display: 'flex',
  justifyContent: 'space-between',
  gap: vars.space.sm,
  padding: `${vars.space.xs} ${vars.space.sm}`,
});

// Cards per deck: Anki's colours for new (blue), learning (orange), young and mature (greens).
export const maturityKind = styleVariants({
  new: { background: '#1e88e5' },
  learning: { background: '#ef6c00' },
  young: { background: '#66bb6a' },
  mature: { background: '#2e7d32' },
});

export const maturityTable = style({
  width: '100%',
  // Wider, the bars stretch and the numbers drift away from their deck's name.
  maxWidth: 720,
  borderCollapse: 'collapse',
  fontSize: vars.fontSize.sm,
});

export const maturityDeckHead = style({ textAlign: 'start', verticalAlign: 'bottom' });

export const maturityDeck = style({
  textAlign: 'start',
  fontWeight: vars.fontWeight.regular,
  padding: `${vars.space.xs} ${vars.space.sm} ${vars.space.xs} 0`,
  borderTop: `1px solid ${vars.color.divider}`,
  overflowWrap: 'anywhere',
  width: '100%',
});

export const maturityName = style({ display: 'block', marginBottom: vars.space.xs });

export const maturityNumber = style({
  textAlign: 'end',
  verticalAlign: 'bottom',
  whiteSpace: 'nowrap',
  fontVariantNumeric: 'tabular-nums',
  padding: `${vars.space.xs} 0 ${vars.space.xs} ${vars.space.sm}`,
  borderTop: `1px solid ${vars.color.divider}`,
  selectors: { 'thead &': { borderTop: 'none', fontSize: vars.fontSize.xs } },
});

export const maturitySwatch = style({
  display: 'block',
  width: 10,
  height: 10,
  borderRadius: 2,
  marginInlineStart: 'auto',
  marginBottom: 2,
});

export const maturityBar = style({
  display: 'flex',
  height: 8,
  minWidth: '4rem',
  borderRadius: 4,
  overflow: 'hidden',
  background: vars.color.surfaceAlt,
  border: `1px solid ${vars.color.divider}`,
});
