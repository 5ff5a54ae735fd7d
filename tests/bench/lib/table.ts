// The two ways the bench prints its rows: aligned columns for a script's own table, and a
// Markdown table for the rows copied into docs/performance.
import type { LoadFigures } from '../child.ts';

const widthsOf = (rows: string[][]) =>
  rows[0]?.map((_, i) => Math.max(...rows.map((row) => (row[i] ?? '').length))) ?? [];

/** Each row on a line, its cells padded to their column's width, two spaces apart. */
export function printColumns(rows: string[][]): void {
  const widths = widthsOf(rows);
  for (const row of rows) console.log(row.map((c, i) => c.padEnd(widths[i] ?? 0)).join('  '));
}

/**
 * A Markdown table (the first row is the header) after an empty line; with `numbersRight`, every
 * column but the first is right-aligned.
 */
export function printMarkdownTable(rows: string[][], { numbersRight = false } = {}): void {
  const widths = widthsOf(rows);
  const cell = (c: string, i: number) =>
    numbersRight && i > 0 ? c.padStart(widths[i] ?? 0) : c.padEnd(widths[i] ?? 0);
  const line = (row: string[]) => `| ${row.map(cell).join(' | ')} |`;
  console.log();
  console.log(line(rows[0] ?? []));
  console.log(`|${widths.map((w) => '-'.repeat(w + 2)).join('|')}|`);
  for (const row of rows.slice(1)) console.log(line(row));
}

/** The header of a load table: what `loadCells` prints, after the row's name and connections. */
export const LOAD_HEAD = ['row', 'conn.', 'requests/s', 'p50 ms', 'p99 ms', 'requests', 'non-2xx'];

/** A load row's figures as printed: requests/s, p50 and p99 in ms, requests, non-2xx answers. */
export function loadCells(r: LoadFigures): string[] {
  return [
    r.requests.average.toFixed(0),
    r.latency.p50.toFixed(1),
    r.latency.p99.toFixed(1),
    String(r.requests.total),
    String(r.non2xx),
  ];
}
