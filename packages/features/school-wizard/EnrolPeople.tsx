/** Enrolling the people an owner's invitations brought in: their students or their teachers. */
import {
  type GroupKind,
  type MemberRole,
  type UserSummary,
  useEnroll,
  useMyEnterpriseTeachers,
  useMyStudents,
  useSchoolGroups,
} from '@memoria/api';
import { Button, EmptyState, Select, Skeleton } from '@memoria/ui';
import { type ReactNode, useState } from 'react';
import { FormattedMessage, useIntl } from 'react-intl';
import { LoadFailure } from '../shared/LoadFailure.tsx';
import { useApiForm } from '../shared/useApiForm.ts';
import * as s from './schools.css.ts';

/** A person's name as the lists show it: first and last name, else the username. */
export function personName(u: UserSummary): string {
  return [u.first_name, u.last_name].filter(Boolean).join(' ') || u.username;
}

/** `courses:3` or `subjects:5`: one select over both kinds. */
const groupValue = (kind: GroupKind, id: number) => `${kind}:${id}`;
function parseGroup(value: string): { kind: GroupKind; id: number } {
  const [kind, id] = value.split(':');
  return { kind: kind === 'subjects' ? 'subjects' : 'courses', id: Number(id) };
}

/**
 * Enrolls one of the owner's invited students (`audience="students"`) or enterprise teachers
 * (`audience="teachers"`, Enterprise+ owners) in a course or subject of the school. Shown on the
 * Students and Teachers tabs of `SchoolManager` (`SchoolIsland`) and in the wizard's invite step
 * (`SchoolsIsland`).
 *
 * **Use it** where a school's owner places people who already accepted an invitation into its
 * courses and subjects. **Don't use it** to invite people (`InvitationSections`, or the wizard's
 * invite step above it) or to create courses and subjects (`SchoolManager`).
 *
 * **API calls and states.**
 * - `GET /auth/teacher-student-relationships/my_students/` or
 *   `GET /auth/enterprise-teacher-relationships/my_enterprise_teachers/`, and the school's
 *   `GET /auth/schools/{id}/courses/` and `subjects/`: a skeleton while they load (`Loading`), an
 *   alert with Retry when one fails (`LoadError`, `GroupsLoadError`), an empty state when nobody
 *   accepted an invitation yet (`NobodyInvited`) or the school has no course or subject
 *   (`NoGroups`), else the form (`Students`, `Teachers`).
 * - Enrol: `POST /auth/courses/{id}/enroll/` or `POST /auth/subjects/{id}/enroll/`; the result is
 *   announced (`Enrolled`), a refusal shown as an alert (`Refused`).
 *
 * **Accessibility.** A section under an `h3` ("Enroll your students", "Enroll your teachers"); its
 * empty states have `h4` titles. A native form: two labelled native selects (the person, with their
 * email, and the course or subject) and a submit button. The result is `role="status"`, so it is
 * announced; load failures and refusals are `role="alert"`, the load failure with a Retry button.
 */
export function EnrolPeople({
  schoolId,
  audience: role,
}: {
  /** The school whose courses and subjects are offered. */
  schoolId: number;
  /** Whom to offer: the owner's invited students or their enterprise teachers. */
  audience: MemberRole;
}) {
  const intl = useIntl();
  const students = useMyStudents({ enabled: role === 'students' });
  const teachers = useMyEnterpriseTeachers({ enabled: role === 'teachers' });
  const people = role === 'students' ? students : teachers;
  const courses = useSchoolGroups(schoolId, 'courses');
  const subjects = useSchoolGroups(schoolId, 'subjects');
  const enroll = useEnroll();
  const [notice, setNotice] = useState<string | null>(null);
  // The choices as made; empty means the first person and group offered.
  const form = useApiForm<
    { personId: string; group: string },
    Awaited<ReturnType<typeof enroll.mutateAsync>>
  >({
    initial: { personId: '', group: '' },
    fields: [],
    failedId: 'schools.enrol.failed',
    submit: () => {
      setNotice(null);
      return enroll.mutateAsync({ ...parseGroup(chosenGroup), userId: Number(chosenPerson) });
    },
    onSuccess: (made) => {
      const name = groups.find((x) => groupValue(x.kind, x.g.id) === chosenGroup)?.g.name ?? '';
      setNotice(
        intl.formatMessage(
          { id: `schools.enrol.done.${made.role}` },
          { person: personName(made.user), group: name },
        ),
      );
    },
  });
  const list = people.data ?? [];
  const groups = [
    ...(courses.data ?? []).map((g) => ({ kind: 'courses' as const, g })),
    ...(subjects.data ?? []).map((g) => ({ kind: 'subjects' as const, g })),
  ];
  const chosenPerson: string = form.values.personId || String(list[0]?.id);
  const chosenGroup: string =
    form.values.group || groupValue(groups[0]?.kind ?? 'courses', groups[0]?.g.id ?? 0);

  const title = (
    <h3 className={s.sectionTitle}>
      <FormattedMessage id={`schools.enrol.title.${role}`} />
    </h3>
  );
  let body: ReactNode;
  if (people.isError || courses.isError || subjects.isError) {
    body = (
      <LoadFailure
        messageId={`schools.enrol.error.${role}`}
        retryId="schools.action.retry"
        onRetry={() => {
          if (people.isError) people.refetch();
          if (courses.isError) courses.refetch();
          if (subjects.isError) subjects.refetch();
        }}
      />
    );
  } else if (people.isPending || courses.isPending || subjects.isPending) {
    body = (
      <Skeleton
        variant="rect"
        height={80}
        label={intl.formatMessage({ id: `schools.enrol.loading.${role}` })}
      />
    );
  } else if (people.data.length === 0) {
    body = (
      <EmptyState
        compact
        headingLevel={4}
        title={<FormattedMessage id={`schools.enrol.none.${role}`} />}
        description={<FormattedMessage id={`schools.enrol.none.${role}.description`} />}
      />
    );
  } else if (courses.data.length + subjects.data.length === 0) {
    body = (
      <EmptyState
        compact
        headingLevel={4}
        title={<FormattedMessage id="schools.enrol.noGroups" />}
        description={<FormattedMessage id="schools.enrol.noGroups.description" />}
      />
    );
  } else {
    body = (
      <form className={s.form} onSubmit={form.onSubmit} noValidate>
        <Select
          label={<FormattedMessage id={`schools.enrol.person.${role}`} />}
          value={chosenPerson}
          onChange={(e) => form.setValue('personId', e.target.value)}
          options={list.map((u) => ({
            value: String(u.id),
            label: `${personName(u)} (${u.email})`,
          }))}
        />
        <Select
          label={<FormattedMessage id="schools.enrol.group" />}
          value={chosenGroup}
          onChange={(e) => form.setValue('group', e.target.value)}
          options={groups.map(({ kind, g }) => ({
            value: groupValue(kind, g.id),
            label: intl.formatMessage({ id: `schools.enrol.option.${kind}` }, { name: g.name }),
          }))}
        />
        {notice ? (
          <p role="status" className={s.notice}>
            {notice}
          </p>
        ) : null}
        {form.banner ? (
          <p role="alert" className={s.alert}>
            {form.banner}
          </p>
        ) : null}
        <div className={s.actions}>
          <Button type="submit" variant="secondary" loading={form.pending}>
            <FormattedMessage id={`schools.enrol.submit.${role}`} />
          </Button>
        </div>
      </form>
    );
  }
  return (
    <section className={s.section}>
      {title}
      {body}
    </section>
  );
}
