/**
 * Writes a deck as an Anki package (`.apkg`, the older `collection.anki2` SQLite format): one deck,
 * its cards as notes of Anki's stock "Basic" note type (Front and Back fields, one "Card 1"
 * template), images as media files the fields name, and the review history as `revlog`. The
 * tables, indexes and `col` JSON are those of Anki's schema 11 (note type, deck, deck options and
 * collection settings, each with the keys Anki writes). `package-writer.test.ts` reads the file
 * back and checks them; opening it in Anki itself is not part of any test here.
 */
import { createHash } from 'node:crypto';
import { mkdtempSync, readFileSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { DatabaseSync } from 'node:sqlite';
import { zipSync } from 'fflate';

/**
 * The tables of Anki's schema 11 (`rslib/src/storage/schema11.sql`), without its indexes: what an
 * exported package holds, and what the reader's test packages are built from. `sfld` is declared
 * text here, where Anki declares it integer (SQLite's affinity would turn a numeric sort field
 * into a number); nothing reads it back.
 */
export const ANKI_SCHEMA_11_TABLES = `
  create table col (id integer primary key, crt integer not null, mod integer not null,
    scm integer not null, ver integer not null, dty integer not null, usn integer not null,
    ls integer not null, conf text not null, models text not null, decks text not null,
    dconf text not null, tags text not null);
  create table notes (id integer primary key, guid text not null, mid integer not null,
    mod integer not null, usn integer not null, tags text not null, flds text not null,
    sfld text not null, csum integer not null, flags integer not null, data text not null);
  create table cards (id integer primary key, nid integer not null, did integer not null,
    ord integer not null, mod integer not null, usn integer not null, type integer not null,
    queue integer not null, due integer not null, ivl integer not null, factor integer not null,
    reps integer not null, lapses integer not null, left integer not null, odue integer not null,
    odid integer not null, flags integer not null, data text not null);
  create table revlog (id integer primary key, cid integer not null, usn integer not null,
    ease integer not null, ivl integer not null, lastIvl integer not null,
    factor integer not null, time integer not null, type integer not null);
  create table graves (usn integer not null, oid integer not null, type integer not null);`;

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

/** Ids of the note type and deck: Anki's ids are creation times in ms; fixed ones keep re-exports equal. */
export const BASIC_MODEL_ID = 1_700_000_000_000;
export const EXPORT_DECK_ID = 1_700_000_000_001;

/** Anki's stock "Basic" note type, as the collection's `models` JSON holds it. */
function basicModel(mod: number) {
  const field = (name: string, ord: number) => ({
    name,
    ord,
    sticky: false,
    rtl: false,
    font: 'Arial',
    size: 20,
    media: [],
  });
  return {
    id: BASIC_MODEL_ID,
    name: 'Basic',
    type: 0,
    mod,
    usn: -1,
    sortf: 0,
    did: EXPORT_DECK_ID,
    tmpls: [
      {
        name: 'Card 1',
        ord: 0,
        qfmt: '{{Front}}',
        afmt: '{{FrontSide}}\n\n<hr id=answer>\n\n{{Back}}',
        bqfmt: '',
        bafmt: '',
        did: null,
        bfont: '',
        bsize: 0,
      },
    ],
    flds: [field('Front', 0), field('Back', 1)],
    css: '.card {\n  font-family: arial;\n  font-size: 20px;\n  text-align: center;\n  color: black;\n  background-color: white;\n}\n',
    latexPre:
      '\\documentclass[12pt]{article}\n\\special{papersize=3in,5in}\n\\usepackage[utf8]{inputenc}\n\\usepackage{amssymb,amsmath}\n\\pagestyle{empty}\n\\setlength{\\parindent}{0in}\n\\begin{document}\n',
    latexPost: '\\end{document}',
    latexsvg: false,
    // The one template needs the Front field: a note with an empty Front makes no card.
    req: [[0, 'any', [0]]],
    tags: [],
    vers: [],
  };
}

/** A deck of the `decks` JSON, with the keys Anki writes. */
const deck = (id: number, name: string, mod: number) => ({
  id,
  name,
  mod,
  usn: -1,
  desc: '',
  dyn: 0,
  conf: 1,
  collapsed: false,
  browserCollapsed: false,
  extendNew: 10,
  extendRev: 50,
  newToday: [0, 0],
  revToday: [0, 0],
  lrnToday: [0, 0],
  timeToday: [0, 0],
});

/** Anki's default deck options (group 1). */
const deckOptions = (mod: number) => ({
  1: {
    id: 1,
    name: 'Default',
    mod,
    usn: -1,
    maxTaken: 60,
    autoplay: true,
    timer: 0,
    replayq: true,
    dyn: false,
    new: {
      delays: [1, 10],
      ints: [1, 4, 0],
      initialFactor: 2500,
      order: 1,
      perDay: 20,
      bury: false,
    },
    rev: { perDay: 200, ease4: 1.3, ivlFct: 1, maxIvl: 36500, hardFactor: 1.2, bury: false },
    lapse: { delays: [10], mult: 0, minInt: 1, leechFails: 8, leechAction: 1 },
  },
});

/** Anki's note checksum: the first 8 hex digits of the SHA-1 of the first field's text. */
export const fieldChecksum = (text: string) =>
  Number.parseInt(createHash('sha1').update(text).digest('hex').slice(0, 8), 16);

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
    db.exec(`${ANKI_SCHEMA_11_TABLES}
      create index ix_notes_usn on notes (usn);
      create index ix_cards_usn on cards (usn);
      create index ix_revlog_usn on revlog (usn);
      create index ix_cards_nid on cards (nid);
      create index ix_cards_sched on cards (did, queue, due);
      create index ix_revlog_cid on revlog (cid);
      create index ix_notes_csum on notes (csum);`);
    const now = Math.floor(Date.now() / 1000);
    const mod = now * 1000;
    const conf = {
      activeDecks: [EXPORT_DECK_ID],
      curDeck: EXPORT_DECK_ID,
      newSpread: 0,
      collapseTime: 1200,
      timeLim: 0,
      estTimes: true,
      dueCounts: true,
      curModel: String(BASIC_MODEL_ID),
      nextPos: cards.length + 1,
      sortType: 'noteFld',
      sortBackwards: false,
      addToCur: true,
    };
    const decks = {
      1: deck(1, 'Default', now),
      [EXPORT_DECK_ID]: deck(EXPORT_DECK_ID, deckName, now),
    };
    db.prepare('insert into col values (1, ?, ?, ?, 11, 0, 0, 0, ?, ?, ?, ?, ?)').run(
      now,
      mod,
      mod,
      JSON.stringify(conf),
      JSON.stringify({ [BASIC_MODEL_ID]: basicModel(now) }),
      JSON.stringify(decks),
      JSON.stringify(deckOptions(now)),
      '{}',
    );
    const note = db.prepare("insert into notes values (?, ?, ?, ?, -1, '', ?, ?, ?, 0, '')");
    // New cards (type and queue 0), due in the deck's order.
    const card = db.prepare(
      "insert into cards values (?, ?, ?, 0, ?, -1, 0, 0, ?, 0, 0, 0, 0, 0, 0, 0, 0, '')",
    );
    db.exec('begin');
    cards.forEach((c, i) => {
      const front = field(c.front, c.frontImage, `memoria-${c.id}-front`);
      const back = field(c.back, c.backImage, `memoria-${c.id}-back`);
      const guid = `memoria-${c.id}`;
      note.run(
        c.id,
        guid,
        BASIC_MODEL_ID,
        now,
        `${front}\x1f${back}`,
        c.front,
        fieldChecksum(c.front),
      );
      card.run(c.id, c.id, EXPORT_DECK_ID, now, i + 1);
    });
    // Anki's revlog id is the review's time in ms and must be unique: equal times move by 1 ms.
    const used = new Set<number>();
    const review = db.prepare('insert into revlog values (?, ?, -1, ?, 0, 0, 0, ?, 1)');
    for (const r of reviews) {
      let id = r.reviewedAt.getTime();
      while (used.has(id)) id += 1;
      used.add(id);
      review.run(id, r.cardId, r.rating, r.answerTimeMs ?? 0);
    }
    db.exec('commit');
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
