import { vars } from '@memoria/ui/theme';
import { globalStyle, style, styleVariants } from '@vanilla-extract/css';
import { appPage } from '../shared/page.css.ts';

export const page = style([appPage, { maxWidth: '760px' }]);

export const top = style({
  display: 'flex',
  flexWrap: 'wrap',
  alignItems: 'center',
  justifyContent: 'space-between',
  gap: vars.space.sm,
});

export const title = style({
  margin: 0,
  fontFamily: vars.font.heading,
  fontSize: vars.fontSize.xl,
  fontWeight: vars.fontWeight.bold,
  color: vars.color.text,
  overflowWrap: 'anywhere',
});

export const counters = style({
  display: 'flex',
  flexWrap: 'wrap',
  gap: vars.space.md,
  margin: 0,
  padding: 0,
  listStyle: 'none',
  color: vars.color.textMuted,
  fontSize: vars.fontSize.sm,
});

export const counterValue = style({
  fontWeight: vars.fontWeight.bold,
  color: vars.color.text,
  fontVariantNumeric: 'tabular-nums',
});

export const card = style({
  display: 'grid',
  gap: vars.space.lg,
  minHeight: '260px',
  alignContent: 'center',
  justifyItems: 'center',
  textAlign: 'center',
  padding: vars.space.xl,
  borderRadius: vars.radius.lg,
  backgroundColor: vars.color.surface,
  border: `1px solid ${vars.color.border}`,
  boxShadow: vars.shadow.sm,
  color: vars.color.text,
  '@media': { 'screen and (max-width: 640px)': { padding: vars.space.md, minHeight: '200px' } },
});

export const side = style({
  margin: 0,
  fontSize: vars.fontSize.xl,
  lineHeight: vars.lineHeight.normal,
  whiteSpace: 'pre-wrap',
  overflowWrap: 'anywhere',
});

export const answer = style({
  display: 'grid',
  gap: vars.space.md,
  justifyItems: 'center',
  width: '100%',
  paddingTop: vars.space.lg,
  borderTop: `1px solid ${vars.color.divider}`,
});

export const image = style({ maxWidth: '100%', maxHeight: '240px', objectFit: 'contain' });

export const ratings = style({
  border: 0,
  margin: 0,
  padding: 0,
  minWidth: 0,
  display: 'grid',
  gridTemplateColumns: 'repeat(4, minmax(0, 1fr))',
  gap: vars.space.sm,
  '@media': {
    'screen and (max-width: 480px)': { gridTemplateColumns: 'repeat(2, minmax(0, 1fr))' },
  },
});

export const rateButton = style({
  display: 'grid',
  justifyItems: 'center',
  gap: '2px',
  padding: `${vars.space.sm} ${vars.space.xs}`,
  minHeight: '64px',
  borderRadius: vars.radius.md,
  border: `2px solid transparent`,
  cursor: 'pointer',
  font: 'inherit',
  color: vars.color.text,
  backgroundColor: vars.color.surfaceAlt,
  selectors: {
    '&:hover': { borderColor: vars.color.border },
    '&:focus-visible': { outline: `3px solid ${vars.color.focus}`, outlineOffset: '2px' },
  },
});

export const rateTone = styleVariants({
  again: { borderBottomColor: vars.color.danger },
  hard: { borderBottomColor: vars.color.warning },
  good: { borderBottomColor: vars.color.success },
  easy: { borderBottomColor: vars.color.primary },
});

export const rateInterval = style({
  fontSize: vars.fontSize.sm,
  color: vars.color.textMuted,
  fontVariantNumeric: 'tabular-nums',
});

export const rateLabel = style({ fontWeight: vars.fontWeight.bold });

/** A touch screen without a hovering pointer has no keyboard to speak of: no key hints there. */
const NO_KEYBOARD = '(hover: none) and (pointer: coarse)';

export const keyHint = style({
  fontSize: vars.fontSize.xs,
  color: vars.color.textMuted,
  fontFamily: vars.font.mono,
  '@media': { [NO_KEYBOARD]: { display: 'none' } },
});

export const bar = style({
  display: 'flex',
  flexWrap: 'wrap',
  justifyContent: 'space-between',
  alignItems: 'center',
  gap: vars.space.sm,
});

export const hint = style({
  margin: 0,
  color: vars.color.textMuted,
  fontSize: vars.fontSize.sm,
  '@media': { [NO_KEYBOARD]: { display: 'none' } },
});

export const live = style({
  position: 'absolute',
  width: '1px',
  height: '1px',
  margin: '-1px',
  padding: 0,
  overflow: 'hidden',
  clip: 'rect(0 0 0 0)',
  whiteSpace: 'nowrap',
  border: 0,
});

export const focusTarget = style({
  selectors: {
    '&:focus-visible': { outline: `3px solid ${vars.color.focus}`, outlineOffset: '4px' },
  },
});

// ── card sides from HTML (CardSide.tsx) ────────────────────────────────────────────────────────

