import { vars } from '@memoria/ui/theme';
import { style, styleVariants } from '@vanilla-extract/css';

const phone = 'screen and (max-width: 600px)';
const narrow = 'screen and (max-width: 880px)';

// Hero

export const hero = style({
  paddingBlock: `${vars.space.xxl} ${vars.space.xl}`,
  background: `radial-gradient(60rem 24rem at 85% 0%, color-mix(in srgb, ${vars.color.secondary} 12%, transparent), transparent), radial-gradient(50rem 24rem at 0% 100%, color-mix(in srgb, ${vars.color.primary} 12%, transparent), transparent)`,
});

export const heroInner = style({
  display: 'grid',
  gridTemplateColumns: '1.15fr 1fr',
  alignItems: 'center',
  gap: vars.space.xxl,
  '@media': { [narrow]: { gridTemplateColumns: '1fr', gap: vars.space.xl } },
});

export const heroText = style({ display: 'grid', gap: vars.space.lg, justifyItems: 'start' });

export const eyebrow = style({
  margin: 0,
  padding: `${vars.space.xs} ${vars.space.md}`,
  borderRadius: vars.radius.pill,
  background: vars.color.surfaceAlt,
  border: `1px solid ${vars.color.divider}`,
  fontSize: vars.fontSize.sm,
  fontWeight: vars.fontWeight.medium,
});

export const heroTitle = style({
  margin: 0,
  fontSize: 'clamp(2.25rem, 1.4rem + 3.6vw, 3.75rem)',
  fontWeight: 800,
  letterSpacing: '-0.035em',
  lineHeight: 1.05,
});

export const heroSubtitle = style({
  margin: 0,
  maxWidth: '36rem',
  fontSize: vars.fontSize.lg,
  color: vars.color.textMuted,
  '@media': { 'screen and (min-width: 601px)': { fontSize: '1.25rem' } },
});

export const heroActions = style({
  display: 'flex',
  flexWrap: 'wrap',
  gap: vars.space.md,
  '@media': { [phone]: { width: '100%', flexDirection: 'column' } },
});

export const heroArt = style({
  display: 'grid',
  gridTemplateColumns: 'repeat(2, 1fr)',
  gap: vars.space.md,
  maxWidth: '420px',
  width: '100%',
  justifySelf: 'center',
  '@media': { [narrow]: { display: 'none' } },
});

const tileBase = style({
  display: 'grid',
  placeItems: 'center',
  aspectRatio: '1',
  borderRadius: vars.radius.lg,
  color: vars.color.onFeature,
  boxShadow: vars.shadow.md,
});

export const tile = styleVariants({
  spacedRepetition: [
    tileBase,
    { background: vars.color.featureSpacedRepetition, transform: 'rotate(-4deg)' },
  ],
  duels: [
    tileBase,
    { background: vars.color.featureDuels, transform: 'rotate(3deg) translateY(12px)' },
  ],
  macroImages: [tileBase, { background: vars.color.featureMacroImages, transform: 'rotate(2deg)' }],
  conversionTable: [
    tileBase,
    { background: vars.color.featureConversionTable, transform: 'rotate(-3deg) translateY(12px)' },
  ],
});

export const tileIcon = style({ width: '44%', height: '44%' });

// Features

export const featureGrid = style({
  display: 'grid',
  gridTemplateColumns: 'repeat(auto-fit, minmax(min(100%, 240px), 1fr))',
  gap: vars.space.lg,
  margin: 0,
  padding: 0,
  listStyle: 'none',
});

const featureBase = style({
  display: 'grid',
  alignContent: 'start',
  gap: vars.space.sm,
  padding: vars.space.lg,
  borderRadius: vars.radius.lg,
  color: vars.color.onFeature,
});

export const feature = styleVariants({
  spacedRepetition: [featureBase, { background: vars.color.featureSpacedRepetition }],
  duels: [featureBase, { background: vars.color.featureDuels }],
  macroImages: [featureBase, { background: vars.color.featureMacroImages }],
  conversionTable: [featureBase, { background: vars.color.featureConversionTable }],
});

export const featureIcon = style({
  display: 'grid',
  placeItems: 'center',
  width: '48px',
  height: '48px',
  borderRadius: vars.radius.md,
  background: 'rgba(255, 255, 255, 0.55)',
});

export const featureIconSvg = style({ width: '28px', height: '28px' });

export const featureTitle = style({ margin: 0, fontSize: vars.fontSize.xl });

export const featureBody = style({ margin: 0 });

// Stats

export const stats = style({
  paddingBlock: vars.space.xxl,
  background: `linear-gradient(120deg, ${vars.color.primary}, ${vars.color.secondary})`,
  color: vars.color.onPrimary,
});

export const statsList = style({
  display: 'grid',
  gridTemplateColumns: 'repeat(3, 1fr)',
  gap: vars.space.lg,
  margin: 0,
  padding: 0,
  listStyle: 'none',
  textAlign: 'center',
  '@media': { [phone]: { gridTemplateColumns: '1fr' } },
});

export const stat = style({ display: 'grid', gap: vars.space.xs });

export const statValue = style({
  fontSize: 'clamp(2.5rem, 2rem + 2vw, 3.5rem)',
  fontWeight: 800,
  letterSpacing: '-0.03em',
  lineHeight: 1,
});

export const statLabel = style({ fontSize: vars.fontSize.lg, fontWeight: vars.fontWeight.medium });

// Plans

export const plans = style({ maxWidth: '880px' });

export const plansMore = style({ marginTop: vars.space.lg, textAlign: 'center' });

export const compareLink = style({ fontWeight: vars.fontWeight.bold, textUnderlineOffset: '3px' });

// Call to action

export const cta = style({
  display: 'grid',
  justifyItems: 'center',
  gap: vars.space.md,
  padding: `${vars.space.xxl} ${vars.space.lg}`,
  borderRadius: vars.radius.lg,
  background: vars.color.surfaceAlt,
  border: `1px solid ${vars.color.divider}`,
  textAlign: 'center',
});

export const ctaTitle = style({
  margin: 0,
  fontSize: vars.fontSize.xxl,
  letterSpacing: '-0.02em',
  '@media': { [phone]: { fontSize: vars.fontSize.xl } },
});

export const ctaBody = style({
  margin: 0,
  fontSize: vars.fontSize.lg,
  color: vars.color.textMuted,
});
