import { style } from '@vanilla-extract/css';
import { vars } from '../../theme/contract.css.ts';

export const root = style({ position: 'relative', display: 'inline-block' });

export const trigger = style({
  display: 'inline-flex',
  alignItems: 'center',
  gap: vars.space.xs,
  minHeight: '40px',
  minWidth: '40px',
  padding: `0 ${vars.space.sm}`,
  justifyContent: 'center',
  border: '1px solid transparent',
  borderRadius: vars.radius.md,
  backgroundColor: 'transparent',
  color: vars.color.text,
  cursor: 'pointer',
  selectors: {
    '&:hover': { backgroundColor: vars.color.surfaceAlt },
    '&[aria-expanded="true"]': { backgroundColor: vars.color.surfaceAlt },
  },
});

export const menu = style({
  position: 'absolute',
  top: 'calc(100% + 4px)',
  zIndex: vars.zIndex.dropdown,
  minWidth: '240px',
  width: 'max-content',
  maxWidth: 'min(360px, calc(100vw - 32px))',
  margin: 0,
  padding: `${vars.space.xs} 0`,
  listStyle: 'none',
  overflowY: 'auto',
  backgroundColor: vars.color.surface,
  color: vars.color.text,
  border: `1px solid ${vars.color.divider}`,
  borderRadius: vars.radius.md,
  boxShadow: vars.shadow.md,
});

export const alignStart = style({ insetInlineStart: 0 });
export const alignEnd = style({ insetInlineEnd: 0 });

export const item = style({
  display: 'flex',
  alignItems: 'flex-start',
  gap: vars.space.sm,
  width: '100%',
  padding: `${vars.space.sm} ${vars.space.md}`,
  border: 'none',
  background: 'none',
  color: vars.color.text,
  fontSize: vars.fontSize.md,
  textAlign: 'start',
  textDecoration: 'none',
  cursor: 'pointer',
  selectors: {
    '&:hover, &:focus': { backgroundColor: vars.color.surfaceAlt, outline: 'none' },
    '&:focus-visible': { outline: `2px solid ${vars.color.focus}`, outlineOffset: '-2px' },
    '&[aria-disabled="true"]': { opacity: 0.6, cursor: 'not-allowed' },
  },
});

export const itemText = style({ display: 'grid', gap: '2px', minWidth: 0 });

export const itemDescription = style({ fontSize: vars.fontSize.sm, color: vars.color.textMuted });

export const empty = style({
  padding: `${vars.space.md}`,
  color: vars.color.textMuted,
  fontSize: vars.fontSize.sm,
});
