import { style } from '@vanilla-extract/css';
import { vars } from '../../theme/contract.css.ts';

export const root = style({
  display: 'flex',
  flexDirection: 'column',
  alignItems: 'center',
  textAlign: 'center',
  gap: vars.space.sm,
  padding: `${vars.space.xl} ${vars.space.lg}`,
  color: vars.color.text,
});

export const compact = style({ padding: vars.space.md, gap: vars.space.xs });

export const icon = style({
  display: 'inline-flex',
  alignItems: 'center',
  justifyContent: 'center',
  width: '56px',
  height: '56px',
  borderRadius: '50%',
  backgroundColor: vars.color.surfaceAlt,
  color: vars.color.textMuted,
  marginBottom: vars.space.xs,
});

export const title = style({
  margin: 0,
  fontSize: vars.fontSize.lg,
  fontWeight: vars.fontWeight.bold,
});

export const description = style({
  margin: 0,
  maxWidth: '44ch',
  color: vars.color.textMuted,
  fontSize: vars.fontSize.sm,
});

export const action = style({ marginTop: vars.space.sm });
