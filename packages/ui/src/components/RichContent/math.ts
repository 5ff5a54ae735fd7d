/**
 * Math in a card side's text: `\(…\)` and Anki's `[$]…[/$]` inline, `\[…\]` and `[$$]…[/$$]` as a
 * display, typeset by KaTeX to HTML (and MathML for screen readers). KaTeX writes no script and
 * only `style` attributes, which the product's CSP allows; its CSS and fonts are bundled by Vite.
 */
import katex from 'katex';

export type TextPart =
  | { kind: 'text'; text: string }
  | { kind: 'math'; html: string; display: boolean };

const DELIMITERS =
  /\\\(([\s\S]+?)\\\)|\\\[([\s\S]+?)\\\]|\[\$\$\]([\s\S]+?)\[\/\$\$\]|\[\$\]([\s\S]+?)\[\/\$\]/g;

/** KaTeX's HTML for `tex`; a formula it cannot read is shown as its source, in red, not thrown. */
export function typeset(tex: string, display: boolean): string {
  return katex.renderToString(tex, {
    displayMode: display,
    throwOnError: false,
    output: 'htmlAndMathml',
    // No \href, \url, \htmlClass…: a formula never makes links or attributes of its own.
    trust: false,
    strict: 'ignore',
  });
}

/** The text split into plain runs and typeset formulas, in order. */
export function splitMath(text: string): TextPart[] {
  const parts: TextPart[] = [];
  let last = 0;
  for (const m of text.matchAll(DELIMITERS)) {
    const at = m.index ?? 0;
    if (at > last) parts.push({ kind: 'text', text: text.slice(last, at) });
    const display = m[2] !== undefined || m[3] !== undefined;
    const tex = m[1] ?? m[2] ?? m[3] ?? m[4] ?? '';
    parts.push({ kind: 'math', html: typeset(tex, display), display });
    last = at + m[0].length;
  }
  if (last < text.length) parts.push({ kind: 'text', text: text.slice(last) });
  return parts;
}
