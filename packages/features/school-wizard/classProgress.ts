/**
 * What the class page computes from `GET auth/courses/{id}/progress/` (docs/features/teacher-view.md):
 * the students' order for a sortable column, the sparkline's points, and the CSV export's rows.
 * No fetching and no DOM here.
 */
import type { StudentProgress } from '@memoria/api';

export type StudentColumn =
  | 'name'
  | 'cards_started'
  | 'reviews_week'
  | 'minutes_week'
  | 'predicted_retention'
  | 'last_active';

export interface StudentSort {
  column: StudentColumn;
  descending: boolean;
}

/** Missing values (never active, an empty deck) go last whichever the direction. */
function value(s: StudentProgress, column: StudentColumn): string | number | null {
  if (column === 'last_active') return s.last_active === null ? null : Date.parse(s.last_active);
  return s[column];
}

export function sortStudents(
  students: readonly StudentProgress[],
  { column, descending }: StudentSort,
  locale: string,
): StudentProgress[] {
  const collator = new Intl.Collator(locale, { sensitivity: 'base' });
  return [...students].sort((a, b) => {
    const x = value(a, column);
    const y = value(b, column);
    if (x === null || y === null) return x === y ? 0 : x === null ? 1 : -1;
    const order =
      typeof x === 'string' && typeof y === 'string'
        ? collator.compare(x, y)
        : Number(x) - Number(y);
    return (descending ? -order : order) || a.user_id - b.user_id;
  });
}

/** The polyline points of a sparkline `width` × `height` over these counts (flat at 0). */
export function sparklinePoints(counts: readonly number[], width: number, height: number): string {
  const top = Math.max(...counts, 1);
  const step = counts.length > 1 ? width / (counts.length - 1) : 0;
  return counts
    .map((n, i) => `${(i * step).toFixed(1)},${(height - (n / top) * (height - 2) - 1).toFixed(1)}`)
    .join(' ');
}

/**
 * The export's rows: a header, then one row per student in the given order. Retention is a
 * percentage with one decimal, dates ISO: what a spreadsheet sorts and reads in any locale.
 */
export function progressCsvRows(
  students: readonly StudentProgress[],
  header: readonly string[],
  cardsCount: number,
): string[][] {
  return [
    [...header],
    ...students.map((s) => [
      s.name,
      String(s.cards_started),
      String(cardsCount),
      String(s.reviews_week),
      String(s.minutes_week),
      s.predicted_retention === null ? '' : (s.predicted_retention * 100).toFixed(1),
      s.last_active ?? '',
      s.parameters_source,
    ]),
  ];
}
