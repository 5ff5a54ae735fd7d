import { globalStyle, style } from '@vanilla-extract/css';
import { vars } from '../../theme/contract.css.ts';

export const root = style({ display: 'grid', gap: vars.space.xs, minWidth: 0 });

export const label = style({
  fontSize: vars.fontSize.sm,
  fontWeight: vars.fontWeight.medium,
  color: vars.color.text,
  cursor: 'default',
});

export const frame = style({
  border: `1px solid ${vars.color.border}`,
  borderRadius: vars.radius.md,
  backgroundColor: vars.color.surface,
  minWidth: 0,
  selectors: {
    '&:focus-within': { borderColor: vars.color.focus },
    '&[data-invalid="true"]': { borderColor: vars.color.danger, borderWidth: '2px' },
  },
});

export const toolbar = style({
  display: 'flex',
  flexWrap: 'wrap',
  gap: '2px',
  padding: vars.space.xs,
  borderBottom: `1px solid ${vars.color.divider}`,
});

export const separator = style({
  width: '1px',
  alignSelf: 'stretch',
  margin: `0 ${vars.space.xs}`,
  backgroundColor: vars.color.divider,
});

export const tool = style({
  minWidth: '36px',
  minHeight: '36px',
  padding: `0 ${vars.space.sm}`,
  border: '1px solid transparent',
  borderRadius: vars.radius.sm,
  background: 'none',
  color: vars.color.text,
  fontSize: vars.fontSize.sm,
  fontFamily: vars.font.body,
  lineHeight: 1,
  cursor: 'pointer',
  display: 'inline-flex',
  alignItems: 'center',
  justifyContent: 'center',
  selectors: {
    '&:hover:not(:disabled)': { backgroundColor: vars.color.surfaceAlt },
    '&[aria-pressed="true"]': {
      backgroundColor: vars.color.surfaceAlt,
      borderColor: vars.color.border,
      color: vars.color.primaryText,
    },
    '&:disabled': { opacity: 0.5, cursor: 'not-allowed' },
  },
});

export const colorTool = style({
  width: '36px',
  height: '36px',
  padding: '4px',
  border: '1px solid transparent',
  borderRadius: vars.radius.sm,
  background: 'none',
  cursor: 'pointer',
});

export const content = style({
  minHeight: '96px',
  padding: `${vars.space.sm} ${vars.space.md}`,
  color: vars.color.text,
  fontSize: vars.fontSize.md,
  lineHeight: vars.lineHeight.normal,
  whiteSpace: 'pre-wrap',
  overflowWrap: 'break-word',
  outline: 'none',
});

// TipTap's own stylesheet is a <style> element, which the Content-Security-Policy forbids
// (`injectCSS: false`): what it carried that a field needs is here.
globalStyle(`${content} p`, { margin: 0 });
globalStyle(`${content} ul, ${content} ol`, { margin: 0, paddingInlineStart: vars.space.lg });
globalStyle(`${content} img`, { maxWidth: '100%', height: 'auto', verticalAlign: 'middle' });
globalStyle(`${content} img.ProseMirror-selectednode`, {
  outline: `2px solid ${vars.color.focus}`,
});
globalStyle(`${content} audio`, { verticalAlign: 'middle', maxWidth: '100%' });
globalStyle(`${content} a`, { color: vars.color.primaryText });
globalStyle(`${content} code`, {
  fontFamily: vars.font.mono,
  backgroundColor: vars.color.surfaceAlt,
  borderRadius: vars.radius.sm,
  padding: '0 2px',
});
globalStyle(`${content} table`, { borderCollapse: 'collapse', margin: `${vars.space.xs} 0` });
globalStyle(`${content} td, ${content} th`, {
  border: `1px solid ${vars.color.border}`,
  padding: `2px ${vars.space.sm}`,
  minWidth: '48px',
  verticalAlign: 'top',
});
globalStyle(`${content} .selectedCell`, { backgroundColor: vars.color.surfaceAlt });
globalStyle(`${content} .ProseMirror-gapcursor`, { display: 'none' });

export const panel = style({
  margin: 0,
  border: 'none',
  minInlineSize: 0,
  display: 'grid',
  gap: vars.space.sm,
  padding: vars.space.sm,
  borderBottom: `1px solid ${vars.color.divider}`,
  backgroundColor: vars.color.surfaceAlt,
});

export const panelActions = style({ display: 'flex', gap: vars.space.sm, flexWrap: 'wrap' });

export const preview = style({
  minHeight: '40px',
  padding: vars.space.sm,
  border: `1px dashed ${vars.color.border}`,
  borderRadius: vars.radius.sm,
  backgroundColor: vars.color.surface,
  color: vars.color.text,
  overflowX: 'auto',
  fontSize: vars.fontSize.lg,
});

export const previewEmpty = style({ color: vars.color.textMuted, fontSize: vars.fontSize.sm });

export const message = style({
  margin: 0,
  fontSize: vars.fontSize.sm,
  color: vars.color.textMuted,
});

export const error = style({ margin: 0, fontSize: vars.fontSize.sm, color: vars.color.danger });

export const hiddenInput = style({ display: 'none' });
