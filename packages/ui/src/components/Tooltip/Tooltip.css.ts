import { style, styleVariants } from '@vanilla-extract/css';
import { vars } from '../../theme/contract.css.ts';

export const anchor = style({ position: 'relative', display: 'inline-flex' });

export const tooltip = style({
  position: 'absolute',
  left: '50%',
  transform: 'translateX(-50%)',
  zIndex: vars.zIndex.tooltip,
  width: 'max-content',
  maxWidth: '240px',
  padding: `${vars.space.xs} ${vars.space.sm}`,
  borderRadius: vars.radius.sm,
  backgroundColor: vars.color.text,
  color: vars.color.background,
  fontSize: vars.fontSize.xs,
  fontWeight: vars.fontWeight.medium,
  lineHeight: vars.lineHeight.normal,
  boxShadow: vars.shadow.sm,
  pointerEvents: 'auto',
});

export const placement = styleVariants({
  top: { bottom: 'calc(100% + 6px)' },
  bottom: { top: 'calc(100% + 6px)' },
});
