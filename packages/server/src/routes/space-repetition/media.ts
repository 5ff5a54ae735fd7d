/**
 * Card media: uploaded to a deck its editors may change, served to whoever reads a deck that uses
 * it (its owner and share recipients; anyone else gets 404, as for a hash nobody stored).
 */
import type { Handlers } from '../../contract/types.ts';
import { linkMediaToDeck, mediaBytes, readableMedia } from '../../db/queries/media.ts';
import {
  checkMedia,
  DEFAULT_MEDIA_LIMITS,
  MEDIA_MESSAGES,
  MediaError,
  requestedRange,
} from '../../domain/decks/media.ts';
import { currentUser } from '../../http/current-user.ts';
import { notFound, validationError } from '../../http/errors.ts';
import { assertCanEdit, deckFor } from '../../services/decks/access.ts';
import { readForm } from './form.ts';

/** A hash names the same bytes forever, so a client may keep them as long as it likes. */
const CACHE_CONTROL = 'private, max-age=31536000, immutable';

/** Whether an `If-None-Match` list names this ETag (weak comparison, as RFC 9110 asks for GET). */
function matches(ifNoneMatch: string | undefined, etag: string): boolean {
  if (!ifNoneMatch) return false;
  return ifNoneMatch
    .split(',')
    .map((tag) => tag.trim().replace(/^W\//, ''))
    .some((tag) => tag === '*' || tag === etag);
}

export const handlers: Handlers = {
  async uploadDeskMedia(c, { params }) {
    const deps = c.get('deps');
    const user = currentUser(c);
    const deck = await deckFor(deps.sql, user.id, params.id);
    assertCanEdit(deck);
    const form = await readForm(c);
    const file = form.file;
    if (!(file instanceof File)) {
      throw validationError({ file: [MEDIA_MESSAGES.fileRequired] });
    }
    let checked: Awaited<ReturnType<typeof checkMedia>>;
    try {
      checked = await checkMedia(
        new Uint8Array(await file.arrayBuffer()),
        deps.mediaLimits ?? DEFAULT_MEDIA_LIMITS,
      );
    } catch (error) {
      if (!(error instanceof MediaError)) throw error;
      throw validationError({ file: [error.message] });
    }
    const stored = await linkMediaToDeck(deps.sql, deck.id, checked.bytes, checked.mime);
    return c.json(stored, 201);
  },

  async getMedia(c, { params }) {
    const { sql } = c.get('deps');
    const user = currentUser(c);
    const hash = params.hash;
    const media = await readableMedia(sql, user.id, hash);
    if (!media) throw notFound('Media not found.');
    const etag = `"${hash}"`;
    const headers = {
      'content-type': media.mime,
      'cache-control': CACHE_CONTROL,
      etag,
      'accept-ranges': 'bytes',
    };
    if (matches(c.req.header('if-none-match'), etag)) return c.body(null, 304, headers);
    const range = requestedRange(c.req.header('range'), media.size);
    if (!range) {
      const bytes = await mediaBytes(sql, hash, 0, media.size);
      return c.body(bytes as Uint8Array<ArrayBuffer>, 200, headers);
    }
    const bytes = await mediaBytes(sql, hash, range.start, range.end - range.start + 1);
    return c.body(bytes as Uint8Array<ArrayBuffer>, 206, {
      ...headers,
      'content-range': `bytes ${range.start}-${range.end}/${media.size}`,
    });
  },
};
