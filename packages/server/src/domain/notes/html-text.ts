/**
 * Between field HTML and plain text: the plain-text sides every card keeps (`cards.front`/`back`,
 * read by search, duels and older clients) and the HTML a plain-text card's fields hold.
 */

const ENTITIES: Record<string, string> = {
  amp: '&',
  lt: '<',
  gt: '>',
  quot: '"',
  apos: "'",
  nbsp: '\u00a0',
};

/** Text as HTML that shows it: `&`, `<`, `>` and `"` escaped, line breaks as `<br>`. */
export function textToHtml(text: string): string {
  return escapeHtml(text).replace(/\r?\n/g, '<br>');
}

/** Escapes text for an HTML text node or a double-quoted attribute. */
export function escapeHtml(text: string): string {
  return text
    .replace(/&/g, '&amp;')
    .replace(/</g, '&lt;')
    .replace(/>/g, '&gt;')
    .replace(/"/g, '&quot;');
}

function decodeEntities(text: string): string {
  return text.replace(/&(#x[0-9a-f]+|#\d+|[a-z]+);/gi, (whole, name: string) => {
    if (name[0] === '#') {
      const code =
        name[1] === 'x' || name[1] === 'X' ? parseInt(name.slice(2), 16) : Number(name.slice(1));
      return Number.isInteger(code) && code > 0 && code <= 0x10ffff
        ? String.fromCodePoint(code)
        : whole;
    }
    return ENTITIES[name.toLowerCase()] ?? whole;
  });
}

/**
 * The text a person reads in the HTML: `<br>` and the ends of blocks as line breaks, speech
 * (`<tts-speak>`, spoken, not shown) and tags left out, entities decoded. `textToHtml`'s
 * output comes back as the text it was made from.
 */
export function htmlToText(html: string): string {
  const withoutSpeech = html.replace(/<tts-speak[^>]*>[\s\S]*?<\/tts-speak>/g, '');
  const lines = withoutSpeech
    .replace(/<br\s*\/?>/gi, '\n')
    .replace(/<\/(?:p|div|li|tr|h[1-6]|pre)>(?!$)/gi, '\n')
    .replace(/<[^>]*>/g, '');
  return decodeEntities(lines);
}
