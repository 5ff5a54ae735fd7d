import { vars } from '@memoria/ui/theme';
import { globalStyle, style } from '@vanilla-extract/css';

/** The subscriptions of the account, one after another, a rule between them. */
export const subscriptionList = style({ listStyle: 'none', margin: 0, padding: 0 });

export const subscriptionItem = style({
  display: 'grid',
  gap: vars.space.sm,
  paddingBlock: vars.space.md,
  borderTop: `1px solid ${vars.color.divider}`,
  selectors: { '&:first-child': { borderTop: 'none', paddingTop: 0 } },
});

export const subscriptionHeading = style({
  margin: 0,
  fontSize: vars.fontSize.md,
  fontWeight: vars.fontWeight.bold,
});

export const dates = style({
  display: 'grid',
  gridTemplateColumns: 'max-content 1fr',
  gap: `${vars.space.xs} ${vars.space.md}`,
  margin: 0,
});

export const date = style({ margin: 0 });

/** The review sound settings: one checkbox a line. */
export const checkList = style({ display: 'grid', gap: vars.space.sm });

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
  margin: 0,
  accentColor: vars.color.primary,
});

export const checkNote = style({
  margin: 0,
  color: vars.color.textMuted,
  fontSize: vars.fontSize.sm,
});
