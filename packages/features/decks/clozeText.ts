/**
 * A generated cloze note's `text` between its three forms: the HTML the server sends and saves,
 * the plain text the learner edits (the server escapes only `&`, `<`, `>` and `"` in generated
 * text, so these four are all there is to undo), and the preview that marks each deletion.
 */

const DELETION = /\{\{c(\d+)::([\s\S]*?)(?:::([\s\S]*?))?\}\}/g;

/** The text as the learner edits it: `{{c1::…}}` marks kept, entities read as characters. */
export function clozeTextForEditing(html: string): string {
  return html
    .replace(/&lt;/g, '<')
    .replace(/&gt;/g, '>')
    .replace(/&quot;/g, '"')
    .replace(/&amp;/g, '&');
}

/** The edited text back as the field's HTML. */
export function clozeHtmlOfEditing(text: string): string {
  return text
    .replace(/&/g, '&amp;')
    .replace(/</g, '&lt;')
    .replace(/>/g, '&gt;')
    .replace(/"/g, '&quot;');
}

/** The deletion numbers a text uses, ascending and each once (one card each). */
export function clozeCount(text: string): number {
  return new Set([...text.matchAll(DELETION)].map((m) => m[1])).size;
}

/** The preview: each deletion's answer marked, with its number raised (which card asks it). */
export function clozePreviewHtml(html: string): string {
  return html.replace(
    DELETION,
    (_whole, n: string, answer: string) => `<mark>${answer}</mark><sup>${n}</sup>`,
  );
}
