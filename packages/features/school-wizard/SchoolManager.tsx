/** A school's management screen: its details, statistics, and tabs of courses, subjects and people. */
import {
  type Course,
  type GroupKind,
  type MemberRole,
  useAccountInfo,
  useMe,
  useSchool,
  useSchoolGroups,
  useSchoolMembers,
} from '@memoria/api';
import { Button, EmptyState, IconButton, PlusIcon, Skeleton, Snackbar, Tabs } from '@memoria/ui';
import { useState } from 'react';
import { FormattedMessage, useIntl } from 'react-intl';
import { LoadFailure } from '../shared/LoadFailure.tsx';
import * as page from '../shared/page.css.ts';
import { AssignmentsDialog } from './AssignmentsDialog.tsx';
import { ClassProgressDialog } from './ClassProgressDialog.tsx';
import { EnrolPeople, personName } from './EnrolPeople.tsx';
import { DeleteGroupDialog, GroupDialog } from './GroupDialog.tsx';
import { SchoolStats } from './SchoolStats.tsx';
import { SchoolWizard } from './SchoolWizard.tsx';
import * as s from './schools.css.ts';

type Dialog =
  | { kind: GroupKind; mode: 'new' }
  | { kind: GroupKind; mode: 'edit' | 'delete' | 'assignments' | 'progress'; group: Course };

function GroupList({
  schoolId,
  kind,
  onDialog,
}: {
  schoolId: number;
  kind: GroupKind;
  onDialog: (d: Dialog) => void;
}) {
  const intl = useIntl();
  const groups = useSchoolGroups(schoolId, kind);
  const add = (
    <Button size="sm" onClick={() => onDialog({ kind, mode: 'new' })}>
      <PlusIcon /> <FormattedMessage id={`schools.group.new.${kind}`} />
    </Button>
  );
  if (groups.isPending) return <Skeleton variant="rect" height={120} />;
  if (groups.isError) {
    return (
      <LoadFailure
        messageId="schools.error.load"
        retryId="schools.action.retry"
        onRetry={() => groups.refetch()}
      />
    );
  }
  if (groups.data.length === 0) {
    return (
      <EmptyState
        title={<FormattedMessage id={`schools.${kind}.empty.title`} />}
        description={<FormattedMessage id={`schools.${kind}.empty.description`} />}
        action={add}
      />
    );
  }
  return (
    <div className={s.section}>
      <div className={s.actions}>{add}</div>
      <ul className={s.rows}>
        {groups.data.map((g) => (
          <li key={g.id} className={s.row}>
            <span className={s.rowText}>
              <strong>{g.name}</strong>
              {g.description ? <span className={s.muted}>{g.description}</span> : null}
              <span className={s.muted}>
                <FormattedMessage
                  id="schools.group.counts"
                  values={{ students: g.students_count, teachers: g.teachers_count }}
                />
              </span>
            </span>
            <span className={s.actions}>
              <Button
                size="sm"
                variant="secondary"
                aria-label={intl.formatMessage(
                  { id: 'schools.assignments.openNamed' },
                  { name: g.name },
                )}
                onClick={() => onDialog({ kind, mode: 'assignments', group: g })}
              >
                <FormattedMessage id="schools.assignments.open" />
              </Button>
              <Button
                size="sm"
                variant="secondary"
                aria-label={intl.formatMessage(
                  { id: 'schools.progress.openNamed' },
                  { name: g.name },
                )}
                onClick={() => onDialog({ kind, mode: 'progress', group: g })}
              >
                <FormattedMessage id="schools.progress.open" />
              </Button>
              <Button
                size="sm"
                variant="secondary"
                aria-label={intl.formatMessage({ id: 'schools.group.editNamed' }, { name: g.name })}
                onClick={() => onDialog({ kind, mode: 'edit', group: g })}
              >
                <FormattedMessage id="schools.action.editShort" />
              </Button>
              <IconButton
                aria-label={intl.formatMessage(
                  { id: 'schools.group.deleteNamed' },
                  { name: g.name },
                )}
                onClick={() => onDialog({ kind, mode: 'delete', group: g })}
              >
                <span aria-hidden="true">✕</span>
              </IconButton>
            </span>
          </li>
        ))}
      </ul>
    </div>
  );
}

/**
 * Whom the signed-in user may enroll in this school: nobody unless they own it; their invited
 * students; their enterprise teachers too on Enterprise+ (the accounts that invite teachers).
 */
function useEnrollableRoles(ownerId: number | undefined): MemberRole[] {
  const me = useMe();
  const account = useAccountInfo();
  if (ownerId === undefined || me.data?.id !== ownerId) return [];
  return account.data?.account_type === 'enterprise_plus' ? ['students', 'teachers'] : ['students'];
}

function MemberList({ schoolId, role }: { schoolId: number; role: MemberRole }) {
  const members = useSchoolMembers(schoolId, role);
  if (members.isPending) return <Skeleton variant="rect" height={120} />;
  if (members.isError) {
    return (
      <LoadFailure
        messageId="schools.error.load"
        retryId="schools.action.retry"
        onRetry={() => members.refetch()}
      />
    );
  }
  if (members.data.length === 0) {
    return (
      <EmptyState
        title={<FormattedMessage id={`schools.${role}.empty.title`} />}
        description={<FormattedMessage id={`schools.${role}.empty.description`} />}
      />
    );
  }
  return (
    <ul className={s.rows}>
      {members.data.map((u) => (
        <li key={u.id} className={s.row}>
          <span className={s.rowText}>
            <strong>{personName(u)}</strong>
            <span className={s.muted}>
              @{u.username} · {u.email}
            </span>
          </span>
        </li>
      ))}
    </ul>
  );
}

