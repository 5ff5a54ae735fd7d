import { vars } from '@memoria/ui/theme';
import { globalStyle, style, styleVariants } from '@vanilla-extract/css';
import { MOBILE_MAX } from '../shared/page.css.ts';

/** Below MOBILE_MAX the sidebar becomes a drawer and the bottom bar shows (see AppLayout). */
export { MOBILE_MAX };
export const DESKTOP_MIN = 'screen and (min-width: 900px)';
/**
 * Below 380 px the top bar's fixed controls (menu, EN/ES, theme, bell: 210 px with their gaps)
 * leave the search field too little room for its placeholder, so the bar tightens (see `topBar`,
 * `searchField`).
 */
const NARROW_PHONE = 'screen and (max-width: 379.98px)';

// ── sidebar ──────────────────────────────────────────────────────────────────────────────────

export const sidebar = style({
  display: 'flex',
  flexDirection: 'column',
  gap: vars.space.md,
  height: '100%',
  padding: vars.space.md,
  color: vars.color.text,
});

export const brand = style({
  display: 'flex',
  alignItems: 'center',
  gap: vars.space.sm,
  padding: `${vars.space.xs} ${vars.space.sm}`,
  color: vars.color.text,
  textDecoration: 'none',
  fontSize: vars.fontSize.lg,
  fontWeight: vars.fontWeight.bold,
});

export const sectionTitle = style({
  margin: `${vars.space.sm} ${vars.space.sm} ${vars.space.xs}`,
  fontSize: vars.fontSize.xs,
  fontWeight: vars.fontWeight.bold,
  letterSpacing: '0.06em',
  textTransform: 'uppercase',
  color: vars.color.textMuted,
});

export const navList = style({
  listStyle: 'none',
  margin: 0,
  padding: 0,
  display: 'flex',
  flexDirection: 'column',
  gap: 2,
});

export const navItem = style({
  display: 'flex',
  alignItems: 'center',
  gap: vars.space.sm,
  width: '100%',
  minHeight: 40,
  padding: `${vars.space.sm} ${vars.space.sm}`,
  border: 'none',
  borderRadius: vars.radius.md,
  background: 'transparent',
  color: vars.color.text,
  font: 'inherit',
  fontSize: vars.fontSize.sm,
  fontWeight: vars.fontWeight.medium,
  textAlign: 'start',
  textDecoration: 'none',
  cursor: 'pointer',
  selectors: {
    '&:hover': { background: vars.color.surfaceAlt },
    '&[aria-current="page"]': { background: vars.color.surfaceAlt, color: vars.color.primaryText },
  },
});

export const navLabel = style({
  flex: 1,
  minWidth: 0,
  overflow: 'hidden',
  textOverflow: 'ellipsis',
  whiteSpace: 'nowrap',
});

/**
 * Mode names wrap between words, never inside one ("Macroimágen / es"): the label is never
 * narrower than its longest word. The PREMIUM badge stays beside the name on its row (issue 40:
 * it dropped under "Conversion Table" alone); the name wraps instead.
 */
export const modeLabel = style({ flex: '1 1 0', minWidth: 'min-content' });

export const modeRow = style({ flexWrap: 'nowrap', gap: 6 });

/**
 * The PREMIUM badge keeps its width; the name beside it gives way. A tighter badge than elsewhere,
 * so the longest name ("Macroimágenes") fits beside it in the 260 px sidebar (doubled class: it
 * wins over the badge's own tone whatever order the style sheets load in).
 */
export const modeBadge = style({
  flexShrink: 0,
  selectors: {
    '&&': { paddingInline: 5, letterSpacing: '0.02em', fontSize: '0.625rem' },
  },
});

export const panelMuted = style({
  margin: `${vars.space.xs} 0 0`,
  fontSize: vars.fontSize.sm,
  color: vars.color.textMuted,
});

export const panelFailure = style({
  display: 'grid',
  justifyItems: 'start',
  gap: vars.space.sm,
});

export const modeDot = styleVariants({
  duels: { color: vars.color.onFeature, background: vars.color.featureDuels },
  spacedRepetition: { color: vars.color.onFeature, background: vars.color.featureSpacedRepetition },
  macroImages: { color: vars.color.onFeature, background: vars.color.featureMacroImages },
  conversionTable: { color: vars.color.onFeature, background: vars.color.featureConversionTable },
});

