/** A course's or subject's class page: how each student does on each assigned deck, the hardest cards. */
import {
  type AssignmentProgress,
  type Course,
  type GroupKind,
  type StudentProgress,
  useGroupProgress,
} from '@memoria/api';
import { Button, Dialog, EmptyState, Select, Skeleton } from '@memoria/ui';
import { useId, useState } from 'react';
import { FormattedMessage, type IntlShape, useIntl } from 'react-intl';
import { downloadCsv, toCsv } from '../shared/csv.ts';
import { LoadFailure } from '../shared/LoadFailure.tsx';
import * as p from './classProgress.css.ts';
import {
  progressCsvRows,
  type StudentColumn,
  type StudentSort,
  sortStudents,
  sparklinePoints,
} from './classProgress.ts';
import * as s from './schools.css.ts';

/** Hardest cards listed: the class page shows the head of the list the server sorts. */
const HARDEST_CARDS = 20;
/** Predicted retention under this is shown as at risk. */
const AT_RISK = 0.7;
const SPARK = { width: 84, height: 22 };

const COLUMNS: { column: StudentColumn; id: string }[] = [
  { column: 'name', id: 'schools.progress.col.student' },
  { column: 'cards_started', id: 'schools.progress.col.started' },
  { column: 'reviews_week', id: 'schools.progress.col.reviews' },
  { column: 'minutes_week', id: 'schools.progress.col.minutes' },
  { column: 'predicted_retention', id: 'schools.progress.col.retention' },
  { column: 'last_active', id: 'schools.progress.col.lastActive' },
];

const percent = (intl: IntlShape, x: number | null) =>
  x === null ? '—' : intl.formatNumber(x, { style: 'percent', maximumFractionDigits: 0 });

function Sparkline({ counts, label }: { counts: readonly number[]; label: string }) {
  return (
    <svg
      className={p.sparkline}
      width={SPARK.width}
      height={SPARK.height}
      viewBox={`0 0 ${SPARK.width} ${SPARK.height}`}
      role="img"
      aria-label={label}
    >
      <polyline
        points={sparklinePoints(counts, SPARK.width, SPARK.height)}
        fill="none"
        stroke="currentColor"
        strokeWidth={1.5}
      />
    </svg>
  );
}

function StudentsTable({ assignment }: { assignment: AssignmentProgress }) {
  const intl = useIntl();
  const studentsTitle = useId();
  const [sort, setSort] = useState<StudentSort>({
    column: 'predicted_retention',
    descending: false,
  });
  const rows = sortStudents(assignment.students, sort, intl.locale);
  const onSort = (column: StudentColumn) =>
    setSort((now) => ({
      column,
      descending: now.column === column ? !now.descending : column !== 'name',
    }));
  const exportCsv = () => {
    const header = [
      'schools.progress.csv.student',
      'schools.progress.csv.started',
      'schools.progress.csv.total',
      'schools.progress.csv.reviews',
      'schools.progress.csv.minutes',
      'schools.progress.csv.retention',
      'schools.progress.csv.lastActive',
      'schools.progress.csv.parameters',
    ].map((id) => intl.formatMessage({ id }));
    const csv = toCsv(progressCsvRows(rows, header, assignment.cards_count));
    downloadCsv(`${assignment.desk_name}.csv`, csv);
  };
  return (
    <div className={s.section}>
      <div className={p.toolbar}>
        <h3 className={s.sectionTitle} id={studentsTitle}>
          <FormattedMessage id="schools.progress.students" />
        </h3>
        <Button size="sm" variant="secondary" onClick={exportCsv}>
          <FormattedMessage id="schools.progress.export" />
        </Button>
      </div>
      {/* Wider than a phone, it scrolls sideways: a named region the keyboard can focus and
          scroll (the last two columns have no button to tab to). */}
      {/* biome-ignore lint/a11y/noNoninteractiveTabindex: a scrolling region must be focusable. */}
      <section className={p.tableWrap} aria-labelledby={studentsTitle} tabIndex={0}>
        <table className={p.table}>
          <thead>
            <tr>
              {COLUMNS.map(({ column, id }) => (
                <th
                  key={column}
                  className={p.th}
                  scope="col"
                  aria-sort={
                    sort.column === column
                      ? sort.descending
                        ? 'descending'
                        : 'ascending'
                      : undefined
                  }
                >
                  <button type="button" className={p.sortButton} onClick={() => onSort(column)}>
                    <FormattedMessage id={id} />
                    {sort.column === column ? (sort.descending ? ' ↓' : ' ↑') : ''}
                  </button>
                </th>
              ))}
              <th className={p.th} scope="col">
                <FormattedMessage id="schools.progress.col.parameters" />
              </th>
              <th className={p.th} scope="col">
                <FormattedMessage id="schools.progress.col.days" />
              </th>
            </tr>
          </thead>
          <tbody>
            {rows.map((st) => (
              <StudentRow key={st.user_id} student={st} total={assignment.cards_count} />
            ))}
          </tbody>
        </table>
      </section>
    </div>
  );
}

