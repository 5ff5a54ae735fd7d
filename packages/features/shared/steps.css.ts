import { vars } from '@memoria/ui/theme';
import { style } from '@vanilla-extract/css';

/** The numbered steps of a flow shown one step at a time (`StepList`). */
export const steps = style({
  display: 'flex',
  gap: vars.space.xs,
  margin: 0,
  padding: 0,
  listStyle: 'none',
  // Five steps across a desktop-wide card would sit far apart.
  maxWidth: '36rem',
});

export const step = style({
  flex: '1 1 0',
  minWidth: 0,
  display: 'flex',
  flexDirection: 'column',
  alignItems: 'center',
  gap: vars.space.xs,
  textAlign: 'center',
  fontSize: vars.fontSize.xs,
  color: vars.color.textMuted,
  selectors: {
    '&[data-state="current"]': { color: vars.color.text, fontWeight: vars.fontWeight.bold },
    '&[data-state="done"]': { color: vars.color.text },
  },
});

export const stepNumber = style({
  display: 'inline-flex',
  alignItems: 'center',
  justifyContent: 'center',
  width: 28,
  height: 28,
  borderRadius: '50%',
  border: `2px solid ${vars.color.divider}`,
  fontWeight: vars.fontWeight.bold,
  selectors: {
    [`${step}[data-state="current"] &`]: {
      borderColor: vars.color.primary,
      background: vars.color.primary,
      color: vars.color.onPrimary,
    },
    [`${step}[data-state="done"] &`]: { borderColor: vars.color.primary, color: vars.color.text },
  },
});

export const stepName = style({ overflowWrap: 'anywhere' });

export const stepHeading = style({
  margin: 0,
  fontSize: vars.fontSize.md,
  fontWeight: vars.fontWeight.bold,
  ':focus-visible': { outline: `2px solid ${vars.color.focus}`, outlineOffset: 2 },
});
