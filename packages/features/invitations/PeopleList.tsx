import { type UserSummary, useMyEnterpriseTeachers, useMyStudents } from '@memoria/api';
import { Card, Skeleton } from '@memoria/ui';
import type { UseQueryResult } from '@tanstack/react-query';
import { FormattedMessage, useIntl } from 'react-intl';
import { LoadFailure } from '../shared/LoadFailure.tsx';
import * as s from './invitations.css.ts';

type Which = 'students' | 'teachers';

function People({ which, query }: { which: Which; query: UseQueryResult<UserSummary[]> }) {
  const intl = useIntl();
  let body: React.ReactNode;
  if (query.isPending) body = <Skeleton height={80} />;
  else if (query.isError) {
    body = (
      <LoadFailure
        messageId={`invitations.${which}.loadFailed`}
        retryId="invitations.retry"
        onRetry={() => query.refetch()}
      />
    );
  } else if (query.data.length === 0) {
    body = (
      <p className={s.muted}>
        <FormattedMessage id={`invitations.${which}.empty`} />
      </p>
    );
  } else {
    body = (
      <ul className={s.list}>
        {query.data.map((person) => (
          <li key={person.id} className={s.person}>
            <span className={s.name}>
              {[person.first_name, person.last_name].filter(Boolean).join(' ') || person.username}
            </span>
            <span className={s.muted}>
              @{person.username} · {person.email}
            </span>
          </li>
        ))}
      </ul>
    );
  }
  return (
    <Card
      as="section"
      title={intl.formatMessage({ id: `invitations.${which}.title` })}
      headingLevel={2}
    >
      {body}
    </Card>
  );
}

/**
 * The teacher's students on `/profile` (`GET auth/teacher-student-relationships/my_students/`):
 * a skeleton, the error with Retry, an empty note, or each student's name, username and email.
 */
export function MyStudents() {
  return <People which="students" query={useMyStudents()} />;
}

/**
 * The Enterprise+ owner's teachers on `/profile`
 * (`GET auth/enterprise-teacher-relationships/my_enterprise_teachers/`), in the same states.
 */
export function EnterpriseTeachers() {
  return <People which="teachers" query={useMyEnterpriseTeachers()} />;
}