/**
 * The management screen of one school on `/schools/{id}`, mounted by `SchoolIsland`: details and
 * statistics, Edit school (the wizard on this school), and tabs of courses, subjects, teachers and
 * students, each with its empty state; courses and subjects have their forms.
 *
 * **Use it** for the page of one school its owner or a member manages. **Don't use it** for the
 * list of schools (`SchoolList`) or to create one (`SchoolWizard`).
 *
 * **API calls and states.**
 * - `GET /auth/schools/{id}/`: skeleton (`Loading`), an alert with Retry (`LoadError`), a school of
 *   another organisation answers 404 and shows the same alert.
 * - `GET /auth/schools/{id}/courses/`, `subjects/`, `teachers/`, `students/` per tab: lists
 *   (`Managed`) or empty states (`Empty`).
 * - `GET /auth/users/me/` and `GET /auth/users/account_info/`: the school's owner gets
 *   `EnrolPeople` above the Students tab's list (`Students`), and on Enterprise+ above the Teachers
 *   tab's too (`TeachersEnterprisePlus`); members who only teach do not (`NotOwner`).
 * - `POST /auth/courses/` or `subjects/` (New course), `PATCH …/{id}/` (Edit), `DELETE …/{id}/`
 *   (confirmed) through `GroupDialog` and `DeleteGroupDialog` (`NewCourse`).
 *
 * **Accessibility.** The school's name is the page's `h1`. The four lists are WAI-ARIA tabs (one
 * tab stop; Left and Right switch, Home and End jump), each panel labelled by its tab. Each row's
 * Edit and Delete buttons name the course or subject they act on; the course and subject dialogs
 * are modal, focus their first field (Enter saves) or, to delete, start on Cancel, and return focus
 * to the button that opened them. Their failures are `role="alert"`; a change is confirmed by a
 * snackbar (`role="status"`).
 */
export function SchoolManager({ schoolId }: { /** The school's id. */ schoolId: number }) {
  const intl = useIntl();
  const school = useSchool(schoolId);
  const enrollable = useEnrollableRoles(school.data?.owner_id);
  const [dialog, setDialog] = useState<Dialog | null>(null);
  const [editing, setEditing] = useState(false);
  const [notice, setNotice] = useState<string | null>(null);
  const close = () => setDialog(null);

  if (school.isPending) {
    return (
      <div className={page.appPage} aria-busy="true">
        <Skeleton
          variant="rect"
          height={160}
          label={intl.formatMessage({ id: 'schools.loading' })}
        />
      </div>
    );
  }
  if (school.isError) {
    return (
      <div className={page.appPage}>
        <LoadFailure
          messageId="schools.error.load"
          retryId="schools.action.retry"
          onRetry={() => school.refetch()}
        />
        <a href="/schools">
          <FormattedMessage id="schools.action.allSchools" />
        </a>
      </div>
    );
  }
  const data = school.data;
  if (editing) {
    return (
      <div className={page.appPage}>
        <SchoolWizard school={data} onCancel={() => setEditing(false)} />
      </div>
    );
  }
  const tab = (kind: GroupKind | MemberRole) => ({
    id: kind,
    label: intl.formatMessage({ id: `schools.tabs.${kind}` }),
    content:
      kind === 'courses' || kind === 'subjects' ? (
        <GroupList schoolId={data.id} kind={kind} onDialog={setDialog} />
      ) : (
        <div className={s.section}>
          {enrollable.includes(kind) ? <EnrolPeople schoolId={data.id} audience={kind} /> : null}
          <MemberList schoolId={data.id} role={kind} />
        </div>
      ),
  });
  return (
    <div className={page.appPage}>
      <a href="/schools">
        <FormattedMessage id="schools.action.allSchools" />
      </a>
      <header className={s.header}>
        <div className={s.rowText}>
          <h1 className={page.pageTitle}>{data.name}</h1>
          <span className={s.muted}>
            {[data.address, data.phone, data.email, data.website].filter(Boolean).join(' · ')}
          </span>
        </div>
        <Button variant="secondary" onClick={() => setEditing(true)}>
          <FormattedMessage id="schools.action.edit" />
        </Button>
      </header>
      <SchoolStats school={data} />
      <Tabs
        aria-label={intl.formatMessage({ id: 'schools.tabs.label' })}
        tabs={[tab('courses'), tab('subjects'), tab('teachers'), tab('students')]}
      />
      {dialog?.mode === 'new' || dialog?.mode === 'edit' ? (
        <GroupDialog
          open
          onClose={close}
          kind={dialog.kind}
          schoolId={data.id}
          group={dialog.mode === 'edit' ? dialog.group : undefined}
        />
      ) : null}
      {dialog?.mode === 'assignments' ? (
        <AssignmentsDialog open onClose={close} kind={dialog.kind} group={dialog.group} />
      ) : null}
      {dialog?.mode === 'progress' ? (
        <ClassProgressDialog open onClose={close} kind={dialog.kind} course={dialog.group} />
      ) : null}
      {dialog?.mode === 'delete' ? (
        <DeleteGroupDialog
          open
          onClose={close}
          kind={dialog.kind}
          group={dialog.group}
          onDeleted={(name) =>
            setNotice(intl.formatMessage({ id: 'schools.group.deleted' }, { name }))
          }
        />
      ) : null}
      <Snackbar open={notice !== null} message={notice ?? ''} onClose={() => setNotice(null)} />
    </div>
  );
}
