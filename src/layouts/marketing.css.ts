import '@memoria/ui/global.css';
import { vars } from '@memoria/ui/theme';
import { globalStyle, style, styleVariants } from '@vanilla-extract/css';

/** Styles of the marketing layout (header, footer, cookie banner) and shared page pieces. */

const phone = 'screen and (max-width: 600px)';

globalStyle('html', { scrollBehavior: 'smooth', scrollPaddingTop: vars.space.lg });
globalStyle('body', { minHeight: '100vh', display: 'flex', flexDirection: 'column' });

export const visuallyHidden = style({
  position: 'absolute',
  width: '1px',
  height: '1px',
  padding: 0,
  margin: '-1px',
  overflow: 'hidden',
  clip: 'rect(0, 0, 0, 0)',
  whiteSpace: 'nowrap',
  border: 0,
});

export const skipLink = style({
  position: 'absolute',
  insetInlineStart: vars.space.md,
  top: vars.space.sm,
  zIndex: vars.zIndex.tooltip,
  padding: `${vars.space.sm} ${vars.space.md}`,
  borderRadius: vars.radius.md,
  background: vars.color.primary,
  color: vars.color.onPrimary,
  fontWeight: vars.fontWeight.bold,
  transform: 'translateY(-200%)',
  selectors: { '&:focus': { transform: 'none' } },
});

export const container = style({
  width: '100%',
  maxWidth: '1120px',
  marginInline: 'auto',
  paddingInline: vars.space.lg,
  '@media': { [phone]: { paddingInline: vars.space.md } },
});

// Header

export const header = style({
  borderBottom: `1px solid ${vars.color.divider}`,
  background: vars.color.surface,
});

export const headerInner = style([
  container,
  {
    display: 'flex',
    flexWrap: 'wrap',
    alignItems: 'center',
    justifyContent: 'space-between',
    gap: vars.space.sm,
    minHeight: '64px',
    paddingBlock: vars.space.sm,
  },
]);

export const logo = style({
  display: 'inline-flex',
  alignItems: 'center',
  gap: vars.space.sm,
  fontSize: vars.fontSize.xl,
  fontWeight: vars.fontWeight.bold,
  letterSpacing: '-0.02em',
  color: vars.color.text,
  textDecoration: 'none',
});

export const logoMark = style({ width: '32px', height: '32px', flexShrink: 0 });

export const headerActions = style({
  display: 'flex',
  flexWrap: 'wrap',
  alignItems: 'center',
  justifyContent: 'flex-end',
  gap: vars.space.sm,
  marginInlineStart: 'auto',
  // On a phone: logo and switches on the first row, the account links on the second.
  '@media': { [phone]: { display: 'contents' } },
});

export const preferences = style({
  display: 'flex',
  alignItems: 'center',
  gap: vars.space.sm,
  '@media': { [phone]: { marginInlineStart: 'auto' } },
});

export const segmented = style({
  display: 'inline-flex',
  margin: 0,
  padding: '2px',
  listStyle: 'none',
  border: `1px solid ${vars.color.border}`,
  borderRadius: vars.radius.pill,
});

export const segment = style({
  display: 'inline-flex',
  alignItems: 'center',
  justifyContent: 'center',
  minWidth: '40px',
  minHeight: '32px',
  paddingInline: vars.space.sm,
  borderRadius: vars.radius.pill,
  fontSize: vars.fontSize.sm,
  fontWeight: vars.fontWeight.bold,
  color: vars.color.text,
  textDecoration: 'none',
  selectors: {
    '&[aria-current="true"]': { background: vars.color.primary, color: vars.color.onPrimary },
    '&:not([aria-current="true"]):hover': { background: vars.color.surfaceAlt },
  },
});