export const modeIcon = style({
  display: 'inline-flex',
  alignItems: 'center',
  justifyContent: 'center',
  width: 28,
  height: 28,
  borderRadius: vars.radius.sm,
  flexShrink: 0,
});

/** Stretched, so that a long title ends in an ellipsis at the sidebar's edge (`navLabel`). */
export const historyItem = style([
  navItem,
  { alignItems: 'stretch', flexDirection: 'column', gap: 0, minHeight: 0 },
]);

export const historyMeta = style({
  fontSize: vars.fontSize.xs,
  fontWeight: vars.fontWeight.regular,
  color: vars.color.textMuted,
});

export const muted = style({
  margin: 0,
  padding: `0 ${vars.space.sm}`,
  fontSize: vars.fontSize.sm,
  color: vars.color.textMuted,
});

export const spacer = style({ flex: 1 });

export const divider = style({
  border: 'none',
  borderTop: `1px solid ${vars.color.divider}`,
  margin: `${vars.space.xs} 0`,
});

// ── top bar ──────────────────────────────────────────────────────────────────────────────────

export const topBar = style({
  display: 'flex',
  alignItems: 'center',
  gap: vars.space.sm,
  height: 64,
  padding: `0 ${vars.space.md}`,
  color: vars.color.text,
  '@media': { [NARROW_PHONE]: { gap: vars.space.xs, padding: `0 ${vars.space.sm}` } },
});

export const mobileOnly = style({ '@media': { [DESKTOP_MIN]: { display: 'none' } } });
export const desktopOnly = style({ '@media': { [MOBILE_MAX]: { display: 'none' } } });

export const topBarActions = style({
  display: 'flex',
  alignItems: 'center',
  gap: vars.space.xs,
  marginInlineStart: 'auto',
});

// No `overflow: hidden` here: it would cut off the options' focus rings (WCAG 2.4.7); the end
// options round their own corners instead.
export const languageSwitch = style({
  display: 'inline-flex',
  border: `1px solid ${vars.color.border}`,
  borderRadius: vars.radius.pill,
});

export const languageOption = style({
  minWidth: 40,
  minHeight: 32,
  padding: `0 ${vars.space.sm}`,
  border: 'none',
  background: 'transparent',
  color: vars.color.text,
  font: 'inherit',
  fontSize: vars.fontSize.xs,
  fontWeight: vars.fontWeight.bold,
  cursor: 'pointer',
  selectors: {
    '&[aria-pressed="true"]': { background: vars.color.primary, color: vars.color.onPrimary },
    '&:hover:not([aria-pressed="true"])': { background: vars.color.surfaceAlt },
    '&:first-child': {
      borderStartStartRadius: vars.radius.pill,
      borderEndStartRadius: vars.radius.pill,
    },
    '&:last-child': {
      borderStartEndRadius: vars.radius.pill,
      borderEndEndRadius: vars.radius.pill,
    },
  },
});

// ── search ───────────────────────────────────────────────────────────────────────────────────

export const search = style({ position: 'relative', flex: 1, maxWidth: 520, minWidth: 0 });

export const searchField = style({
  display: 'flex',
  alignItems: 'center',
  gap: vars.space.sm,
  height: 40,
  padding: `0 ${vars.space.sm}`,
  border: `1px solid ${vars.color.border}`,
  borderRadius: vars.radius.pill,
  background: vars.color.surface,
  color: vars.color.textMuted,
  selectors: { '&:focus-within': { outline: `2px solid ${vars.color.focus}`, outlineOffset: 1 } },
});

// On a narrow phone the field drops its magnifier so that "Search" / "Buscar" fits whole; the
// placeholder and the field's label still say what it is.
globalStyle(`${searchField} > svg`, { '@media': { [NARROW_PHONE]: { display: 'none' } } });

export const searchInput = style({
  flex: 1,
  minWidth: 0,
  height: '100%',
  border: 'none',
  outline: 'none',
  background: 'transparent',
  color: vars.color.text,
  font: 'inherit',
  fontSize: vars.fontSize.sm,
  '::placeholder': { color: vars.color.textMuted },
});

export const kbd = style({
  padding: '1px 6px',
  border: `1px solid ${vars.color.divider}`,
  borderRadius: vars.radius.sm,
  fontSize: vars.fontSize.xs,
  color: vars.color.textMuted,
  whiteSpace: 'nowrap',
  '@media': { [MOBILE_MAX]: { display: 'none' } },
});

