/** A school's statistics as chips: courses, subjects, teachers, students. */
import type { School } from '@memoria/api';
import { Chip } from '@memoria/ui';
import { useIntl } from 'react-intl';
import * as s from './schools.css.ts';

/**
 * The four counts of `School.statistics`, shown on the schools list, the wizard's finish step and
 * the management screen (`SchoolsIsland`, `SchoolIsland`). No calls of its own.
 */
export function SchoolStats({
  school,
}: {
  /** The school whose counts to show. */ school: School;
}) {
  const intl = useIntl();
  const { courses_count, subjects_count, teachers_count, students_count } = school.statistics;
  const items = [
    ['courses', courses_count],
    ['subjects', subjects_count],
    ['teachers', teachers_count],
    ['students', students_count],
  ] as const;
  return (
    <ul className={s.stats} aria-label={intl.formatMessage({ id: 'schools.stats.label' })}>
      {items.map(([key, count]) => (
        <li key={key}>
          <Chip label={intl.formatMessage({ id: `schools.stats.${key}` }, { count })} />
        </li>
      ))}
    </ul>
  );
}
