import { globalStyle, style } from '@vanilla-extract/css';
import { vars } from '../../theme/contract.css.ts';

export const root = style({
  fontFamily: vars.font.body,
  fontSize: vars.fontSize.lg,
  lineHeight: vars.lineHeight.normal,
  color: vars.color.text,
  overflowWrap: 'anywhere',
  minWidth: 0,
});

globalStyle(`${root} p`, { margin: `0 0 ${vars.space.sm}` });
globalStyle(`${root} ul, ${root} ol`, {
  margin: `0 0 ${vars.space.sm}`,
  paddingInlineStart: vars.space.lg,
});
globalStyle(`${root} code, ${root} kbd, ${root} pre`, {
  fontFamily: vars.font.mono,
  fontSize: '0.9em',
  background: vars.color.surfaceAlt,
  borderRadius: vars.radius.sm,
  padding: '0 0.25em',
});
globalStyle(`${root} pre`, { padding: vars.space.sm, overflowX: 'auto' });
globalStyle(`${root} a`, { color: vars.color.primaryText });
globalStyle(`${root} table`, {
  borderCollapse: 'collapse',
  margin: `${vars.space.sm} 0`,
  maxWidth: '100%',
});
globalStyle(`${root} th, ${root} td`, {
  border: `1px solid ${vars.color.border}`,
  padding: `${vars.space.xs} ${vars.space.sm}`,
});
globalStyle(`${root} .katex-display`, { margin: 0 });

// The server's cloze markup: the deletion asked (`[…]`, `[hint]`) or answered stands out, as in
// Anki; the other deletions read as plain text; the extra lines come after a gap, quieter.
globalStyle(`${root} .cloze`, {
  fontWeight: vars.fontWeight.bold,
  color: vars.color.primaryText,
  background: vars.color.surfaceAlt,
  borderRadius: vars.radius.sm,
  padding: '0 0.2em',
});
globalStyle(`${root} .cloze-extra, ${root} .occlusion-extra`, {
  marginTop: vars.space.md,
  color: vars.color.textMuted,
  fontSize: vars.fontSize.md,
});
globalStyle(`${root} .occlusion-header`, { marginBottom: vars.space.sm });

/** A formula wider than the side scrolls by itself rather than widening the page. */
export const displayMath = style({
  display: 'block',
  margin: `${vars.space.sm} 0`,
  overflowX: 'auto',
  overflowY: 'hidden',
});

export const image = style({
  display: 'inline-block',
  maxWidth: '100%',
  height: 'auto',
  verticalAlign: 'middle',
  margin: vars.space.xs,
  borderRadius: vars.radius.sm,
});

export const imagePlaceholder = style({ display: 'inline-block', width: 0, height: 0 });

export const player = style({
  display: 'inline-flex',
  verticalAlign: 'middle',
  margin: `0 ${vars.space.xs}`,
});

export const spokenText = style({});

export const noVoice = style({
  display: 'inline-block',
  padding: `${vars.space.xs} ${vars.space.sm}`,
  border: `1px dashed ${vars.color.border}`,
  borderRadius: vars.radius.sm,
});

export const noVoiceNote = style({ color: vars.color.textMuted, fontSize: vars.fontSize.sm });