export const dropdown = style({
  position: 'absolute',
  insetInline: 0,
  top: 'calc(100% + 6px)',
  zIndex: vars.zIndex.dropdown,
  maxHeight: 360,
  overflowY: 'auto',
  padding: vars.space.xs,
  background: vars.color.surface,
  color: vars.color.text,
  border: `1px solid ${vars.color.divider}`,
  borderRadius: vars.radius.md,
  boxShadow: vars.shadow.lg,
});

export const groupLabel = style({
  margin: 0,
  padding: `${vars.space.sm} ${vars.space.sm} ${vars.space.xs}`,
  fontSize: vars.fontSize.xs,
  fontWeight: vars.fontWeight.bold,
  textTransform: 'uppercase',
  letterSpacing: '0.06em',
  color: vars.color.textMuted,
});

export const option = style({
  display: 'flex',
  alignItems: 'center',
  justifyContent: 'space-between',
  gap: vars.space.sm,
  padding: `${vars.space.sm} ${vars.space.sm}`,
  borderRadius: vars.radius.sm,
  fontSize: vars.fontSize.sm,
  cursor: 'pointer',
  selectors: {
    '&:hover, &[aria-selected="true"]': { background: vars.color.surfaceAlt },
  },
});

export const optionMeta = style({ fontSize: vars.fontSize.xs, color: vars.color.textMuted });

export const searchFailure = style({ padding: vars.space.sm });

export const noResults = style({
  margin: 0,
  padding: vars.space.md,
  fontSize: vars.fontSize.sm,
  color: vars.color.textMuted,
});

// ── notifications ────────────────────────────────────────────────────────────────────────────

/**
 * The bell and what it owns (the Premium modal, the failure snackbar's live region) as one item
 * of the top bar's row: the snackbar's empty live region would otherwise add a gap to that row.
 */
export const bellArea = style({ display: 'flex', alignItems: 'center' });

export const bell = style({
  display: 'inline-flex',
  alignItems: 'center',
  justifyContent: 'center',
  width: 40,
  height: 40,
  borderRadius: vars.radius.pill,
  color: vars.color.text,
});

export const notificationsState = style({
  display: 'flex',
  flexDirection: 'column',
  alignItems: 'flex-start',
  gap: vars.space.sm,
  padding: vars.space.sm,
});

// ── right panel ──────────────────────────────────────────────────────────────────────────────

export const panel = style({
  display: 'flex',
  flexDirection: 'column',
  gap: vars.space.md,
  padding: vars.space.md,
  color: vars.color.text,
});

export const panelCard = style({
  padding: vars.space.md,
  border: `1px solid ${vars.color.divider}`,
  borderRadius: vars.radius.lg,
  background: vars.color.surface,
});

export const panelTitle = style({
  margin: `0 0 ${vars.space.sm}`,
  fontSize: vars.fontSize.sm,
  fontWeight: vars.fontWeight.bold,
});

export const streakValue = style({
  display: 'flex',
  alignItems: 'center',
  gap: vars.space.xs,
  margin: 0,
  fontSize: vars.fontSize.xl,
  fontWeight: vars.fontWeight.bold,
});

export const flame = style({ color: '#e65100' });

export const grid = style({
  display: 'grid',
  gridTemplateColumns: 'repeat(7, 1fr)',
  gap: 4,
  marginTop: vars.space.sm,
  padding: 0,
  listStyle: 'none',
});

export const gridCell = style({
  aspectRatio: '1',
  borderRadius: 4,
  background: vars.color.surfaceAlt,
  border: `1px solid ${vars.color.divider}`,
});

export const gridLevel = styleVariants({
  0: {},
  1: { background: 'color-mix(in srgb, #43a047 35%, transparent)' },
  2: { background: 'color-mix(in srgb, #43a047 65%, transparent)' },
  3: { background: '#2e7d32' },
});

export const chart = style({
  display: 'grid',
  gridTemplateColumns: 'repeat(7, 1fr)',
  alignItems: 'end',
  gap: vars.space.xs,
  height: 120,
  margin: 0,
  padding: 0,
  listStyle: 'none',
});

export const bar = style({
  display: 'flex',
  flexDirection: 'column',
  alignItems: 'center',
  justifyContent: 'flex-end',
  gap: 4,
  height: '100%',
  fontSize: vars.fontSize.xs,
  color: vars.color.textMuted,
});

