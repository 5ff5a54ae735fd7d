import { vars } from '@memoria/ui/theme';
import { style } from '@vanilla-extract/css';

/** Below this width the app shows its phone layout (drawer and bottom bar). */
export const MOBILE_MAX = 'screen and (max-width: 899.98px)';

/** The frame of an app page's content: the layout's main area has no padding of its own. */
export const appPage = style({
  display: 'grid',
  gap: vars.space.lg,
  padding: vars.space.lg,
  boxSizing: 'border-box',
  '@media': { [MOBILE_MAX]: { padding: vars.space.md } },
  width: '100%',
  marginInline: 'auto',
  minWidth: 0,
});

/** A page's column of sections: its title block, then content (dashboard, not-found, pricing). */
export const page = style({
  display: 'flex',
  flexDirection: 'column',
  gap: vars.space.lg,
  padding: vars.space.lg,
  '@media': { [MOBILE_MAX]: { padding: vars.space.md } },
});

export const pageTitle = style({
  margin: 0,
  fontSize: vars.fontSize.xxl,
  fontWeight: vars.fontWeight.bold,
  lineHeight: vars.lineHeight.tight,
  '@media': { [MOBILE_MAX]: { fontSize: vars.fontSize.xl } },
});

export const pageSubtitle = style({ margin: 0, color: vars.color.textMuted });

/** The title of a feature page set in the app frame (duels, friends). */
export const featureTitle = style({
  margin: 0,
  fontFamily: vars.font.heading,
  fontSize: vars.fontSize.xl,
  fontWeight: vars.fontWeight.bold,
  color: vars.color.text,
});

/** A secondary line: hints, empty lists, subtitles. */
export const muted = style({ margin: 0, color: vars.color.textMuted, fontSize: vars.fontSize.sm });

/** A bordered block of a page (a list with its heading). */
export const section = style({
  display: 'grid',
  gap: vars.space.sm,
  padding: vars.space.md,
  borderRadius: vars.radius.lg,
  border: `1px solid ${vars.color.border}`,
  backgroundColor: vars.color.surface,
  minWidth: 0,
});

export const sectionTitle = style({
  margin: 0,
  fontSize: vars.fontSize.lg,
  fontWeight: vars.fontWeight.bold,
  color: vars.color.text,
});
