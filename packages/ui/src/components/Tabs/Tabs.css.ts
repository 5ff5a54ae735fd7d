import { style } from '@vanilla-extract/css';
import { vars } from '../../theme/contract.css.ts';

export const root = style({ display: 'grid', gap: vars.space.md });

export const list = style({
  display: 'flex',
  gap: vars.space.xs,
  borderBottom: `1px solid ${vars.color.divider}`,
  // Tabs that do not fit go to a second row: a sideways scroll hid the last tab on a phone
  // (the school page's "Students" at 390 px) with nothing saying it was there.
  flexWrap: 'wrap',
});

export const fullWidthList = style({});

export const tab = style({
  position: 'relative',
  minHeight: '44px',
  padding: `${vars.space.sm} ${vars.space.md}`,
  border: 'none',
  borderBottom: '3px solid transparent',
  background: 'none',
  color: vars.color.textMuted,
  fontSize: vars.fontSize.md,
  fontWeight: vars.fontWeight.medium,
  cursor: 'pointer',
  whiteSpace: 'nowrap',
  selectors: {
    '&:hover:not(:disabled)': { color: vars.color.text, backgroundColor: vars.color.surfaceAlt },
    '&[aria-selected="true"]': {
      color: vars.color.primaryText,
      borderBottomColor: vars.color.primary,
    },
    '&:focus-visible': { outlineOffset: '-3px' },
    '&:disabled': { opacity: 0.6, cursor: 'not-allowed' },
    [`${fullWidthList} > &`]: { flex: '1 1 0' },
  },
});

export const panel = style({ minWidth: 0 });
