/**
 * Tables as CSV files a spreadsheet opens as written: UTF-8 with a byte-order mark (Excel reads ñ
 * and accents right only with it), CRLF line ends and RFC 4180 quoting. A cell that a spreadsheet
 * would run as a formula (starting with = + - @, a tab or a carriage return) gets a leading
 * apostrophe, so a word can never become a formula (CSV injection).
 */

const FORMULA_START = /^[=+\-@\t\r]/;

/** One cell: defused if it could be read as a formula, quoted if it holds `"`, `,` or a line end. */
export function csvCell(value: string): string {
  const safe = FORMULA_START.test(value) ? `'${value}` : value;
  return /[",\r\n]/.test(safe) ? `"${safe.replaceAll('"', '""')}"` : safe;
}

export function toCsv(rows: readonly (readonly string[])[]): string {
  return `\uFEFF${rows.map((row) => row.map(csvCell).join(',')).join('\r\n')}\r\n`;
}

/** Offers `text` as a file download (a Blob URL on a temporary link). */
export function downloadCsv(fileName: string, text: string): void {
  const url = URL.createObjectURL(new Blob([text], { type: 'text/csv;charset=utf-8' }));
  const link = document.createElement('a');
  link.href = url;
  link.download = fileName;
  link.hidden = true;
  document.body.append(link);
  link.click();
  link.remove();
  // The download has started from the URL by now; it is no longer needed.
  setTimeout(() => URL.revokeObjectURL(url), 0);
}
