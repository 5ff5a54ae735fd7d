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
 * The courses and subjects the signed-in user is in (or owns), composed into `ProfileIsland`'s
 * page by `Profile`. Calls `GET /auth/courses/` and `GET /auth/subjects/`: a skeleton while
 * either loads (`Loading`), an alert with Retry when one fails (`LoadError`), a sentence when both
 * are empty (`Empty`), else the two lists (`Assigned`).
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
