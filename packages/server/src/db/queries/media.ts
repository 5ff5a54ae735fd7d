/** Card media: every SQL statement on `media` and `desk_media`. */
import { mediaHash, mediaUrl } from '../../domain/decks/media.ts';
import type { Query } from './pg.ts';

/** A stored media as the API answers it. */
export interface MediaRecord {
  hash: string;
  url: string;
  mime: string;
  size: number;
}

/**
 * Stores `bytes` (already checked: see `checkMedia`) under their SHA-256 unless the same bytes are
 * stored already, and links them to the deck. Uploads and the Anki import both link media this way.
 */
export async function linkMediaToDeck(
  q: Query,
  deckId: number,
  bytes: Uint8Array,
  mime: string,
): Promise<MediaRecord> {
  const hash = mediaHash(bytes);
  const size = bytes.byteLength;
  // One statement: the media row exists before the link's foreign key is checked. `on conflict do
  // nothing` keeps the first copy; the bytes are the same, as their hash is.
  await q`
    with stored as (
      insert into media (hash, mime, size, bytes)
      values (${hash}, ${mime}, ${size}, ${Buffer.from(bytes.buffer, bytes.byteOffset, bytes.byteLength)})
      on conflict (hash) do nothing
    )
    insert into desk_media (desk_id, media_hash) values (${deckId}, ${hash})
    on conflict do nothing`;
  return { hash, url: mediaUrl(hash), mime, size };
}

/**
 * The media's type and size when `userId` may read it: it is linked to a deck they own or that is
 * shared with them. Undefined otherwise, whether or not it exists.
 */
export async function readableMedia(
  q: Query,
  userId: number,
  hash: string,
): Promise<{ mime: string; size: number } | undefined> {
  const [row] = await q<{ mime: string; size: number }[]>`
    select m.mime, m.size from media m
    where m.hash = ${hash}
      and exists (
        select 1 from desk_media dm join desks d on d.id = dm.desk_id
        where dm.media_hash = m.hash
          and (d.owner_id = ${userId}
               or exists (select 1 from desk_shares s where s.desk_id = d.id and s.user_id = ${userId})))`;
  return row;
}

/** `length` bytes of the media from byte `start` (0-based). */
export async function mediaBytes(
  q: Query,
  hash: string,
  start: number,
  length: number,
): Promise<Buffer> {
  const [row] = await q<{ bytes: Buffer }[]>`
    select substring(bytes from ${start + 1} for ${length}) as bytes from media where hash = ${hash}`;
  if (!row) throw new Error(`media ${hash} vanished while it was served`);
  return row.bytes;
}
