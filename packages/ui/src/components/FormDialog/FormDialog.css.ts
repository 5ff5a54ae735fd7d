import { style } from '@vanilla-extract/css';
import { vars } from '../../theme/contract.css.ts';

/** The form's fields, one under another. */
export const form = style({ display: 'grid', gap: vars.space.md });
