/**
 * Writes a deck as an Anki package (`.apkg`, the older `collection.anki2` SQLite format): one deck,
 * its notes with their tags (stock types as Anki's stock note types, own ones with their fields
 * and template), cards by ordinal with the learner's suspended/buried state as Anki's queue, every
 * media of the deck as a file named by its hash (the fields name them; audio as `[sound:…]`), and
 * the review history as `revlog`. The
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
import { htmlToText } from '../domain/notes/html-text.ts';
import { parseMasks } from '../domain/notes/occlusion.ts';
import type { StockNoteTypeKey } from '../domain/notes/stock-types.ts';
import { ankiFieldOf, occlusionField, STOCK_FIELD_ORDER } from './anki-notes.ts';
import { ANKI_BASIC, ANKI_STOCK, type AnkiNoteTypeDefinition } from './stock-notetypes.ts';

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

/** A note of the exported deck: a stock type's key or an own type's id, fields (HTML), tags. */
export interface ExportNote {
  id: number;
  type: StockNoteTypeKey | number;
  fields: Record<string, string>;
  tags: string[];
}

/** A card of the exported deck: its note, ordinal and the learner's suspended/buried state. */
export interface ExportCard {
  id: number;
  noteId: number;
  ordinal: number;
  suspended: boolean;
  buried: boolean;
}

export interface ExportOwnType {
  id: number;
  name: string;
  fields: string[];
  frontTemplate: string;
  backTemplate: string;
}

export interface ExportMedia {
  hash: string;
  mime: string;
  bytes: Uint8Array;
}

export interface ExportReview {
  cardId: number;
  rating: number;
  reviewedAt: Date;
  answerTimeMs: number | null;
}

export interface ExportDeck {
  name: string;
  notes: readonly ExportNote[];
  cards: readonly ExportCard[];
  ownTypes: readonly ExportOwnType[];
  media: readonly ExportMedia[];
  reviews: readonly ExportReview[];
}

const EXTENSIONS: Record<string, string> = {
  'image/png': 'png',
  'image/jpeg': 'jpg',
  'image/webp': 'webp',
  'image/gif': 'gif',
  'audio/mpeg': 'mp3',
  'audio/ogg': 'ogg',
  'audio/mp4': 'm4a',
  'audio/wav': 'wav',
  'audio/webm': 'webm',
};

/** Ids of the note types and deck: Anki's ids are creation times in ms; fixed ones keep re-exports equal. */
export const BASIC_MODEL_ID = ANKI_BASIC.id;
export const EXPORT_DECK_ID = 1_700_000_000_001;
/** An own note type's model id: this plus its id. */
export const OWN_MODEL_BASE = 1_700_000_100_000;

const LATEX_PRE =
  '\\documentclass[12pt]{article}\n\\special{papersize=3in,5in}\n\\usepackage[utf8]{inputenc}\n\\usepackage{amssymb,amsmath}\n\\pagestyle{empty}\n\\setlength{\\parindent}{0in}\n\\begin{document}\n';

/** A note type as the collection's `models` JSON holds it, with the keys Anki writes. */
function model(t: AnkiNoteTypeDefinition, mod: number) {
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
    id: t.id,
    name: t.name,
    type: t.cloze ? 1 : 0,
    ...(t.stockKind ? { originalStockKind: t.stockKind } : {}),
    mod,
    usn: -1,
    sortf: 0,
    did: EXPORT_DECK_ID,
    tmpls: t.templates.map((tmpl, ord) => ({
      name: tmpl.name,
      ord,
      qfmt: tmpl.question,
      afmt: tmpl.answer,
      bqfmt: '',
      bafmt: '',
      did: null,
      bfont: '',
      bsize: 0,
    })),
    flds: t.fields.map(field),
    css: '.card {\n  font-family: arial;\n  font-size: 20px;\n  text-align: center;\n  color: black;\n  background-color: white;\n}\n',
    latexPre: LATEX_PRE,
    latexPost: '\\end{document}',
    latexsvg: false,
    // Each template needs its first field (Anki computes the real rule again when it imports).
    req: t.cloze ? [] : t.templates.map((_, ord) => [ord, 'any', [0]]),
    tags: [],
    vers: [],
  };
}

