import { vars } from '@memoria/ui/theme';
import { globalStyle, style } from '@vanilla-extract/css';

// Sizes of product-spec §2 and §9: sidebar 260, right panel 320 from 1285 px; phones get a
// drawer and a bottom bar instead of the sidebar (below 900 px).
const MOBILE = 'screen and (max-width: 899.98px)';
const WIDE = 'screen and (min-width: 1285px)';
const BOTTOM_BAR_HEIGHT = 64;

globalStyle('html[data-guard="out"] body', { visibility: 'hidden' });

// The client router swaps app pages inside a view transition, which browsers cross-fade by
// default (about 0.25 s): a learner moving between pages wants the next one at once. Written
// here rather than as `transition:animate="none"`, whose per-page <style> Astro does not hash
// for the Content-Security-Policy.
globalStyle('::view-transition-old(root), ::view-transition-new(root)', { animation: 'none' });

export const skipLink = style({
  position: 'absolute',
  insetInlineStart: vars.space.sm,
  top: -100,
  zIndex: vars.zIndex.tooltip,
  padding: `${vars.space.sm} ${vars.space.md}`,
  borderRadius: vars.radius.md,
  background: vars.color.primary,
  color: vars.color.onPrimary,
  selectors: { '&:focus': { top: vars.space.sm } },
});

export const shell = style({
  display: 'grid',
  gridTemplateColumns: `${vars.layout.sidebarWidth} minmax(0, 1fr)`,
  minHeight: '100vh',
  background: vars.color.background,
  color: vars.color.text,
  '@media': {
    [WIDE]: {
      gridTemplateColumns: `${vars.layout.sidebarWidth} minmax(0, 1fr) ${vars.layout.rightPanelWidth}`,
    },
    [MOBILE]: { gridTemplateColumns: 'minmax(0, 1fr)' },
  },
});

export const sidebar = style({
  position: 'sticky',
  top: 0,
  height: '100vh',
  overflowY: 'auto',
  borderInlineEnd: `1px solid ${vars.color.divider}`,
  background: vars.color.surface,
  '@media': { [MOBILE]: { display: 'none' } },
});

export const center = style({ display: 'flex', flexDirection: 'column', minWidth: 0 });

export const topBar = style({
  position: 'sticky',
  top: 0,
  zIndex: vars.zIndex.dropdown,
  borderBottom: `1px solid ${vars.color.divider}`,
  background: vars.color.surface,
});

export const main = style({
  flex: 1,
  outline: 'none',
  '@media': { [MOBILE]: { paddingBottom: BOTTOM_BAR_HEIGHT } },
});

export const rightPanel = style({
  display: 'none',
  '@media': {
    [WIDE]: {
      display: 'block',
      position: 'sticky',
      top: 0,
      height: '100vh',
      overflowY: 'auto',
      borderInlineStart: `1px solid ${vars.color.divider}`,
      background: vars.color.surface,
    },
  },
});

export const bottomBar = style({
  display: 'none',
  '@media': {
    [MOBILE]: {
      display: 'block',
      position: 'fixed',
      insetInline: 0,
      bottom: 0,
      zIndex: vars.zIndex.dropdown,
      borderTop: `1px solid ${vars.color.divider}`,
      background: vars.color.surface,
    },
  },
});
