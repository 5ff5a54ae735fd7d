/**
 * A deck as CSV, both ways: the export's format (`front,back,reviews,last_review`, RFC 4180) and
 * the import of the same format or of a simple `front,back` file, into a new deck's cards.
 *
 * An import is all or nothing: every bad row is named (`rows.<n>` or `rows.<n>.<column>`, `n`
 * the row's number as a spreadsheet shows it, the header being row 1 when there is one) with why,
 * the first `CSV_LIMITS.reportedRows` of them; whole-file problems are named `file`.
 */
import type { FieldErrors } from '../field-errors.ts';

export const CSV_LIMITS = {
  /** Largest file accepted (the contract's `x-max-body-bytes` adds 64 KiB of form overhead). */
  bytes: 16 * 1024 * 1024,
  /** Most cards in one file, as for an Anki package. */
  rows: 100_000,
  /** A card side, as the contract bounds it. */
  side: 5000,
  /** Bad rows named in one answer. */
  reportedRows: 100,
} as const;

/** The export's header; an import also takes `front,back` or no header (two columns a row). */
export const DECK_CSV_HEADER = ['front', 'back', 'reviews', 'last_review'] as const;
const SIMPLE_HEADER = ['front', 'back'] as const;

export const CSV_MESSAGES = {
  fileRequired: 'Attach the CSV file as a file.',
  tooLarge: `The CSV file is larger than ${CSV_LIMITS.bytes / 1024 / 1024} MiB.`,
  notUtf8: 'The CSV file is not UTF-8 text.',
  noRows: 'The CSV file has no cards.',
  tooManyRows: (n: number) =>
    `The CSV file has ${n} cards; at most ${CSV_LIMITS.rows} are imported at once.`,
  unclosedQuote: 'A quoted value is not closed before the end of the file.',
  columns: (n: number) => `Must have ${n} columns.`,
  blank: 'This field may not be blank.',
  tooLong: `Must be at most ${CSV_LIMITS.side} characters long.`,
  control: 'Must not contain control characters.',
  count: 'Must be a valid whole number.',
  dateTime: 'Must be a valid date-time.',
} as const;

/** Thrown with the fields that make the file unimportable. */
export class DeckCsvError extends Error {
  readonly fields: FieldErrors;
  constructor(fields: FieldErrors, detail: string) {
    super(detail);
    this.fields = fields;
  }
}

