/**
 * Field HTML is sanitised on every write (`sanitize-html`, an allow-list): formatting, lists,
 * tables, code, colour, safe links, and images and audio from http(s) or our own media URLs. No
 * script survives: no event attributes, `style` only as a span's colour, no `javascript:` or
 * `data:` URLs (entity-encoded ones are decoded before the check), no SVG, `<style>`, `<iframe>`
 * or `srcdoc`. Math (`\(…\)`, `\[…\]`, `[$]…[/$]`) is text and stays as it is.
 */
import sanitizeHtml from 'sanitize-html';

/** Our media: `/be/api/space-repetition/media/<sha256>/` (the media helper serves them). */
const MEDIA_URL = /^\/be\/api\/space-repetition\/media\/[0-9a-f]{64}\/$/;
const HTTP_URL = /^https?:\/\/[^\s]+$/i;

/** A source an `<img>` or `<audio>` may load: http(s) or our media, nothing else. */
export const allowedMediaSource = (src: string | undefined): src is string =>
  src !== undefined && (HTTP_URL.test(src) || MEDIA_URL.test(src));

const TABLE_TAGS = ['table', 'thead', 'tbody', 'tfoot', 'tr', 'th', 'td', 'caption'];

/** A colour as CSS writes it: a name, #rgb(a), rgb()/rgba()/hsl()/hsla(). */
const COLOUR = [
  /^#[0-9a-f]{3,8}$/i,
  /^[a-z]{3,20}$/i,
  /^(?:rgb|rgba|hsl|hsla)\(\s*[\d.]+%?(?:\s*,\s*[\d.]+%?){2,3}\s*\)$/i,
];

const OPTIONS: sanitizeHtml.IOptions = {
  allowedTags: [
    'b',
    'strong',
    'i',
    'em',
    'u',
    's',
    'strike',
    'sub',
    'sup',
    'ul',
    'ol',
    'li',
    'br',
    'p',
    'div',
    'span',
    'code',
    'pre',
    'a',
    'img',
    'audio',
    ...TABLE_TAGS,
  ],
  allowedAttributes: {
    a: ['href', 'rel', 'target'],
    img: ['src', 'alt', 'width', 'height'],
    audio: ['src', 'controls'],
    span: ['style'],
    td: ['colspan', 'rowspan'],
    th: ['colspan', 'rowspan'],
  },
  allowedStyles: { span: { color: COLOUR } },
  allowedSchemes: ['http', 'https', 'mailto'],
  allowedSchemesByTag: { img: ['http', 'https'], audio: ['http', 'https'] },
  allowProtocolRelative: false,
  allowVulnerableTags: false,
  disallowedTagsMode: 'discard',
  transformTags: {
    // Links open in a new tab with no access back to the page and no referrer.
    a: (tagName, attribs) => ({
      tagName,
      attribs: { ...attribs, rel: 'noopener noreferrer nofollow', target: '_blank' },
    }),
    img: (tagName, attribs) => ({ tagName, attribs: mediaAttributes(attribs) }),
    audio: (tagName, attribs) => ({
      tagName,
      attribs: { ...mediaAttributes(attribs), controls: '' },
    }),
  },
  // An image or audio whose source was refused is dropped whole.
  exclusiveFilter: (frame) =>
    (frame.tag === 'img' || frame.tag === 'audio') && !allowedMediaSource(frame.attribs.src),
};

function mediaAttributes(attribs: sanitizeHtml.Attributes): sanitizeHtml.Attributes {
  const { src, ...rest } = attribs;
  return allowedMediaSource(src?.trim()) ? { ...rest, src: (src as string).trim() } : rest;
}

/** A field's HTML with only what the allow-list keeps. */
export function sanitizeFieldHtml(html: string): string {
  return sanitizeHtml(html, OPTIONS);
}