function StudentRow({ student: st, total }: { student: StudentProgress; total: number }) {
  const intl = useIntl();
  // No card started: retention is 0 by definition, not a warning sign; say so neutrally.
  const notStarted = st.cards_started === 0;
  const atRisk = !notStarted && st.predicted_retention !== null && st.predicted_retention < AT_RISK;
  return (
    <tr>
      <th className={`${p.td} ${p.rowHeader}`} scope="row">
        {st.name}
      </th>
      <td className={p.td}>
        <FormattedMessage
          id="schools.progress.startedOf"
          values={{ started: st.cards_started, total }}
        />
      </td>
      <td className={p.td}>{intl.formatNumber(st.reviews_week)}</td>
      <td className={p.td}>{intl.formatNumber(st.minutes_week)}</td>
      <td className={p.td}>
        {notStarted ? (
          <span className={p.notStarted}>
            <FormattedMessage id="schools.progress.notStarted" />
          </span>
        ) : (
          <span className={atRisk ? p.low : undefined}>
            {percent(intl, st.predicted_retention)}
          </span>
        )}
      </td>
      <td className={p.td}>
        {st.last_active === null ? (
          <FormattedMessage id="schools.progress.never" />
        ) : (
          intl.formatDate(st.last_active, { dateStyle: 'medium' })
        )}
      </td>
      <td className={p.td}>
        <FormattedMessage id={`schools.progress.parameters.${st.parameters_source}`} />
      </td>
      <td className={p.td}>
        <Sparkline
          counts={st.reviews_per_day}
          label={intl.formatMessage(
            { id: 'schools.progress.sparkline' },
            { reviews: st.reviews_per_day.reduce((a, b) => a + b, 0) },
          )}
        />
      </td>
    </tr>
  );
}

function HardestCards({ assignment }: { assignment: AssignmentProgress }) {
  const intl = useIntl();
  if (assignment.cards.length === 0) return null;
  return (
    <div className={s.section}>
      <h3 className={s.sectionTitle}>
        <FormattedMessage id="schools.progress.hardest" />
      </h3>
      <ul className={p.cards}>
        {assignment.cards.slice(0, HARDEST_CARDS).map((c) => (
          <li key={c.card_id} className={p.card}>
            <span>{c.front}</span>
            <span className={s.muted}>
              {c.lapse_rate === null ? (
                <FormattedMessage
                  id="schools.progress.cardNotReviewed"
                  values={{ forget: percent(intl, c.forget_share) }}
                />
              ) : (
                <FormattedMessage
                  id="schools.progress.cardFigures"
                  values={{
                    forget: percent(intl, c.forget_share),
                    lapses: percent(intl, c.lapse_rate),
                  }}
                />
              )}
            </span>
            <span className={p.heat} aria-hidden="true">
              <span
                className={p.heatFill}
                style={{ display: 'block', width: `${Math.round((c.forget_share ?? 0) * 100)}%` }}
              />
            </span>
          </li>
        ))}
      </ul>
    </div>
  );
}

