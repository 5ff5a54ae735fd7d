/**
 * Plain theme values (no vanilla-extract), shared by the `*.css.ts` theme files and by the
 * contrast unit test. Colours come from product-spec §2 (primary #1976d2, secondary #9c27b0 and
 * the four feature colours); every text/background pair the components rely on is checked
 * against WCAG 2.2 AA in `contrast.test.ts`.
 */

export interface ColorTokens {
  primary: string;
  onPrimary: string;
  /** Primary-coloured text (links, text buttons) readable on every surface. */
  primaryText: string;
  secondary: string;
  onSecondary: string;
  background: string;
  surface: string;
  surfaceAlt: string;
  text: string;
  textMuted: string;
  /** Boundary of interactive controls (inputs, outlined buttons): at least 3:1 on surfaces. */
  border: string;
  /** Decorative separators (cards, dividers): no contrast requirement. */
  divider: string;
  danger: string;
  onDanger: string;
  success: string;
  warning: string;
  focus: string;
  /** Modal backdrop. */
  scrim: string;
  featureSpacedRepetition: string;
  featureDuels: string;
  featureMacroImages: string;
  featureConversionTable: string;
  /** Text on any of the (light) feature colours, in both themes. */
  onFeature: string;
}

export interface ThemeTokens {
  color: ColorTokens;
  font: { body: string; heading: string; mono: string };
  fontSize: {
    xs: string;
    sm: string;
    md: string;
    lg: string;
    xl: string;
    xxl: string;
    display: string;
  };
  fontWeight: { regular: string; medium: string; bold: string };
  lineHeight: { tight: string; normal: string };
  space: { xs: string; sm: string; md: string; lg: string; xl: string; xxl: string };
  radius: { sm: string; md: string; lg: string; pill: string };
  shadow: { sm: string; md: string; lg: string };
  layout: { sidebarWidth: string; rightPanelWidth: string; rightPanelMinViewport: string };
  motion: { fast: string; normal: string; easing: string };
  zIndex: { dropdown: string; drawer: string; dialog: string; snackbar: string; tooltip: string };
}

/** Spec feature colours (light backgrounds in both themes: text on them is `onFeature`). */
export const featureColors = {
  featureSpacedRepetition: '#E1FF8D',
  featureDuels: '#8DADFF',
  featureMacroImages: '#FF8D8D',
  featureConversionTable: '#8DFFA2',
  onFeature: '#1a1a1a',
} as const;

const shared = {
  font: {
    body: "'Inter Variable', system-ui, -apple-system, 'Segoe UI', Roboto, sans-serif",
    heading: "'Inter Variable', system-ui, -apple-system, 'Segoe UI', Roboto, sans-serif",
    mono: "ui-monospace, 'SFMono-Regular', Menlo, Consolas, monospace",
  },
  fontSize: {
    xs: '0.75rem',
    sm: '0.875rem',
    md: '1rem',
    lg: '1.125rem',
    xl: '1.5rem',
    xxl: '2rem',
    display: '3rem',
  },
  fontWeight: { regular: '400', medium: '500', bold: '700' },
  lineHeight: { tight: '1.25', normal: '1.5' },
  space: { xs: '4px', sm: '8px', md: '16px', lg: '24px', xl: '32px', xxl: '48px' },
  radius: { sm: '4px', md: '8px', lg: '16px', pill: '999px' },
  layout: { sidebarWidth: '260px', rightPanelWidth: '320px', rightPanelMinViewport: '1285px' },
  motion: { fast: '120ms', normal: '200ms', easing: 'cubic-bezier(0.2, 0, 0, 1)' },
  zIndex: { dropdown: '1000', drawer: '1200', dialog: '1300', snackbar: '1400', tooltip: '1500' },
} as const;

export const light: ThemeTokens = {
  ...shared,
  color: {
    primary: '#1976d2',
    onPrimary: '#ffffff',
    primaryText: '#1565c0',
    secondary: '#9c27b0',
    onSecondary: '#ffffff',
    background: '#ffffff',
    surface: '#ffffff',
    surfaceAlt: '#f4f6f8',
    text: '#1a1c1e',
    textMuted: '#5b6168',
    border: '#767b82',
    divider: '#dde1e6',
    danger: '#c62828',
    onDanger: '#ffffff',
    success: '#2e7d32',
    warning: '#a15c00',
    focus: '#1565c0',
    scrim: 'rgba(0, 0, 0, 0.5)',
    ...featureColors,
  },
  shadow: {
    sm: '0 1px 2px rgba(0, 0, 0, 0.12), 0 1px 3px rgba(0, 0, 0, 0.08)',
    md: '0 2px 6px rgba(0, 0, 0, 0.14), 0 4px 12px rgba(0, 0, 0, 0.08)',
    lg: '0 8px 24px rgba(0, 0, 0, 0.18), 0 16px 40px rgba(0, 0, 0, 0.12)',
  },
};

export const dark: ThemeTokens = {
  ...shared,
  color: {
    primary: '#90caf9',
    onPrimary: '#0a1929',
    primaryText: '#90caf9',
    secondary: '#ce93d8',
    onSecondary: '#1f0a24',
    background: '#121212',
    surface: '#1e1e1e',
    surfaceAlt: '#2a2a2a',
    text: '#ececec',
    textMuted: '#b4b4b4',
    border: '#8e8e8e',
    divider: '#3a3a3a',
    danger: '#f28b82',
    onDanger: '#2b0a08',
    success: '#81c995',
    warning: '#fdd663',
    focus: '#90caf9',
    scrim: 'rgba(0, 0, 0, 0.7)',
    ...featureColors,
  },
  shadow: {
    sm: '0 1px 2px rgba(0, 0, 0, 0.5)',
    md: '0 2px 8px rgba(0, 0, 0, 0.55)',
    lg: '0 8px 28px rgba(0, 0, 0, 0.65)',
  },
};

export const themes = { light, dark } as const;
export type ThemeName = keyof typeof themes;
