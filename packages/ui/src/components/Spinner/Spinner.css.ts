import { keyframes, style, styleVariants } from '@vanilla-extract/css';

const spin = keyframes({ to: { transform: 'rotate(360deg)' } });

export const root = style({
  display: 'inline-block',
  flexShrink: 0,
  borderRadius: '50%',
  border: '0.15em solid currentColor',
  borderRightColor: 'transparent',
  animation: `${spin} 0.8s linear infinite`,
  verticalAlign: 'middle',
  '@media': {
    '(prefers-reduced-motion: reduce)': {
      // No spinning: a static, dashed ring still reads as "busy".
      animation: 'none',
      borderStyle: 'dotted',
    },
  },
});

export const size = styleVariants({
  sm: { width: '16px', height: '16px', borderWidth: '2px' },
  md: { width: '24px', height: '24px', borderWidth: '3px' },
  lg: { width: '40px', height: '40px', borderWidth: '4px' },
});

export const wrapper = style({ display: 'inline-flex', alignItems: 'center', gap: '0.5em' });
