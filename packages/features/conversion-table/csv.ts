/** The learner's table as a CSV file (the format's rules: `shared/csv.ts`). */
import type { MajorTable } from '@memoria/api';

export { csvCell, downloadCsv, toCsv } from '../shared/csv.ts';

/** Rows of the export: a header, then 00 to 99 with the saved word (empty when none). */
export function tableRows(table: MajorTable, header: readonly [string, string]): string[][] {
  return [[...header], ...table.entries.map((e) => [e.digits, e.word ?? ''])];
}
