import { vars } from '@memoria/ui/theme';
import { globalStyle, style } from '@vanilla-extract/css';
import { appPage, MOBILE_MAX } from '../shared/page.css.ts';

// The training island's pieces. Everything wraps or scrolls inside its own box: nothing makes the
// page wider than a phone.

export {
  featureTitle as title,
  muted,
  section,
  sectionTitle,
} from '../shared/page.css.ts';

export const page = style([appPage, { maxWidth: '960px', minWidth: 0 }]);

export const panel = style({
  display: 'grid',
  gap: vars.space.md,
  padding: vars.space.lg,
  borderRadius: vars.radius.lg,
  border: `1px solid ${vars.color.border}`,
  backgroundColor: vars.color.surface,
  minWidth: 0,
  '@media': { [MOBILE_MAX]: { padding: vars.space.md } },
});

export const header = style({
  display: 'flex',
  flexWrap: 'wrap',
  alignItems: 'center',
  justifyContent: 'space-between',
  gap: vars.space.sm,
});

export const phaseTitle = style({ margin: 0, fontSize: vars.fontSize.lg, color: vars.color.text });

export const clock = style({
  fontVariantNumeric: 'tabular-nums',
  fontWeight: vars.fontWeight.bold,
  color: vars.color.text,
});

export const actions = style({ display: 'flex', flexWrap: 'wrap', gap: vars.space.sm });

export const disciplines = style({
  border: 'none',
  margin: 0,
  padding: 0,
  display: 'grid',
  gridTemplateColumns: 'repeat(auto-fit, minmax(160px, 1fr))',
  gap: vars.space.sm,
});

export const discipline = style({
  display: 'grid',
  gap: vars.space.xs,
  padding: vars.space.md,
  borderRadius: vars.radius.md,
  border: `1px solid ${vars.color.border}`,
  color: vars.color.text,
  cursor: 'pointer',
  selectors: {
    '&:has(input:checked)': {
      borderColor: vars.color.primary,
      outline: `1px solid ${vars.color.primary}`,
    },
    '&:has(input:focus-visible)': {
      outline: `2px solid ${vars.color.primary}`,
      outlineOffset: '2px',
    },
  },
});

export const disciplineName = style({ fontWeight: vars.fontWeight.bold });

export const options = style({
  display: 'grid',
  gridTemplateColumns: 'repeat(auto-fit, minmax(200px, 1fr))',
  gap: vars.space.sm,
  alignItems: 'start',
});

export const field = style({ display: 'grid', gap: vars.space.xs, color: vars.color.text });

/** A fieldset of radios as a plain column; each label wraps beside its radio. */
export const choices = style({ border: 'none', margin: 0, padding: 0, minWidth: 0 });
export const choice = style({
  display: 'flex',
  alignItems: 'baseline',
  gap: vars.space.xs,
  overflowWrap: 'anywhere',
});

export const input = style({
  font: 'inherit',
  color: vars.color.text,
  backgroundColor: vars.color.background,
  border: `1px solid ${vars.color.border}`,
  borderRadius: vars.radius.sm,
  padding: vars.space.xs,
  minWidth: 0,
  ':focus-visible': { outline: `2px solid ${vars.color.primary}`, outlineOffset: '1px' },
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
  alignItems: 'baseline',
  justifyContent: 'space-between',
  gap: vars.space.sm,
  color: vars.color.text,
});

// Numbers: rows of digits, in groups that wrap on a phone.
export const digitRows = style({ display: 'grid', gap: vars.space.sm, minWidth: 0 });

export const digitRow = style({
  display: 'flex',
  flexWrap: 'wrap',
  gap: '2px',
  fontFamily: vars.font.mono,
  fontSize: vars.fontSize.lg,
  color: vars.color.text,
});

export const digit = style({
  width: '1.6em',
  textAlign: 'center',
  fontFamily: vars.font.mono,
  fontSize: vars.fontSize.lg,
  padding: '2px 0',
  color: vars.color.text,
  backgroundColor: vars.color.background,
  border: `1px solid ${vars.color.border}`,
  borderRadius: vars.radius.sm,
  ':focus-visible': { outline: `2px solid ${vars.color.primary}` },
});

// Images: each sequence a row of five pictures.
export const sequences = style({
  display: 'grid',
  gap: vars.space.sm,
  listStyle: 'none',
  margin: 0,
  padding: 0,
});

export const sequence = style({
  display: 'flex',
  flexWrap: 'wrap',
  alignItems: 'center',
  gap: vars.space.xs,
});

