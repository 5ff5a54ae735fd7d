import { createThemeContract } from '@vanilla-extract/css';

/**
 * The theme contract: every component reads its colours, type, spacing, radii, elevation and
 * layout sizes from these CSS variables. Values live in `tokens.ts`; `global.css.ts` binds them
 * to `:root`/`[data-theme="light"]` and `[data-theme="dark"]`.
 */
export const vars = createThemeContract({
  color: {
    primary: null,
    onPrimary: null,
    primaryText: null,
    secondary: null,
    onSecondary: null,
    background: null,
    surface: null,
    surfaceAlt: null,
    text: null,
    textMuted: null,
    border: null,
    divider: null,
    danger: null,
    onDanger: null,
    success: null,
    warning: null,
    focus: null,
    scrim: null,
    featureSpacedRepetition: null,
    featureDuels: null,
    featureMacroImages: null,
    featureConversionTable: null,
    onFeature: null,
  },
  font: { body: null, heading: null, mono: null },
  fontSize: { xs: null, sm: null, md: null, lg: null, xl: null, xxl: null, display: null },
  fontWeight: { regular: null, medium: null, bold: null },
  lineHeight: { tight: null, normal: null },
  space: { xs: null, sm: null, md: null, lg: null, xl: null, xxl: null },
  radius: { sm: null, md: null, lg: null, pill: null },
  shadow: { sm: null, md: null, lg: null },
  layout: { sidebarWidth: null, rightPanelWidth: null, rightPanelMinViewport: null },
  motion: { fast: null, normal: null, easing: null },
  zIndex: { dropdown: null, drawer: null, dialog: null, snackbar: null, tooltip: null },
});
