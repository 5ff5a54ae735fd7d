/**
 * The client's own allow-list for a card side's HTML. The server already sanitised it on write and
 * import; this is defence in depth (a bug or an old row there still cannot run script here):
 * DOMPurify parses with the browser's own parser and keeps only these tags and attributes, and
 * the URLs below.
 */
import DOMPurify from 'dompurify';

/** The elements a card side may hold (RichContent renders each, the plain ones as they are). */
export const TAGS = [
  'b',
  'strong',
  'i',
  'em',
  'u',
  's',
  'strike',
  'del',
  'ins',
  'sub',
  'sup',
  'mark',
  'small',
  'p',
  'div',
  'span',
  'br',
  'hr',
  'blockquote',
  'pre',
  'code',
  'kbd',
  'ul',
  'ol',
  'li',
  'h1',
  'h2',
  'h3',
  'h4',
  'h5',
  'h6',
  'table',
  'thead',
  'tbody',
  'tfoot',
  'tr',
  'th',
  'td',
  'caption',
  'a',
  'img',
  'audio',
  'font',
  'tts-speak',
];
const ATTRIBUTES = [
  'href',
  'src',
  'alt',
  'title',
  'lang',
  'style',
  'color',
  'colspan',
  'rowspan',
  'class',
];

/**
 * The classes of the server's note markup (docs/features/notes.md) a side keeps: the cloze being
 * asked or answered, the other deletions, and the extra lines of cloze and occlusion cards. Any
 * other class is dropped, so a card cannot borrow the app's own styles.
 */
const NOTE_CLASSES = new Set([
  'cloze',
  'cloze-inactive',
  'cloze-extra',
  'occlusion-header',
  'occlusion-extra',
]);

/** The note classes of a `class` attribute, or undefined when it has none. */
export function allowedClassName(value: string | null): string | undefined {
  const kept = (value ?? '').split(/\s+/).filter((name) => NOTE_CLASSES.has(name));
  return kept.length > 0 ? kept.join(' ') : undefined;
}

/** Media served by Memoria (relative, same origin) and images inlined as `data:`. */
const MEDIA_URL = /^\/be\/api\/space-repetition\/media\/[0-9a-f]{64}\/$/;
const IMAGE_DATA_URL = /^data:image\/(png|jpeg|webp|gif);base64,[A-Za-z0-9+/]+={0,2}$/;
const LINK_URL = /^(https?:|mailto:)/i;

/** Whether `src` may be shown: only Memoria's media (images also as `data:` URLs). */
export function isAllowedMediaSrc(src: string, kind: 'img' | 'audio'): boolean {
  return MEDIA_URL.test(src) || (kind === 'img' && IMAGE_DATA_URL.test(src));
}

export function isAllowedLink(href: string): boolean {
  return LINK_URL.test(href.trim());
}

/** The side's HTML as a detached fragment holding only allowed tags and attributes. */
export function sanitizeSide(html: string): DocumentFragment {
  return DOMPurify.sanitize(html, {
    ALLOWED_TAGS: TAGS,
    ALLOWED_ATTR: ATTRIBUTES,
    ALLOW_DATA_ATTR: false,
    ALLOW_ARIA_ATTR: false,
    // `<tts-speak lang>` is a custom element name: DOMPurify keeps those only when told.
    CUSTOM_ELEMENT_HANDLING: {
      tagNameCheck: /^tts-speak$/,
      attributeNameCheck: /^lang$/,
      allowCustomizedBuiltInElements: false,
    },
    RETURN_DOM_FRAGMENT: true,
  });
}

const COLOUR = /^(#[0-9a-f]{3,8}|rgba?\([\d\s.,%]+\)|hsla?\([\d\s.,%deg]+\)|[a-z]{3,20})$/i;

/** Only the colours of a `style` attribute (text and background); anything else is dropped. */
export function allowedStyle(style: string | null): { color?: string; backgroundColor?: string } {
  const out: { color?: string; backgroundColor?: string } = {};
  for (const declaration of (style ?? '').split(';')) {
    const [name, ...rest] = declaration.split(':');
    const value = rest.join(':').trim();
    if (!COLOUR.test(value)) continue;
    const key = name?.trim().toLowerCase();
    if (key === 'color') out.color = value;
    if (key === 'background-color' || key === 'background') out.backgroundColor = value;
  }
  return out;
}
