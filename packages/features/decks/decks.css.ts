import { vars } from '@memoria/ui/theme';
import { globalStyle, style } from '@vanilla-extract/css';
import { appPage } from '../shared/page.css.ts';

export const page = style([appPage, { maxWidth: '1100px' }]);

export const header = style({
  display: 'flex',
  flexWrap: 'wrap',
  alignItems: 'center',
  justifyContent: 'space-between',
  gap: vars.space.md,
});

export const headerText = style({ display: 'grid', gap: vars.space.xs, minWidth: 0 });

export const title = style({
  margin: 0,
  fontFamily: vars.font.heading,
  fontSize: vars.fontSize.xl,
  fontWeight: vars.fontWeight.bold,
  color: vars.color.text,
  overflowWrap: 'anywhere',
});

export const subtitle = style({
  margin: 0,
  color: vars.color.textMuted,
  fontSize: vars.fontSize.sm,
});

export const actions = style({ display: 'flex', flexWrap: 'wrap', gap: vars.space.sm });

export const grid = style({
  listStyle: 'none',
  margin: 0,
  padding: 0,
  display: 'grid',
  gap: vars.space.md,
  gridTemplateColumns: 'repeat(auto-fill, minmax(min(100%, 280px), 1fr))',
});

export const deckCard = style({ height: '100%' });

export const deckLink = style({
  color: vars.color.text,
  textDecoration: 'none',
  fontWeight: vars.fontWeight.bold,
  fontSize: vars.fontSize.lg,
  overflowWrap: 'anywhere',
  selectors: { '&:hover': { textDecoration: 'underline' } },
});

export const deckTop = style({
  display: 'flex',
  alignItems: 'flex-start',
  justifyContent: 'space-between',
  gap: vars.space.sm,
});

export const counts = style({
  display: 'flex',
  flexWrap: 'wrap',
  gap: vars.space.sm,
  margin: `${vars.space.sm} 0 0`,
  padding: 0,
  listStyle: 'none',
});

export const count = style({
  display: 'grid',
  justifyItems: 'start',
  padding: `${vars.space.xs} ${vars.space.sm}`,
  borderRadius: vars.radius.md,
  backgroundColor: vars.color.surfaceAlt,
  minWidth: '64px',
});

export const countValue = style({
  fontSize: vars.fontSize.lg,
  fontWeight: vars.fontWeight.bold,
  color: vars.color.text,
  fontVariantNumeric: 'tabular-nums',
});

export const countLabel = style({ fontSize: vars.fontSize.xs, color: vars.color.textMuted });

export const meta = style({
  display: 'flex',
  flexWrap: 'wrap',
  alignItems: 'center',
  gap: vars.space.sm,
  marginTop: vars.space.sm,
  color: vars.color.textMuted,
  fontSize: vars.fontSize.sm,
});

export const form = style({ display: 'grid', gap: vars.space.md });

/** The note editor as a panel beside a list (the card browser at desktop width). */
export const notePanel = style({
  display: 'grid',
  alignContent: 'start',
  gap: vars.space.md,
  padding: vars.space.md,
  border: `1px solid ${vars.color.divider}`,
  borderRadius: vars.radius.md,
  background: vars.color.surface,
  maxHeight: '80vh',
  overflowY: 'auto',
});

export const notePanelTitle = style({ margin: 0, fontSize: vars.fontSize.lg });

export const notePanelActions = style({
  display: 'flex',
  justifyContent: 'flex-end',
  gap: vars.space.sm,
});

/** The decks and skip reasons of an Anki import's summary. */
export const importList = style({
  margin: 0,
  paddingInlineStart: vars.space.lg,
  display: 'grid',
  gap: vars.space.xs,
});

export const alert = style({
  margin: 0,
  padding: vars.space.sm,
  borderRadius: vars.radius.md,
  color: vars.color.danger,
  border: `1px solid ${vars.color.danger}`,
  fontSize: vars.fontSize.sm,
});

export const note = style({ margin: 0, color: vars.color.textMuted, fontSize: vars.fontSize.sm });

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

export const toolbar = style({
  display: 'flex',
  flexWrap: 'wrap',
  alignItems: 'flex-end',
  gap: vars.space.md,
});

export const search = style({ flex: '1 1 240px' });

export const cardList = style({
  listStyle: 'none',
  margin: 0,
  padding: 0,
  display: 'grid',
  gap: vars.space.sm,
});

export const cardRow = style({
  display: 'grid',
  gridTemplateColumns: 'minmax(0, 1fr) minmax(0, 1fr) auto',
  alignItems: 'center',
  gap: vars.space.md,
  padding: vars.space.md,
  border: `1px solid ${vars.color.border}`,
  borderRadius: vars.radius.md,
  backgroundColor: vars.color.surface,
  '@media': {
    'screen and (max-width: 640px)': { gridTemplateColumns: 'minmax(0, 1fr) auto' },
  },
});

export const cardSide = style({
  display: 'grid',
  gap: vars.space.xs,
  minWidth: 0,
  color: vars.color.text,
  overflowWrap: 'anywhere',
  whiteSpace: 'pre-wrap',
});

export const cardBack = style({
  color: vars.color.textMuted,
  '@media': { 'screen and (max-width: 640px)': { gridColumn: '1', gridRow: '2' } },
});

export const cardMeta = style({
  display: 'flex',
  flexWrap: 'wrap',
  gap: vars.space.xs,
  alignItems: 'center',
  fontSize: vars.fontSize.xs,
  color: vars.color.textMuted,
});

export const rowActions = style({
  display: 'flex',
  gap: vars.space.xs,
  '@media': { 'screen and (max-width: 640px)': { gridColumn: '2', gridRow: '1 / span 2' } },
});