/** A side's pieces, one under the other, as wide as the card allows. */
export const richSide = style({
  display: 'grid',
  gap: vars.space.md,
  justifyItems: 'center',
  width: '100%',
  minWidth: 0,
  fontSize: vars.fontSize.xl,
});

// A side's text as large as the plain sides were (RichContent's own size is for lists and previews).
globalStyle(`${richSide} > div`, {
  fontSize: vars.fontSize.xl,
  lineHeight: vars.lineHeight.normal,
});

export const answerBox = style({
  width: '100%',
  maxWidth: '420px',
  boxSizing: 'border-box',
  padding: `${vars.space.sm} ${vars.space.md}`,
  font: 'inherit',
  fontSize: vars.fontSize.lg,
  fontFamily: vars.font.mono,
  color: vars.color.text,
  backgroundColor: vars.color.background,
  border: `1px solid ${vars.color.border}`,
  borderRadius: vars.radius.md,
  textAlign: 'center',
  ':focus-visible': { outline: `3px solid ${vars.color.focus}`, outlineOffset: '2px' },
});

export const typeDiff = style({
  display: 'grid',
  gap: vars.space.xs,
  justifyItems: 'center',
});

export const typeVerdict = style({
  margin: 0,
  color: vars.color.textMuted,
  fontSize: vars.fontSize.sm,
});

export const diffLine = style({
  fontFamily: vars.font.mono,
  fontSize: vars.fontSize.lg,
  whiteSpace: 'pre-wrap',
  overflowWrap: 'anywhere',
});

/** Anki's colours for the diff, with a mark that does not rely on colour alone. */
export const diffOk = style({ color: vars.color.success });
export const diffExtra = style({
  color: vars.color.danger,
  textDecoration: 'line-through',
});
export const diffMissing = style({
  color: vars.color.textMuted,
  textDecoration: 'underline dotted',
});

export const diffArrow = style({ color: vars.color.textMuted });

export const occlusion = style({ margin: 0, maxWidth: '100%' });

/** The masks' SVG covers exactly the image: the frame is as large as the image it holds. */
export const occlusionFrame = style({
  position: 'relative',
  display: 'inline-block',
  lineHeight: 0,
});

export const occlusionImage = style({ display: 'block', maxWidth: '100%', maxHeight: '60vh' });

export const occlusionPending = style({ width: '240px', height: '160px' });

export const occlusionMasks = style({
  position: 'absolute',
  inset: 0,
  width: '100%',
  height: '100%',
});

const maskStroke = { vectorEffect: 'non-scaling-stroke', strokeWidth: 2 } as const;

/** Another group, covered (hide all, guess one): Anki's pale masks. */
export const maskHidden = style({ ...maskStroke, fill: '#ffeba2', stroke: '#212121' });
/** The group to name: its own colour, so the learner knows which one is asked. */
export const maskAsked = style({ ...maskStroke, fill: '#ff8e8e', stroke: '#212121' });
/** The asked group, answered: its outline over the uncovered image. */
export const maskRevealed = style({
  ...maskStroke,
  fill: 'none',
  stroke: '#d32f2f',
  strokeWidth: 3,
});

/** More and Undo, side by side at every width. */
export const topActions = style({
  display: 'flex',
  alignItems: 'center',
  gap: vars.space.sm,
});

/** The state chip and, when set, the card's flag. */
export const cardChips = style({
  display: 'flex',
  flexWrap: 'wrap',
  alignItems: 'center',
  gap: vars.space.sm,
});

/** Anki's flag colours as a left bar, with the name in text (colour is never the only cue). */
const FLAG_BAR = {
  red: '#d32f2f',
  orange: '#ef6c00',
  green: '#2e7d32',
  blue: '#1565c0',
  pink: '#c2185b',
  turquoise: '#00838f',
  purple: '#6a1b9a',
} as const;

export const flag = style({
  fontSize: vars.fontSize.sm,
  color: vars.color.text,
  borderLeft: `4px solid ${vars.color.border}`,
  paddingLeft: vars.space.xs,
});

for (const [name, colour] of Object.entries(FLAG_BAR)) {
  globalStyle(`${flag}[data-flag="${name}"]`, { borderLeftColor: colour });
}

/** The More menu's trigger, outlined as the Undo button beside it. */
export const moreTrigger = style({
  border: `1px solid ${vars.color.border}`,
  borderRadius: vars.radius.md,
  padding: `${vars.space.xs} ${vars.space.md}`,
  minHeight: '32px',
});

/** The custom-study banner: which session is played, and whether ratings count. */
export const customBanner = style({
  display: 'flex',
  flexDirection: 'column',
  gap: vars.space.xs,
  padding: `${vars.space.sm} ${vars.space.md}`,
  borderRadius: vars.radius.md,
  border: `1px solid ${vars.color.border}`,
  borderInlineStart: `4px solid ${vars.color.primary}`,
  background: vars.color.surfaceAlt,
});

export const customBannerTitle = style({
  margin: 0,
  fontSize: vars.fontSize.md,
  fontWeight: vars.fontWeight.bold,
});

export const customBannerNote = style({
  margin: 0,
  color: vars.color.textMuted,
  fontSize: vars.fontSize.sm,
});