export const iconButton = style({
  display: 'inline-flex',
  alignItems: 'center',
  gap: vars.space.xs,
  minHeight: '36px',
  paddingInline: vars.space.sm,
  border: `1px solid ${vars.color.border}`,
  borderRadius: vars.radius.pill,
  fontSize: vars.fontSize.sm,
  fontWeight: vars.fontWeight.medium,
  color: vars.color.text,
  textDecoration: 'none',
  selectors: { '&:hover': { background: vars.color.surfaceAlt } },
});

export const icon = style({ width: '20px', height: '20px', flexShrink: 0 });

export const hideOnPhone = style({ '@media': { [phone]: { display: 'none' } } });

export const accountNav = style({
  display: 'flex',
  alignItems: 'center',
  gap: vars.space.sm,
  '@media': { [phone]: { flexBasis: '100%', justifyContent: 'flex-end' } },
});

// Buttons (links styled as buttons)

const buttonBase = style({
  display: 'inline-flex',
  alignItems: 'center',
  justifyContent: 'center',
  gap: vars.space.sm,
  minHeight: '44px',
  paddingInline: vars.space.lg,
  border: '2px solid transparent',
  borderRadius: vars.radius.pill,
  // The same look on a <button> (islands) as on a link.
  fontFamily: 'inherit',
  fontSize: vars.fontSize.md,
  fontWeight: vars.fontWeight.bold,
  lineHeight: 1.2,
  textAlign: 'center',
  textDecoration: 'none',
  cursor: 'pointer',
  transition: `background-color ${vars.motion.fast} ${vars.motion.easing}, box-shadow ${vars.motion.fast} ${vars.motion.easing}`,
});

export const button = styleVariants({
  primary: [
    buttonBase,
    {
      background: vars.color.primary,
      color: vars.color.onPrimary,
      selectors: { '&:hover': { boxShadow: vars.shadow.md } },
    },
  ],
  secondary: [
    buttonBase,
    {
      background: vars.color.secondary,
      color: vars.color.onSecondary,
      selectors: { '&:hover': { boxShadow: vars.shadow.md } },
    },
  ],
  outline: [
    buttonBase,
    {
      background: 'transparent',
      borderColor: vars.color.primaryText,
      color: vars.color.primaryText,
      selectors: { '&:hover': { background: vars.color.surfaceAlt } },
    },
  ],
  text: [
    buttonBase,
    {
      paddingInline: vars.space.md,
      background: 'transparent',
      color: vars.color.text,
      selectors: { '&:hover': { background: vars.color.surfaceAlt } },
    },
  ],
  onAccent: [
    buttonBase,
    {
      background: vars.color.surface,
      color: vars.color.text,
      selectors: { '&:hover': { boxShadow: vars.shadow.lg } },
    },
  ],
});

export const smallButton = style({
  minHeight: '36px',
  paddingInline: vars.space.md,
  fontSize: vars.fontSize.sm,
});

// Main and footer

export const main = style({ flex: '1 0 auto', selectors: { '&:focus': { outline: 'none' } } });

export const footer = style({
  marginTop: vars.space.xxl,
  borderTop: `1px solid ${vars.color.divider}`,
  background: vars.color.surfaceAlt,
  fontSize: vars.fontSize.sm,
});

export const footerInner = style([
  container,
  {
    display: 'flex',
    flexWrap: 'wrap',
    alignItems: 'flex-start',
    justifyContent: 'space-between',
    gap: vars.space.lg,
    paddingBlock: vars.space.xl,
  },
]);

export const footerBrand = style({ display: 'grid', gap: vars.space.xs, maxWidth: '320px' });

export const footerName = style({ fontSize: vars.fontSize.lg, fontWeight: vars.fontWeight.bold });

export const footerText = style({ margin: 0, color: vars.color.textMuted });

export const footerLinks = style({
  display: 'flex',
  flexWrap: 'wrap',
  gap: `${vars.space.sm} ${vars.space.lg}`,
  margin: 0,
  padding: 0,
  listStyle: 'none',
});

export const footerLink = style({
  display: 'inline-block',
  paddingBlock: vars.space.xs,
  color: vars.color.text,
  fontWeight: vars.fontWeight.medium,
  textUnderlineOffset: '3px',
});