/** A CSV value, quoted when it holds a comma, quote or line break (RFC 4180). */
export const csvField = (value: string) =>
  /[",\r\n]/.test(value) ? `"${value.replace(/"/g, '""')}"` : value;

/** One record and the number of its first line is not kept: records are numbered as rows. */
interface Parsed {
  rows: string[][];
  /** True when the text ended inside a quoted value. */
  unclosed: boolean;
}

/** RFC 4180 records: `,` between values, `"` quoting (`""` inside), CRLF or LF between rows. */
export function parseCsv(text: string): Parsed {
  const rows: string[][] = [];
  let row: string[] = [];
  let value = '';
  let quoted = false;
  let i = 0;
  while (i < text.length) {
    const ch = text[i] as string;
    if (quoted) {
      if (ch === '"') {
        if (text[i + 1] === '"') {
          value += '"';
          i += 2;
          continue;
        }
        quoted = false;
      } else {
        value += ch;
      }
      i += 1;
      continue;
    }
    if (ch === '"' && value === '') quoted = true;
    else if (ch === ',') {
      row.push(value);
      value = '';
    } else if (ch === '\n' || ch === '\r') {
      row.push(value);
      rows.push(row);
      row = [];
      value = '';
      if (ch === '\r' && text[i + 1] === '\n') i += 1;
    } else value += ch;
    i += 1;
  }
  if (quoted || value !== '' || row.length > 0) {
    row.push(value);
    rows.push(row);
  }
  return { rows, unclosed: quoted };
}

/** Control characters (NUL included); tab and line breaks stay, card sides are multi-line. */
const CONTROL = /(?![\t\n\r])\p{Cc}/u;

const isHeader = (row: readonly string[], header: readonly string[]) =>
  row.length === header.length && row.every((v, i) => v.trim().toLowerCase() === header[i]);

export interface CsvCard {
  front: string;
  back: string;
}

/**
 * The cards of a CSV file (bytes as uploaded), or `DeckCsvError` naming the file's problem or
 * each bad row. A UTF-8 byte-order mark and blank lines are ignored.
 */
export function readDeckCsv(bytes: Uint8Array): CsvCard[] {
  const fail = (fields: FieldErrors): never => {
    const [first] = Object.values(fields);
    throw new DeckCsvError(fields, first?.[0] ?? 'The CSV file cannot be imported.');
  };
  if (bytes.length > CSV_LIMITS.bytes) fail({ file: [CSV_MESSAGES.tooLarge] });
  let text: string;
  try {
    text = new TextDecoder('utf-8', { fatal: true, ignoreBOM: false }).decode(bytes);
  } catch {
    return fail({ file: [CSV_MESSAGES.notUtf8] });
  }
  const parsed = parseCsv(text);
  // Row numbers as a spreadsheet shows them; blank lines count but carry no card.
  const numbered = parsed.rows
    .map((values, index) => ({ values, row: index + 1 }))
    .filter(({ values }) => !(values.length === 1 && values[0]?.trim() === ''));
  const first = numbered[0]?.values ?? [];
  const exported = isHeader(first, DECK_CSV_HEADER);
  const header = exported || isHeader(first, SIMPLE_HEADER);
  const records = header ? numbered.slice(1) : numbered;
  if (records.length === 0) fail({ file: [CSV_MESSAGES.noRows] });
  if (records.length > CSV_LIMITS.rows) {
    fail({ file: [CSV_MESSAGES.tooManyRows(records.length)] });
  }
  const columns = exported ? DECK_CSV_HEADER.length : SIMPLE_HEADER.length;
  const fields: FieldErrors = {};
  let badRows = 0;
  const cards: CsvCard[] = [];
  const last = records[records.length - 1];
  for (const { values, row } of records) {
    const errors: FieldErrors = {};
    if (parsed.unclosed && row === last?.row) {
      errors[`rows.${row}`] = [CSV_MESSAGES.unclosedQuote];
    } else if (values.length !== columns) {
      errors[`rows.${row}`] = [CSV_MESSAGES.columns(columns)];
    } else {
      const [front = '', back = '', reviews = '', lastReview = ''] = values;
      const side = (name: string, value: string) => {
        if (CONTROL.test(value)) errors[`rows.${row}.${name}`] = [CSV_MESSAGES.control];
        else if (!value.trim()) errors[`rows.${row}.${name}`] = [CSV_MESSAGES.blank];
        else if (value.length > CSV_LIMITS.side) {
          errors[`rows.${row}.${name}`] = [CSV_MESSAGES.tooLong];
        }
      };
      side('front', front);
      side('back', back);
      // The export's own columns: checked, so a damaged export is not taken for a good one, but
      // not imported (a count and a date are not a review history).
      if (exported) {
        if (!/^\d{1,9}$/.test(reviews.trim())) errors[`rows.${row}.reviews`] = [CSV_MESSAGES.count];
        if (lastReview.trim() !== '' && Number.isNaN(Date.parse(lastReview))) {
          errors[`rows.${row}.last_review`] = [CSV_MESSAGES.dateTime];
        }
      }
      cards.push({ front, back });
    }
    if (Object.keys(errors).length > 0) {
      badRows += 1;
      if (badRows <= CSV_LIMITS.reportedRows) Object.assign(fields, errors);
    }
  }
  if (badRows > 0) {
    const listed = Math.min(badRows, CSV_LIMITS.reportedRows);
    throw new DeckCsvError(
      fields,
      badRows === 1
        ? '1 row of the CSV file cannot be imported.'
        : `${badRows} rows of the CSV file cannot be imported; the first ${listed} are listed.`,
    );
  }
  return cards;
}