const ownDefinition = (t: ExportOwnType): AnkiNoteTypeDefinition => ({
  id: OWN_MODEL_BASE + t.id,
  name: t.name,
  cloze: /\{\{[^}]*cloze:/.test(t.frontTemplate),
  fields: t.fields,
  templates: [{ name: 'Card 1', question: t.frontTemplate, answer: t.backTemplate }],
});

/** A deck of the `decks` JSON, with the keys Anki writes. */
const deckJson = (id: number, name: string, mod: number) => ({
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

/** The deck as an `.apkg` (schema 11, legacy media map). */
export function writeAnkiPackage(deck: ExportDeck): Uint8Array {
  const dir = mkdtempSync(path.join(tmpdir(), 'anki-export-'));
  const file = path.join(dir, 'collection.anki2');
  // Media named by hash and type, numbered in the zip as the legacy map says.
  const files: Record<string, Uint8Array> = {};
  const names: Record<string, string> = {};
  const fileByHash = new Map<string, string>();
  deck.media.forEach((m, i) => {
    const name = `${m.hash}.${EXTENSIONS[m.mime] ?? 'bin'}`;
    fileByHash.set(m.hash, name);
    names[String(i)] = name;
    files[String(i)] = m.bytes;
  });
  const fileOf = (hash: string) => fileByHash.get(hash) ?? null;
  const ownById = new Map(deck.ownTypes.map((t) => [t.id, ownDefinition(t)]));
  const definitionOf = (type: ExportNote['type']) =>
    typeof type === 'number' ? ownById.get(type) : ANKI_STOCK[type];
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
    const used = new Map<number, AnkiNoteTypeDefinition>();
    for (const note of deck.notes) {
      const definition = definitionOf(note.type);
      if (definition) used.set(definition.id, definition);
    }
    const models = Object.fromEntries([...used.values()].map((t) => [t.id, model(t, now)]));
    const conf = {
      activeDecks: [EXPORT_DECK_ID],
      curDeck: EXPORT_DECK_ID,
      newSpread: 0,
      collapseTime: 1200,
      timeLim: 0,
      estTimes: true,
      dueCounts: true,
      curModel: String([...used.keys()][0] ?? BASIC_MODEL_ID),
      nextPos: deck.cards.length + 1,
      sortType: 'noteFld',
      sortBackwards: false,
      addToCur: true,
    };
    const decks = {
      1: deckJson(1, 'Default', now),
      [EXPORT_DECK_ID]: deckJson(EXPORT_DECK_ID, deck.name, now),
    };
    db.prepare('insert into col values (1, ?, ?, ?, 11, 0, 0, 0, ?, ?, ?, ?, ?)').run(
      now,
      mod,
      mod,
      JSON.stringify(conf),
      JSON.stringify(models),
      JSON.stringify(decks),
      JSON.stringify(deckOptions(now)),
      '{}',
    );
    const insertNote = db.prepare("insert into notes values (?, ?, ?, ?, -1, ?, ?, ?, ?, 0, '')");
    // New cards (type 0), due in the deck's order; queue -1 suspended, -3 buried by the learner.
    const insertCard = db.prepare(
      "insert into cards values (?, ?, ?, ?, ?, -1, 0, ?, ?, 0, 0, 0, 0, 0, 0, 0, 0, '')",
    );
    db.exec('begin');
    const written = new Set<number>();
    for (const note of deck.notes) {
      const definition = definitionOf(note.type);
      if (!definition) continue;
      const keys = typeof note.type === 'number' ? definition.fields : STOCK_FIELD_ORDER[note.type];
      const values = keys.map((key) => {
        if (key === null) return '';
        if (key === 'masks' && note.type === 'image_occlusion') {
          try {
            return occlusionField(parseMasks(note.fields.masks ?? ''));
          } catch {
            return '';
          }
        }
        return ankiFieldOf(note.fields[key] ?? '', fileOf);
      });
      const sortField = htmlToText(values[0] ?? '');
      const tags = note.tags.length ? ` ${note.tags.join(' ')} ` : '';
      insertNote.run(
        note.id,
        `memoria-${note.id}`,
        definition.id,
        now,
        tags,
        values.join('\x1f'),
        sortField,
        fieldChecksum(sortField),
      );
      written.add(note.id);
    }
    deck.cards.forEach((c, i) => {
      if (!written.has(c.noteId)) return;
      const queue = c.suspended ? -1 : c.buried ? -3 : 0;
      insertCard.run(c.id, c.noteId, EXPORT_DECK_ID, c.ordinal - 1, now, queue, i + 1);
    });
    // Anki's revlog id is the review's time in ms and must be unique: equal times move by 1 ms.
    const usedIds = new Set<number>();
    const review = db.prepare('insert into revlog values (?, ?, -1, ?, 0, 0, 0, ?, 1)');
    for (const r of deck.reviews) {
      let id = r.reviewedAt.getTime();
      while (usedIds.has(id)) id += 1;
      usedIds.add(id);
      review.run(id, r.cardId, r.rating, r.answerTimeMs ?? 0);
    }
    db.exec('commit');
    db.close();
    return zipSync({
      'collection.anki2': readFileSync(file),
      media: new TextEncoder().encode(JSON.stringify(names)),
      ...files,
    });
  } finally {
    rmSync(dir, { recursive: true, force: true });
  }
}