/**
 * The class page of a course or a subject, for its owner and teachers, mounted by `SchoolManager`
 * ("Progress" on each course and subject row): for each assigned deck (a picker when there are several), a
 * sortable table of the students — cards started of the deck, reviews and minutes of the last 7
 * days, predicted retention on the exam day (under 70 % in red; "Not started", neutral, for a
 * student with no card started), last review, a sparkline of
 * reviews on each of the last 14 days — with a CSV export of the table as sorted, and the
 * hardest cards: the share of the class predicted to forget each by the exam, as a heat bar.
 *
 * **Use it** from a course's or subject's row in the school area. **Don't use it** for a student's own
 * progress (the dashboard and `/progress`) or to change assignments (`AssignmentsDialog`).
 *
 * **Accessibility.** A labelled modal dialog; the table has column and row headers, each
 * sortable column header is a button and carries `aria-sort`; each sparkline is an image named
 * by its fortnight's total; the heat bars repeat a figure that is also written out. The table
 * sits in a region named "Students" that takes the focus, so the keyboard scrolls it on a phone.
 *
 * **API calls and states.** `GET /auth/courses/{id}/progress/`, or
 * `GET /auth/subjects/{id}/progress/` for a subject (`Subject`): a skeleton while it runs, "could
 * not load" with Retry when it fails, an empty state when nothing is assigned (`Empty`), the
 * class (`Default`, `Spanish`, `Phone`). The export builds the file in the browser from that
 * answer; nothing else is called.
 */
export function ClassProgressDialog({
  open,
  onClose,
  course,
  kind = 'courses',
}: {
  /** Whether the dialog shows. */
  open: boolean;
  /** Called by Close and Escape. */
  onClose: () => void;
  /** The course (or subject, with `kind="subjects"`) whose class this is. */
  course: Course;
  /** Whether `course` is a course (the default) or a subject: it picks the operation read. */
  kind?: GroupKind;
}) {
  const progress = useGroupProgress(kind, course.id, { enabled: open });
  const [chosen, setChosen] = useState<number | null>(null);
  let body: React.ReactNode;
  if (progress.isPending) body = <Skeleton variant="rect" height={160} />;
  else if (progress.isError) {
    body = (
      <LoadFailure
        messageId="schools.progress.loadFailed"
        retryId="schools.action.retry"
        onRetry={() => progress.refetch()}
      />
    );
  } else if (progress.data.assignments.length === 0) {
    body = (
      <EmptyState
        title={<FormattedMessage id="schools.progress.empty.title" />}
        description={<FormattedMessage id={`schools.progress.empty.description.${kind}`} />}
      />
    );
  } else {
    const list = progress.data.assignments;
    const assignment = list.find((a) => a.id === chosen) ?? (list[0] as AssignmentProgress);
    body = (
      <>
        {list.length > 1 ? (
          <Select
            label={<FormattedMessage id="schools.progress.deck" />}
            options={list.map((a) => ({ value: String(a.id), label: a.desk_name }))}
            value={String(assignment.id)}
            onChange={(e) => setChosen(Number(e.currentTarget.value))}
          />
        ) : null}
        <p className={s.muted}>
          {assignment.due_date ? (
            <FormattedMessage
              id="schools.progress.due"
              values={{
                deck: assignment.desk_name,
                date: <DueDate day={assignment.due_date} />,
              }}
            />
          ) : (
            <FormattedMessage
              id="schools.progress.noDate"
              values={{ deck: assignment.desk_name }}
            />
          )}
        </p>
        <StudentsTable assignment={assignment} />
        <HardestCards assignment={assignment} />
      </>
    );
  }
  return (
    <Dialog
      open={open}
      onClose={onClose}
      size="lg"
      title={<FormattedMessage id="schools.progress.title" values={{ name: course.name }} />}
      actions={
        <Button variant="text" onClick={onClose}>
          <FormattedMessage id="schools.progress.close" />
        </Button>
      }
    >
      <div className={s.section}>{body}</div>
    </Dialog>
  );
}

function DueDate({ day }: { day: string }) {
  const intl = useIntl();
  return <>{intl.formatDate(`${day}T00:00:00`, { dateStyle: 'medium' })}</>;
}
