/** The profile's "Courses and subjects assigned" section. */
import { type GroupKind, useMyGroups } from '@memoria/api';
import { Card, Skeleton } from '@memoria/ui';
import type { ReactNode } from 'react';
import { FormattedMessage } from 'react-intl';
import { LoadFailure } from '../shared/LoadFailure.tsx';
import * as s from './schools.css.ts';

function Groups({ kind, items }: { kind: GroupKind; items: { id: number; name: string }[] }) {
  if (items.length === 0) return null;
  return (
    <section className={s.section}>
      <h3 className={s.sectionTitle}>
        <FormattedMessage id={`schools.assigned.${kind}`} />
      </h3>
      <ul className={s.rows}>
        {items.map((g) => (
          <li key={g.id} className={s.row}>
            {g.name}
          </li>
        ))}
      </ul>
    </section>
  );
}

/**
 * The courses and subjects the signed-in user is in (or owns), a section of `Profile` on `/profile`
 * (`ProfileIsland`): two plain lists of names, so a student or teacher sees where a school placed
 * them.
 *
 * **Use it** on the profile, read-only. **Don't use it** to manage a school's courses and subjects
 * (`SchoolManager`) or to enrol people (`EnrolPeople`).
 *
 * **API calls and states.** `GET /auth/courses/` and `GET /auth/subjects/`: a skeleton while either
 * loads (`Loading`); an alert with Retry, which reads the failed one again, when one fails
 * (`LoadError`); a sentence when both are empty (`Empty`); else the two lists, a list left out when
 * it is empty (`Assigned`).
 *
 * **Accessibility.** A section headed "Courses and subjects assigned" (`h2`) with an `h3` over each
 * list ("Courses", "Subjects"); the names are plain list items, with nothing to focus. A failed
 * read is `role="alert"` with a Retry button.
 */
export function AssignedGroups() {
  const courses = useMyGroups('courses');
  const subjects = useMyGroups('subjects');
  let body: ReactNode;
  if (courses.isPending || subjects.isPending) {
    body = <Skeleton variant="rect" height={80} />;
  } else if (courses.isError || subjects.isError) {
    body = (
      <LoadFailure
        messageId="schools.assigned.error"
        retryId="schools.action.retry"
        onRetry={() => {
          if (courses.isError) courses.refetch();
          if (subjects.isError) subjects.refetch();
        }}
      />
    );
  } else if (courses.data.length === 0 && subjects.data.length === 0) {
    body = (
      <p className={s.muted}>
        <FormattedMessage id="schools.assigned.empty" />
      </p>
    );
  } else {
    body = (
      <>
        <Groups kind="courses" items={courses.data} />
        <Groups kind="subjects" items={subjects.data} />
      </>
    );
  }
  return (
    <Card as="section" title={<FormattedMessage id="schools.assigned.title" />} headingLevel={2}>
      <div className={s.section}>{body}</div>
    </Card>
  );
}
