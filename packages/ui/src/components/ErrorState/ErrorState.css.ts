import { style } from '@vanilla-extract/css';
import { vars } from '../../theme/contract.css.ts';

/** A bordered block in the danger colour, its parts one under the other, the Retry at the start. */
export const root = style({
  display: 'grid',
  justifyItems: 'start',
  gap: vars.space.sm,
  padding: vars.space.md,
  borderRadius: vars.radius.md,
  border: `1px solid ${vars.color.danger}`,
  color: vars.color.text,
});

export const description = style({ margin: 0 });
