/**
 * KaTeX and its stylesheet, loaded by the math panel when it first opens: KaTeX is some 76 KB of
 * the editor's gzipped JavaScript, and most fields are written without math.
 */
import katex from 'katex';
import 'katex/dist/katex.min.css';

/**
 * LaTeX to KaTeX's HTML (with MathML for screen readers). KaTeX escapes its input and, without
 * `trust`, renders no links, classes or styles from it; an error is shown in place
 * (`throwOnError: false`) rather than thrown.
 */
export function renderMath(source: string): string {
  return katex.renderToString(source, {
    throwOnError: false,
    displayMode: false,
    output: 'htmlAndMathml',
  });
}
