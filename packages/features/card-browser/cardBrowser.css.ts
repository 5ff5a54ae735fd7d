import { vars } from '@memoria/ui/theme';
import { style } from '@vanilla-extract/css';

export const page = style({ display: 'grid', gap: vars.space.md });

export const searchRow = style({
  display: 'flex',
  flexWrap: 'wrap',
  alignItems: 'flex-end',
  gap: vars.space.sm,
});

export const searchField = style({ flex: '1 1 240px' });

export const help = style({ fontSize: vars.fontSize.sm, color: vars.color.textMuted });

export const helpList = style({
  display: 'grid',
  gridTemplateColumns: 'max-content 1fr',
  gap: `${vars.space.xs} ${vars.space.md}`,
  margin: `${vars.space.sm} 0 0`,
});

export const toolbar = style({
  display: 'flex',
  flexWrap: 'wrap',
  alignItems: 'flex-end',
  gap: vars.space.sm,
  padding: vars.space.sm,
  borderRadius: 8,
  background: vars.color.surfaceAlt,
});

export const tableWrap = style({ overflowX: 'auto' });

export const menu = style({ alignSelf: 'flex-end' });

/** The table and the note editor beside it (desktop width only; a phone gets a dialog). */
export const withPanel = style({
  display: 'grid',
  gridTemplateColumns: 'minmax(0, 1fr) minmax(320px, 420px)',
  alignItems: 'start',
  gap: vars.space.md,
});

export const tableColumn = style({ display: 'grid', gap: vars.space.md, minWidth: 0 });

export const dialogText = style({ margin: 0 });

export const dialogForm = style({ display: 'grid', gap: vars.space.md });

export const table = style({
  width: '100%',
  borderCollapse: 'collapse',
  fontSize: vars.fontSize.sm,
});

export const cell = style({
  padding: `${vars.space.xs} ${vars.space.sm}`,
  borderBottom: `1px solid ${vars.color.divider}`,
  textAlign: 'start',
  whiteSpace: 'nowrap',
});

export const frontCell = style({
  maxWidth: 320,
  overflow: 'hidden',
  textOverflow: 'ellipsis',
});

export const sortButton = style({
  font: 'inherit',
  fontWeight: vars.fontWeight.bold,
  color: 'inherit',
  background: 'none',
  border: 'none',
  padding: 0,
  cursor: 'pointer',
});

export const row = style({
  cursor: 'default',
  selectors: {
    '&[aria-selected="true"]': { background: vars.color.surfaceAlt },
    '&:focus-visible': { outlineOffset: -2 },
  },
});

export const pager = style({
  display: 'flex',
  alignItems: 'center',
  justifyContent: 'flex-end',
  gap: vars.space.sm,
});

export const queryError = style({ color: vars.color.danger, margin: 0 });
