/**
 * The editor's HTML to the field's: the server's allow-list speaks `b`/`i` and line breaks, while
 * TipTap writes `strong`/`em` and wraps every line in a paragraph. Paragraphs become their content
 * with a `<br>` between siblings (as Anki's own editor stores a field), so "a<br>b" round-trips.
 */
export function toFieldHtml(editorHtml: string): string {
  const template = document.createElement('template');
  template.innerHTML = editorHtml;
  renameAll(template.content, 'strong', 'b');
  renameAll(template.content, 'em', 'i');
  for (const paragraph of [...template.content.querySelectorAll('p')]) unwrapParagraph(paragraph);
  return template.innerHTML;
}

function renameAll(root: DocumentFragment, from: string, to: string) {
  for (const element of [...root.querySelectorAll(from)]) {
    const renamed = document.createElement(to);
    for (const attribute of [...element.attributes]) {
      renamed.setAttribute(attribute.name, attribute.value);
    }
    renamed.append(...element.childNodes);
    element.replaceWith(renamed);
  }
}

function unwrapParagraph(paragraph: HTMLParagraphElement) {
  const parts: Node[] = [...paragraph.childNodes];
  // Lines are joined by one break each; an empty paragraph is an empty line between two breaks.
  const next = paragraph.nextSibling;
  if (next instanceof HTMLParagraphElement) parts.push(document.createElement('br'));
  paragraph.replaceWith(...parts);
}
