export { vars } from './contract.css.ts';
export { dark, featureColors, light, type ThemeName, type ThemeTokens, themes } from './tokens.ts';