export const barFill = style({
  width: '100%',
  minHeight: 3,
  borderRadius: `${vars.radius.sm} ${vars.radius.sm} 0 0`,
  background: vars.color.primary,
});

export const friendList = style({
  listStyle: 'none',
  margin: 0,
  padding: 0,
  display: 'flex',
  flexDirection: 'column',
  gap: vars.space.sm,
});

export const friend = style({
  display: 'flex',
  alignItems: 'center',
  gap: vars.space.sm,
  fontSize: vars.fontSize.sm,
});

export const avatar = style({
  display: 'inline-flex',
  alignItems: 'center',
  justifyContent: 'center',
  width: 32,
  height: 32,
  borderRadius: '50%',
  background: vars.color.secondary,
  color: vars.color.onSecondary,
  fontWeight: vars.fontWeight.bold,
  textTransform: 'uppercase',
  flexShrink: 0,
});

export const panelLink = style({
  display: 'inline-block',
  marginTop: vars.space.sm,
  fontSize: vars.fontSize.sm,
  color: vars.color.primaryText,
});

// ── bottom bar ───────────────────────────────────────────────────────────────────────────────

export const bottomBar = style({
  display: 'grid',
  gridTemplateColumns: 'repeat(4, 1fr)',
  height: 64,
  margin: 0,
  padding: 0,
  listStyle: 'none',
});

export const bottomItem = style({
  display: 'flex',
  flexDirection: 'column',
  alignItems: 'center',
  justifyContent: 'center',
  gap: 2,
  height: '100%',
  color: vars.color.textMuted,
  fontSize: vars.fontSize.xs,
  fontWeight: vars.fontWeight.medium,
  textDecoration: 'none',
  selectors: { '&[aria-current="page"]': { color: vars.color.primaryText } },
});

// ── pages ────────────────────────────────────────────────────────────────────────────────────

export const sectionHeading = style({
  margin: 0,
  fontSize: vars.fontSize.lg,
  fontWeight: vars.fontWeight.bold,
});

export const glanceSection = style({
  display: 'grid',
  gap: vars.space.sm,
  justifyItems: 'start',
});

export const glance = style({
  display: 'grid',
  gridTemplateColumns: 'repeat(auto-fit, minmax(160px, 1fr))',
  gap: vars.space.md,
  justifySelf: 'stretch',
  margin: 0,
});

export const glanceFigure = style({
  display: 'flex',
  flexDirection: 'column',
  gap: vars.space.xs,
  padding: vars.space.md,
  border: `1px solid ${vars.color.divider}`,
  borderRadius: vars.radius.lg,
  background: vars.color.surface,
});

export const glanceLabel = style({
  margin: 0,
  color: vars.color.textMuted,
  fontSize: vars.fontSize.sm,
});

export const glanceValue = style({
  margin: 0,
  fontSize: vars.fontSize.xl,
  fontWeight: vars.fontWeight.bold,
});

export const assignedList = style({
  listStyle: 'none',
  margin: 0,
  padding: 0,
  display: 'grid',
  gridTemplateColumns: 'repeat(auto-fill, minmax(240px, 1fr))',
  gap: vars.space.md,
  justifySelf: 'stretch',
});

export const assignedItem = style([glanceFigure, { gap: vars.space.xs }]);

export const modesGrid = style({
  listStyle: 'none',
  margin: 0,
  padding: 0,
  display: 'grid',
  gridTemplateColumns: 'repeat(auto-fill, minmax(240px, 1fr))',
  gap: vars.space.md,
});

export const modeCardBody = style({ margin: 0, fontSize: vars.fontSize.sm });

export const modeCardTop = style({
  display: 'flex',
  alignItems: 'center',
  justifyContent: 'space-between',
  marginBottom: vars.space.sm,
});

globalStyle(`${modesGrid} > li > *`, { height: '100%' });

export const centered = style({
  alignItems: 'center',
  justifyContent: 'center',
  minHeight: '50vh',
  textAlign: 'center',
  gap: vars.space.md,
});

export const centeredIcon = style({ color: vars.color.textMuted });

/** "Offline" / "Updated" in the top bar (empty, and taking no room, while neither shows). */
export const connectionStatus = style({
  display: 'flex',
  alignItems: 'center',
  gap: vars.space.xs,
});
