import { style } from '@vanilla-extract/css';
import { vars } from '../../theme/contract.css.ts';

export const root = style({ display: 'grid', gap: vars.space.sm, minWidth: 0 });

export const toolbar = style({
  display: 'flex',
  flexWrap: 'wrap',
  alignItems: 'center',
  gap: vars.space.xs,
});

export const tool = style({
  minHeight: '36px',
  padding: `0 ${vars.space.sm}`,
  border: `1px solid ${vars.color.border}`,
  borderRadius: vars.radius.sm,
  background: vars.color.surface,
  color: vars.color.text,
  fontSize: vars.fontSize.sm,
  fontFamily: vars.font.body,
  cursor: 'pointer',
  selectors: {
    '&:hover:not(:disabled)': { backgroundColor: vars.color.surfaceAlt },
    '&[aria-pressed="true"]': {
      backgroundColor: vars.color.surfaceAlt,
      borderColor: vars.color.primary,
      color: vars.color.primaryText,
      fontWeight: vars.fontWeight.medium,
    },
    '&:disabled': { opacity: 0.5, cursor: 'not-allowed' },
  },
});

export const separator = style({
  width: '1px',
  alignSelf: 'stretch',
  backgroundColor: vars.color.divider,
});

export const modes = style({
  margin: 0,
  padding: 0,
  border: 'none',
  minInlineSize: 0,
  display: 'flex',
  flexWrap: 'wrap',
  alignItems: 'center',
  gap: vars.space.md,
  color: vars.color.text,
  fontSize: vars.fontSize.sm,
});

export const legend = style({ float: 'left', fontWeight: vars.fontWeight.medium, padding: 0 });

export const mode = style({ display: 'inline-flex', alignItems: 'center', gap: vars.space.xs });

export const stage = style({
  position: 'relative',
  justifySelf: 'start',
  maxWidth: '100%',
  lineHeight: 0,
  userSelect: 'none',
  border: `1px solid ${vars.color.border}`,
  borderRadius: vars.radius.sm,
  backgroundColor: vars.color.surfaceAlt,
});

export const image = style({ display: 'block', maxWidth: '100%', height: 'auto' });

export const canvas = style({
  position: 'absolute',
  inset: 0,
  width: '100%',
  height: '100%',
  // Touch drags draw and move masks instead of scrolling the page.
  touchAction: 'none',
  outline: 'none',
});

export const drawing = style({ cursor: 'crosshair' });

export const mask = style({
  fill: vars.color.warning,
  fillOpacity: 0.75,
  stroke: vars.color.text,
  strokeWidth: 1.5,
  vectorEffect: 'non-scaling-stroke',
  cursor: 'move',
  outline: 'none',
});

export const selectedMask = style({
  stroke: vars.color.focus,
  strokeWidth: 3,
  strokeDasharray: '6 3',
});

export const focusedMask = style({
  stroke: vars.color.focus,
  strokeWidth: 4,
  strokeDasharray: 'none',
});

export const draft = style({
  fill: vars.color.warning,
  fillOpacity: 0.4,
  stroke: vars.color.focus,
  strokeWidth: 2,
  strokeDasharray: '4 4',
  vectorEffect: 'non-scaling-stroke',
  pointerEvents: 'none',
});

export const badge = style({
  position: 'absolute',
  transform: 'translate(-50%, -50%)',
  minWidth: '22px',
  padding: '2px 6px',
  borderRadius: vars.radius.pill,
  backgroundColor: vars.color.surface,
  color: vars.color.text,
  border: `1px solid ${vars.color.border}`,
  fontSize: vars.fontSize.xs,
  fontWeight: vars.fontWeight.bold,
  lineHeight: 1.4,
  textAlign: 'center',
  pointerEvents: 'none',
});

export const handle = style({
  position: 'absolute',
  width: '18px',
  height: '18px',
  transform: 'translate(-50%, -50%)',
  borderRadius: '50%',
  backgroundColor: vars.color.focus,
  border: `2px solid ${vars.color.surface}`,
  cursor: 'nwse-resize',
  touchAction: 'none',
});

export const status = style({ margin: 0, fontSize: vars.fontSize.sm, color: vars.color.textMuted });
