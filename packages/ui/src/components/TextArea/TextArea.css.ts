import { style } from '@vanilla-extract/css';
import { vars } from '../../theme/contract.css.ts';

/** Added to the TextField input style: several lines, resizable by height only. */
export const textarea = style({
  minHeight: '96px',
  resize: 'vertical',
  fontFamily: vars.font.body,
});
