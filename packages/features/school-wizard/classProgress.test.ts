import { describe, expect, test } from 'vitest';
import { progressCsvRows, sortStudents, sparklinePoints } from './classProgress.ts';
import { courseProgress } from './test/storyData.ts';

const students = courseProgress().assignments[0]?.students ?? [];
const names = (list: { name: string }[]) => list.map((s) => s.name);

describe('the class page’s rules', () => {
  test('sorts by a column either way, students never active last in both', () => {
    const up = sortStudents(students, { column: 'last_active', descending: false }, 'en');
    expect(names(up)).toEqual(['Diego Sosa', 'Bruno Ruiz', 'Ana García', 'Carla Díaz']);
    const down = sortStudents(students, { column: 'last_active', descending: true }, 'en');
    expect(names(down)).toEqual(['Ana García', 'Bruno Ruiz', 'Diego Sosa', 'Carla Díaz']);
    const byRetention = sortStudents(
      students,
      { column: 'predicted_retention', descending: false },
      'en',
    );
    expect(names(byRetention)[0]).toBe('Carla Díaz');
    const byName = sortStudents(students, { column: 'name', descending: false }, 'es');
    expect(names(byName)).toEqual(['Ana García', 'Bruno Ruiz', 'Carla Díaz', 'Diego Sosa']);
  });

  test('a sparkline spans the width, its highest day at the top and zero at the bottom', () => {
    const points = sparklinePoints([0, 5, 10], 80, 22).split(' ');
    expect(points).toEqual(['0.0,21.0', '40.0,11.0', '80.0,1.0']);
    expect(sparklinePoints([0, 0], 80, 22)).toBe('0.0,21.0 80.0,21.0');
  });

  test('the export has a header and one row per student in the table’s order', () => {
    const rows = progressCsvRows(students.slice(0, 2), ['h1', 'h2'], 42);
    expect(rows[0]).toEqual(['h1', 'h2']);
    expect(rows[1]?.slice(0, 6)).toEqual(['Ana García', '40', '42', '96', '31.5', '88.0']);
    expect(rows[1]?.[7]).toBe('own');
    expect(rows[2]?.[7]).toBe('pooled');
  });
});
