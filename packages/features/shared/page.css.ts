import { vars } from '@memoria/ui';
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
