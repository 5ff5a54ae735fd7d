/**
 * Writes a desk as an Anki package (`.apkg`, the older `collection.anki2` SQLite format): one deck,
 * its cards as basic notes (front and back fields, images as media files the fields name) and the
 * review history as `revlog`. The tables carry the columns of Anki's schema 11 that `readAnkiPackage`
 * reads; whether Anki itself opens the file is not checked by any test here.
 */
import { mkdtempSync, readFileSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { DatabaseSync } from 'node:sqlite';
import { zipSync } from 'fflate';

export interface ExportCard {
  id: number;
  front: string;
  back: string;
  frontImage: { bytes: Buffer; type: string } | null;
  backImage: { bytes: Buffer; type: string } | null;
}

export interface ExportReview {
  cardId: number;
  rating: number;
  reviewedAt: Date;
  answerTimeMs: number | null;
}

const EXTENSIONS: Record<string, string> = {
  'image/png': 'png',
  'image/jpeg': 'jpg',
  'image/webp': 'webp',
  'image/gif': 'gif',
};

const escapeHtml = (text: string) =>
  text.replace(/&/g, '&amp;').replace(/</g, '&lt;').replace(/>/g, '&gt;').replace(/\n/g, '<br>');

export function writeAnkiPackage(
  deckName: string,
  cards: readonly ExportCard[],
  reviews: readonly ExportReview[],
): Uint8Array {
  const dir = mkdtempSync(path.join(tmpdir(), 'anki-export-'));
  const file = path.join(dir, 'collection.anki2');
  const media: Record<string, Uint8Array> = {};
  const names: Record<string, string> = {};
  const field = (text: string, image: ExportCard['frontImage'], name: string) => {
    if (!image) return escapeHtml(text);
    const fileName = `${name}.${EXTENSIONS[image.type] ?? 'png'}`;
    const index = String(Object.keys(names).length);
    names[index] = fileName;
    media[index] = image.bytes;
    return `${escapeHtml(text)}<img src="${fileName}">`;
  };
  try {
    const db = new DatabaseSync(file);
    db.exec(`
      create table col (id integer primary key, crt integer not null, mod integer not null,
        scm integer not null, ver integer not null, dty integer not null, usn integer not null,
        ls integer not null, conf text not null, models text not null, decks text not null,
        dconf text not null, tags text not null);
      create table notes (id integer primary key, guid text not null, mid integer not null,
        mod integer not null, usn integer not null, tags text not null, flds text not null,
        sfld text not null, csum integer not null, flags integer not null, data text not null);
      create table cards (id integer primary key, nid integer not null, did integer not null,
        ord integer not null, mod integer not null, usn integer not null, type integer not null,
        queue integer not null, due integer not null, ivl integer not null,
        factor integer not null, reps integer not null, lapses integer not null,
        left integer not null, odue integer not null, odid integer not null,
        flags integer not null, data text not null);
      create table revlog (id integer primary key, cid integer not null, usn integer not null,
        ease integer not null, ivl integer not null, lastIvl integer not null,
        factor integer not null, time integer not null, type integer not null);
      create table graves (usn integer not null, oid integer not null, type integer not null);`);
    const now = Math.floor(Date.now() / 1000);
    const deckId = 1;
    const decks = { [deckId]: { id: deckId, name: deckName } };
    db.prepare('insert into col values (1, ?, ?, ?, 11, 0, 0, 0, ?, ?, ?, ?, ?)').run(
      now,
      now * 1000,
      now * 1000,
      '{}',
      '{}',
      JSON.stringify(decks),
      '{}',
      '{}',
    );
    const note = db.prepare("insert into notes values (?, ?, 1, ?, -1, '', ?, ?, 0, 0, '')");
    const card = db.prepare(
      "insert into cards values (?, ?, ?, 0, ?, -1, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, '')",
    );
    for (const c of cards) {
      const front = field(c.front, c.frontImage, `memoria-${c.id}-front`);
      const back = field(c.back, c.backImage, `memoria-${c.id}-back`);
      note.run(c.id, `memoria-${c.id}`, now, `${front}\x1f${back}`, c.front);
      card.run(c.id, c.id, deckId, now);
    }
    // Anki's revlog id is the review's time in ms and must be unique: equal times move by 1 ms.
    const used = new Set<number>();
    const review = db.prepare('insert into revlog values (?, ?, -1, ?, 0, 0, 0, ?, 1)');
    for (const r of reviews) {
      let id = r.reviewedAt.getTime();
      while (used.has(id)) id += 1;
      used.add(id);
      review.run(id, r.cardId, r.rating, r.answerTimeMs ?? 0);
    }
    db.close();
    return zipSync({
      'collection.anki2': readFileSync(file),
      media: new TextEncoder().encode(JSON.stringify(names)),
      ...media,
    });
  } finally {
    rmSync(dir, { recursive: true, force: true });
  }
}
