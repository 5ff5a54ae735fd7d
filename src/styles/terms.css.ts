import { vars } from '@memoria/ui/theme';
import { globalStyle, style } from '@vanilla-extract/css';

export const page = style({
  display: 'grid',
  gridTemplateColumns: 'minmax(0, 1fr) 240px',
  gridTemplateAreas: '"head head" "body aside"',
  gap: `${vars.space.lg} ${vars.space.xxl}`,
  paddingBlock: vars.space.xxl,
  '@media': {
    'screen and (max-width: 880px)': {
      gridTemplateColumns: 'minmax(0, 1fr)',
      gridTemplateAreas: '"head" "body" "aside"',
    },
  },
});

export const head = style({ gridArea: 'head', display: 'grid', gap: vars.space.sm });

export const title = style({
  margin: 0,
  fontSize: 'clamp(2rem, 1.5rem + 2vw, 3rem)',
  fontWeight: 800,
  letterSpacing: '-0.03em',
});

export const updated = style({
  margin: 0,
  color: vars.color.textMuted,
  fontWeight: vars.fontWeight.medium,
});

export const intro = style({ margin: 0, maxWidth: '680px', fontSize: vars.fontSize.lg });

export const body = style({ gridArea: 'body', minWidth: 0 });

export const sections = style({
  display: 'grid',
  gap: vars.space.xl,
  margin: 0,
  // Room for a two-digit marker ("11.") at the heading size.
  paddingInlineStart: '2.75rem',
});

globalStyle(`${sections} > li::marker`, {
  fontSize: vars.fontSize.xl,
  fontWeight: vars.fontWeight.bold,
  color: vars.color.primaryText,
});

export const sectionTitle = style({ margin: `0 0 ${vars.space.sm}`, fontSize: vars.fontSize.xl });

export const paragraph = style({ margin: `0 0 ${vars.space.sm}`, maxWidth: '68ch' });

export const aside = style({
  gridArea: 'aside',
  alignSelf: 'start',
  display: 'grid',
  gap: vars.space.lg,
  '@media': { 'screen and (min-width: 881px)': { position: 'sticky', top: vars.space.lg } },
});

export const toc = style({
  padding: vars.space.md,
  border: `1px solid ${vars.color.divider}`,
  borderRadius: vars.radius.md,
  background: vars.color.surfaceAlt,
  '@media': { 'screen and (max-width: 880px)': { display: 'none' } },
});

export const tocTitle = style({ margin: `0 0 ${vars.space.sm}`, fontSize: vars.fontSize.md });

export const tocList = style({
  display: 'grid',
  gap: vars.space.xs,
  margin: 0,
  paddingInlineStart: vars.space.lg,
  fontSize: vars.fontSize.sm,
});

export const tax = style({
  display: 'grid',
  gap: vars.space.sm,
  justifyItems: 'start',
  padding: vars.space.md,
  border: `1px solid ${vars.color.divider}`,
  borderRadius: vars.radius.md,
  background: vars.color.surface,
});

export const taxTitle = style({ margin: 0, fontSize: vars.fontSize.md });

export const taxImage = style({ display: 'block', width: '120px', height: 'auto' });