export const thumb = style({
  maxWidth: '120px',
  maxHeight: '80px',
  objectFit: 'contain',
  borderRadius: vars.radius.sm,
});

export const pager = style({
  display: 'flex',
  alignItems: 'center',
  justifyContent: 'center',
  gap: vars.space.md,
  color: vars.color.textMuted,
  fontSize: vars.fontSize.sm,
});

export const section = style({
  display: 'grid',
  gap: vars.space.md,
  padding: vars.space.lg,
  borderRadius: vars.radius.lg,
  backgroundColor: vars.color.surface,
  border: `1px solid ${vars.color.border}`,
  minWidth: 0,
});

export const sectionTitle = style({
  margin: 0,
  fontSize: vars.fontSize.lg,
  fontWeight: vars.fontWeight.bold,
  color: vars.color.text,
});

export const fileList = style({
  listStyle: 'none',
  margin: 0,
  padding: 0,
  display: 'grid',
  gap: vars.space.sm,
});

export const fileItem = style({
  display: 'grid',
  gridTemplateColumns: '56px minmax(0, 1fr) auto',
  alignItems: 'center',
  gap: vars.space.sm,
  padding: vars.space.xs,
  border: `1px solid ${vars.color.border}`,
  borderRadius: vars.radius.md,
});

export const fileThumb = style({
  width: '56px',
  height: '42px',
  objectFit: 'cover',
  borderRadius: vars.radius.sm,
  backgroundColor: vars.color.surfaceAlt,
});

export const fileName = style({
  display: 'grid',
  minWidth: 0,
  fontSize: vars.fontSize.sm,
  color: vars.color.text,
  overflow: 'hidden',
  textOverflow: 'ellipsis',
  whiteSpace: 'nowrap',
});

export const proposals = style({
  listStyle: 'none',
  margin: 0,
  padding: 0,
  display: 'grid',
  gap: vars.space.sm,
});

export const proposal = style({
  display: 'grid',
  gridTemplateColumns: 'auto minmax(0, 1fr) minmax(0, 1fr)',
  alignItems: 'start',
  gap: vars.space.sm,
  padding: vars.space.sm,
  border: `1px solid ${vars.color.border}`,
  borderRadius: vars.radius.md,
  '@media': {
    'screen and (max-width: 640px)': { gridTemplateColumns: 'auto minmax(0, 1fr)' },
  },
});

export const proposalCheck = style({ paddingTop: '30px' });

globalStyle(`${proposalCheck} input`, {
  width: '18px',
  height: '18px',
  accentColor: vars.color.primary,
});

export const proposalBack = style({
  '@media': { 'screen and (max-width: 640px)': { gridColumn: '2' } },
});

/** A cloze proposal spans the front and back columns: its text, then its preview. */
export const clozeProposal = style({
  gridColumn: '2 / -1',
  display: 'grid',
  gap: vars.space.xs,
  minWidth: 0,
});

export const clozePreview = style({
  padding: vars.space.sm,
  borderRadius: vars.radius.md,
  background: vars.color.surfaceAlt,
  color: vars.color.text,
  overflowWrap: 'anywhere',
});

globalStyle(`${clozePreview} mark`, {
  background: vars.color.primary,
  color: vars.color.onPrimary,
  borderRadius: vars.radius.sm,
  padding: '0 2px',
});

/** The output kinds (Make: Cards / Cloze notes), as a row of radios. */
export const outputKinds = style({
  display: 'flex',
  flexWrap: 'wrap',
  alignItems: 'center',
  gap: vars.space.md,
  margin: 0,
  padding: 0,
  border: 'none',
});

export const outputLegend = style({
  float: 'left',
  marginRight: vars.space.sm,
  padding: 0,
  fontSize: vars.fontSize.sm,
  fontWeight: 600,
  color: vars.color.text,
});

export const proposalStatus = style({
  gridColumn: '2 / -1',
  margin: 0,
  fontSize: vars.fontSize.sm,
  color: vars.color.danger,
});

export const proposalSaved = style({ color: vars.color.success });

export const video = style({
  width: '100%',
  maxHeight: '50vh',
  borderRadius: vars.radius.md,
  backgroundColor: '#000',
  objectFit: 'contain',
});

export const hidden = style({ display: 'none' });

export const center = style({ display: 'grid', justifyItems: 'center', gap: vars.space.md });

export const fileInputLabel = style({
  display: 'grid',
  gap: vars.space.xs,
  fontSize: vars.fontSize.sm,
  fontWeight: vars.fontWeight.medium,
  color: vars.color.text,
});

/** The browser's file control: kept for the keyboard and screen readers, hidden on screen. */
export const fileInput = style({
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

/** The label that opens the file control, styled as a secondary button. */
export const filePicker = style({
  display: 'inline-flex',
  alignItems: 'center',
  justifySelf: 'start',
  gap: vars.space.xs,
  minHeight: '40px',
  paddingInline: vars.space.md,
  border: `1px solid ${vars.color.border}`,
  borderRadius: vars.radius.md,
  backgroundColor: vars.color.surface,
  color: vars.color.primaryText,
  fontSize: vars.fontSize.sm,
  fontWeight: vars.fontWeight.medium,
  cursor: 'pointer',
  selectors: { '&:hover': { backgroundColor: vars.color.surfaceAlt } },
});

globalStyle(`${fileInput}:focus-visible + ${filePicker}`, {
  outline: `3px solid ${vars.color.focus}`,
  outlineOffset: '2px',
});

export const visuallyHiddenLive = style({
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

/** The page header's buttons (Import from Anki, New deck), wrapping on a phone. */
export const headerActions = style({
  display: 'flex',
  flexWrap: 'wrap',
  gap: vars.space.sm,
  alignItems: 'center',
});