export const picture = style({
  fontFamily: "'Noto Color Emoji', sans-serif",
  fontSize: '32px',
  lineHeight: 1,
  width: '52px',
  height: '52px',
  display: 'inline-grid',
  placeItems: 'center',
  borderRadius: vars.radius.md,
  border: `1px solid ${vars.color.border}`,
  backgroundColor: vars.color.background,
  color: vars.color.text,
  padding: 0,
  cursor: 'grab',
  touchAction: 'none',
  ':focus-visible': { outline: `2px solid ${vars.color.primary}`, outlineOffset: '2px' },
});

export const selected = style({
  borderColor: vars.color.primary,
  outline: `2px solid ${vars.color.primary}`,
});

// Words and marks: a numbered grid that wraps.
export const grid = style({
  listStyle: 'none',
  margin: 0,
  padding: 0,
  display: 'grid',
  gridTemplateColumns: 'repeat(auto-fill, minmax(150px, 1fr))',
  gap: vars.space.sm,
});

export const cell = style({
  display: 'grid',
  gap: '2px',
  padding: vars.space.xs,
  borderRadius: vars.radius.sm,
  border: `1px solid ${vars.color.border}`,
  color: vars.color.text,
  minWidth: 0,
  overflowWrap: 'anywhere',
});

export const position = style({ color: vars.color.textMuted, fontSize: vars.fontSize.sm });

// Names & Faces.
export const faces = style({
  listStyle: 'none',
  margin: 0,
  padding: 0,
  display: 'grid',
  gridTemplateColumns: 'repeat(auto-fill, minmax(140px, 1fr))',
  gap: vars.space.sm,
});

export const face = style({
  display: 'grid',
  justifyItems: 'center',
  gap: vars.space.xs,
  padding: vars.space.xs,
  borderRadius: vars.radius.md,
  border: `1px solid ${vars.color.border}`,
  color: vars.color.text,
  textAlign: 'center',
  minWidth: 0,
});

export const faceImage = style({ width: '96px', height: '96px' });

// Cards.
export const cards = style({
  listStyle: 'none',
  margin: 0,
  padding: 0,
  display: 'flex',
  flexWrap: 'wrap',
  gap: vars.space.xs,
});

export const card = style({
  display: 'inline-grid',
  placeItems: 'center',
  minWidth: '2.6em',
  padding: `${vars.space.xs} 2px`,
  borderRadius: vars.radius.sm,
  border: `1px solid ${vars.color.border}`,
  backgroundColor: vars.color.background,
  fontWeight: vars.fontWeight.bold,
  font: 'inherit',
  color: vars.color.text,
  ':disabled': { opacity: 0.35 },
  ':focus-visible': { outline: `2px solid ${vars.color.primary}`, outlineOffset: '1px' },
});

export const redCard = style({ color: vars.color.danger });

export const picker = style({
  display: 'grid',
  gap: vars.space.xs,
  padding: vars.space.xs,
  borderRadius: vars.radius.md,
  ':focus-visible': { outline: `2px solid ${vars.color.primary}` },
});

export const correct = style({ color: vars.color.success });
export const wrong = style({ color: vars.color.danger });

export const score = style({
  margin: 0,
  fontSize: vars.fontSize.xl,
  fontWeight: vars.fontWeight.bold,
  color: vars.color.text,
});

export const badge = style({
  display: 'inline-block',
  padding: `2px ${vars.space.sm}`,
  borderRadius: vars.radius.pill,
  backgroundColor: vars.color.primary,
  color: vars.color.onPrimary,
  fontWeight: vars.fontWeight.bold,
  fontSize: vars.fontSize.sm,
});

export const chart = style({ width: '100%', height: 'auto', maxHeight: '200px', display: 'block' });
export const chartLine = style({ fill: 'none', stroke: vars.color.primary, strokeWidth: 2 });
export const chartBar = style({ fill: vars.color.border });
export const chartAxis = style({ stroke: vars.color.divider, strokeWidth: 1 });
export const chartDot = style({
  stroke: vars.color.primary,
  strokeWidth: 7,
  strokeLinecap: 'round',
});

export const digitMarks = style({
  listStyle: 'none',
  margin: 0,
  padding: 0,
  display: 'grid',
  gridTemplateColumns: 'repeat(auto-fill, minmax(64px, 1fr))',
  gap: vars.space.xs,
});
export const figure = style({ margin: 0, display: 'grid', gap: vars.space.xs });
// A fieldset as a plain box (the sequences, the card picker).
globalStyle(`${sequence}:is(fieldset), ${picker}:is(fieldset)`, {
  border: 'none',
  margin: 0,
  minWidth: 0,
});

/** A name field under a face: as wide as the face's cell, never wider (phone width). */
export const faceInput = style([input, { width: '100%', boxSizing: 'border-box' }]);
