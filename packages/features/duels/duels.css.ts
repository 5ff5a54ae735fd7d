import { vars } from '@memoria/ui/theme';
import { globalStyle, style } from '@vanilla-extract/css';
import { appPage } from '../shared/page.css.ts';

// The page pieces duels share with the other app pages.
export {
  featureTitle as title,
  muted,
  section,
  sectionTitle,
} from '../shared/page.css.ts';

export const page = style([appPage, { maxWidth: '960px' }]);

export const modes = style({
  display: 'grid',
  gridTemplateColumns: 'repeat(auto-fit, minmax(200px, 1fr))',
  gap: vars.space.sm,
});

export const mode = style({
  display: 'grid',
  gap: vars.space.xs,
  padding: vars.space.md,
  borderRadius: vars.radius.md,
  border: `1px solid ${vars.color.border}`,
  color: vars.color.text,
  textDecoration: 'none',
  ':hover': { borderColor: vars.color.primary },
  ':focus-visible': { outline: `2px solid ${vars.color.primary}`, outlineOffset: '2px' },
});

export const modeName = style({ fontWeight: vars.fontWeight.bold });

export const list = style({ listStyle: 'none', margin: 0, padding: 0, display: 'grid' });

export const row = style({
  display: 'flex',
  flexWrap: 'wrap',
  alignItems: 'center',
  justifyContent: 'space-between',
  gap: vars.space.sm,
  padding: `${vars.space.sm} 0`,
  borderTop: `1px solid ${vars.color.border}`,
  selectors: { '&:first-child': { borderTop: 'none' } },
});

export const rowText = style({ display: 'grid', minWidth: 0, color: vars.color.text });

export const actions = style({ display: 'flex', flexWrap: 'wrap', gap: vars.space.xs });

export const form = style({ display: 'grid', gap: vars.space.md, maxWidth: '640px' });

export const fieldRow = style({
  display: 'grid',
  gridTemplateColumns: 'repeat(auto-fit, minmax(180px, 1fr))',
  gap: vars.space.sm,
});

/** A row of set-up fields: one with a hint or an error below does not push the others down. */

export const settingsRow = style([fieldRow, { alignItems: 'start' }]);

export const banner = style({ margin: 0, color: vars.color.danger });

/** A checkbox with its label, and its hint under it (a deck duel's "Count my answers as reviews"). */
export const checkField = style({ display: 'grid', gap: vars.space.xs });

export const checkRow = style({
  display: 'flex',
  alignItems: 'center',
  gap: vars.space.sm,
  color: vars.color.text,
  fontSize: vars.fontSize.md,
});

globalStyle(`${checkRow} input`, {
  width: '18px',
  height: '18px',
  accentColor: vars.color.primary,
});

export const checkHint = style({
  margin: 0,
  color: vars.color.textMuted,
  fontSize: vars.fontSize.sm,
});

/** The same pictures on every device: Noto Color Emoji from the product (RecallArena imports it). */

export const digits = style({
  fontFamily: vars.font.mono,
  fontSize: vars.fontSize.xl,
  letterSpacing: '0.1em',
  // A long item (a row of digits, a card sequence) wraps rather than widening the page.
  overflowWrap: 'anywhere',
});

export const result = style({
  margin: 0,
  fontSize: vars.fontSize.xl,
  fontWeight: vars.fontWeight.bold,
  color: vars.color.text,
});

/** The caller's figures: label above value, as many per line as fit. */
export const stats = style({
  display: 'grid',
  gridTemplateColumns: 'repeat(auto-fill, minmax(120px, 1fr))',
  gap: vars.space.sm,
  margin: 0,
});

export const stat = style({
  display: 'grid',
  gap: vars.space.xs,
  // A label that wraps leaves the values of one line level with each other.
  alignContent: 'space-between',
  padding: vars.space.sm,
  borderRadius: vars.radius.md,
  border: `1px solid ${vars.color.border}`,
});

export const statValue = style({
  margin: 0,
  fontSize: vars.fontSize.lg,
  fontWeight: vars.fontWeight.bold,
  color: vars.color.text,
});

/** A kind not played yet: said in words, quieter than a figure. */
export const statNone = style({
  fontSize: vars.fontSize.md,
  fontWeight: vars.fontWeight.regular,
  color: vars.color.textMuted,
});

export const subTitle = style({
  margin: 0,
  fontSize: vars.fontSize.md,
  fontWeight: vars.fontWeight.bold,
  color: vars.color.text,
});

/** A link inside running text (the no-friends hint). */
export const inlineLink = style({
  color: vars.color.primaryText,
  fontWeight: vars.fontWeight.medium,
  textDecoration: 'underline',
  textUnderlineOffset: 2,
});

/** A match's score board: one row per game, the numbers right-aligned. */
export const board = style({ borderCollapse: 'collapse', width: '100%', maxWidth: '640px' });

globalStyle(`${board} th, ${board} td`, {
  padding: `${vars.space.xs} ${vars.space.sm}`,
  textAlign: 'start',
  borderBottom: `1px solid ${vars.color.border}`,
});