export const copyright = style([
  container,
  { paddingBottom: vars.space.xl, color: vars.color.textMuted },
]);

// Cookie banner: fixed at the bottom; hidden before first paint once a choice is stored
// (the inline head script sets `data-consent` on <html>).

export const banner = style({
  position: 'fixed',
  insetInline: vars.space.md,
  bottom: vars.space.md,
  zIndex: vars.zIndex.snackbar,
  display: 'grid',
  gridTemplateColumns: '1fr auto',
  alignItems: 'center',
  gap: `${vars.space.sm} ${vars.space.lg}`,
  maxWidth: '960px',
  marginInline: 'auto',
  padding: vars.space.lg,
  border: `1px solid ${vars.color.divider}`,
  borderRadius: vars.radius.lg,
  background: vars.color.surface,
  color: vars.color.text,
  boxShadow: vars.shadow.lg,
  selectors: { 'html[data-consent] &': { display: 'none' } },
  '@media': {
    'screen and (max-width: 760px)': {
      gridTemplateColumns: '1fr',
      insetInline: vars.space.sm,
      bottom: vars.space.sm,
      padding: vars.space.md,
    },
  },
});

export const bannerText = style({ display: 'grid', gap: vars.space.sm });

export const bannerTitle = style({ margin: 0, fontSize: vars.fontSize.lg });

export const bannerDescription = style({
  margin: 0,
  fontSize: vars.fontSize.sm,
  color: vars.color.textMuted,
});

export const chips = style({
  display: 'flex',
  flexWrap: 'wrap',
  alignItems: 'center',
  gap: vars.space.sm,
  margin: 0,
  padding: 0,
  listStyle: 'none',
});

export const chip = style({
  display: 'inline-flex',
  alignItems: 'center',
  minHeight: '28px',
  paddingInline: vars.space.md,
  borderRadius: vars.radius.pill,
  background: vars.color.surfaceAlt,
  border: `1px solid ${vars.color.divider}`,
  fontSize: vars.fontSize.xs,
  fontWeight: vars.fontWeight.medium,
});

export const bannerLink = style({ fontSize: vars.fontSize.sm, fontWeight: vars.fontWeight.medium });

export const bannerActions = style({
  display: 'flex',
  flexWrap: 'wrap',
  gap: vars.space.sm,
  justifyContent: 'flex-end',
  '@media': { 'screen and (max-width: 760px)': { justifyContent: 'stretch' } },
});

export const bannerButton = style({
  font: 'inherit',
  minHeight: '44px',
  paddingInline: vars.space.lg,
  borderRadius: vars.radius.pill,
  fontWeight: vars.fontWeight.bold,
  cursor: 'pointer',
  '@media': { 'screen and (max-width: 760px)': { flex: '1 1 0' } },
});

export const declineButton = style([
  bannerButton,
  {
    border: `2px solid ${vars.color.border}`,
    background: 'transparent',
    color: vars.color.text,
    selectors: { '&:hover': { background: vars.color.surfaceAlt } },
  },
]);

export const acceptButton = style([
  bannerButton,
  {
    border: '2px solid transparent',
    background: vars.color.primary,
    color: vars.color.onPrimary,
    selectors: { '&:hover': { boxShadow: vars.shadow.md } },
  },
]);

// Page pieces shared by landing, pricing and terms

export const section = style({ paddingBlock: vars.space.xxl });

export const sectionHeader = style({
  display: 'grid',
  gap: vars.space.sm,
  maxWidth: '680px',
  marginBottom: vars.space.xl,
});

export const sectionTitle = style({
  margin: 0,
  fontSize: vars.fontSize.xxl,
  letterSpacing: '-0.02em',
  '@media': { [phone]: { fontSize: vars.fontSize.xl } },
});

export const sectionSubtitle = style({
  margin: 0,
  fontSize: vars.fontSize.lg,
  color: vars.color.textMuted,
});
