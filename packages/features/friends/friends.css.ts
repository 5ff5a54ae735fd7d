import { vars } from '@memoria/ui/theme';
import { style } from '@vanilla-extract/css';
import { appPage, MOBILE_MAX } from '../shared/page.css.ts';

// The page pieces friends share with the other app pages.
export {
  featureTitle as title,
  muted,
  muted as subtitle,
  section,
  sectionTitle,
} from '../shared/page.css.ts';

export const page = style([appPage, { maxWidth: '900px' }]);

export const headerText = style({ display: 'grid', gap: vars.space.xs, minWidth: 0 });

export const sectionHeader = style({
  display: 'flex',
  flexWrap: 'wrap',
  alignItems: 'baseline',
  justifyContent: 'space-between',
  gap: vars.space.sm,
});

export const addForm = style({
  display: 'flex',
  alignItems: 'flex-end',
  gap: vars.space.sm,
  flexWrap: 'wrap',
});

export const addField = style({ flex: '1 1 260px', minWidth: 0 });

export const list = style({ listStyle: 'none', margin: 0, padding: 0, display: 'grid', gap: 0 });

export const row = style({
  display: 'flex',
  alignItems: 'center',
  gap: vars.space.sm,
  paddingBlock: vars.space.sm,
  borderTop: `1px solid ${vars.color.border}`,
  selectors: { '&:first-child': { borderTop: 'none' } },
  '@media': { [MOBILE_MAX]: { flexWrap: 'wrap' } },
});

export const person = style({
  display: 'flex',
  alignItems: 'center',
  gap: vars.space.sm,
  flex: '1 1 200px',
  minWidth: 0,
});

export const names = style({ display: 'grid', minWidth: 0 });

export const username = style({
  fontWeight: vars.fontWeight.bold,
  color: vars.color.text,
  overflowWrap: 'anywhere',
});

export const detail = style({
  color: vars.color.textMuted,
  fontSize: vars.fontSize.sm,
  overflowWrap: 'anywhere',
});

export const avatar = style({
  display: 'inline-flex',
  alignItems: 'center',
  justifyContent: 'center',
  width: 36,
  height: 36,
  borderRadius: '50%',
  background: vars.color.secondary,
  color: vars.color.onSecondary,
  fontWeight: vars.fontWeight.bold,
  textTransform: 'uppercase',
  flexShrink: 0,
});

export const rowActions = style({
  display: 'flex',
  flexWrap: 'wrap',
  gap: vars.space.xs,
  justifyContent: 'flex-end',
});

export const pager = style({
  display: 'flex',
  alignItems: 'center',
  justifyContent: 'flex-end',
  gap: vars.space.sm,
  flexWrap: 'wrap',
});
