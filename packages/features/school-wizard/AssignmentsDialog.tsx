/** A course's or subject's assigned decks: add one with an exam date, change the date, remove. */
import {
  type Assignment,
  type Course,
  type GroupKind,
  useAssignments,
  useDecks,
  useDeleteAssignment,
  useSaveAssignment,
} from '@memoria/api';
import { Button, Dialog, EmptyState, Select, Skeleton, TextField } from '@memoria/ui';
import { useId, useState } from 'react';
import { FormattedMessage, useIntl } from 'react-intl';
import { StartLiveQuizButton } from '../live-quiz/index.ts';
import { errorMessage } from '../shared/errors.ts';
import { LoadFailure } from '../shared/LoadFailure.tsx';
import { useApiForm } from '../shared/useApiForm.ts';
import * as s from './schools.css.ts';

/**
 * The assignments of a course or subject, for its owner and teachers, mounted by `SchoolIsland`
 * through `SchoolManager` ("Assignments" on each course or subject): the decks the class studies,
 * each with its exam date, "Change date" and "Remove"; below, a form to assign one of the
 * teacher's own decks with an optional exam date (or, after "Change date", to change it).
 *
 * **Use it** from a course's or subject's row in the school area. **Don't use it** for sharing a
 * deck with named people (the deck's share dialog) or for a student's view of what they were
 * given (the dashboard's "Assigned").
 *
 * **Accessibility.** A labelled modal dialog; the list is a `ul` whose buttons are named by their
 * deck ("Remove Capitals"); the form's deck picker and date are labelled fields, errors under
 * them or in a `role="alert"` banner.
 *
 * **API calls and states.** `GET /auth/courses/{id}/assignments/` (or `subjects/`): a skeleton
 * while it runs, "could not load" with Retry when it fails, an empty state without assignments
 * (`Empty`), the list (`Default`, `Spanish`, `Phone`). `GET /space-repetition/desks/`: the
 * teacher's own decks in the picker. `POST …/assignments/`, `PUT …/assignments/{id}/` (a past
 * date shows under the date: `PastDate`), `DELETE …/assignments/{id}/`.
 */
export function AssignmentsDialog({
  open,
  onClose,
  kind,
  group,
}: {
  /** Whether the dialog shows. */
  open: boolean;
  /** Called by Close and Escape. */
  onClose: () => void;
  /** Courses or subjects. */
  kind: GroupKind;
  /** The course or subject whose assignments these are. */
  group: Course;
}) {
  const intl = useIntl();
  const formId = useId();
  const assignments = useAssignments(kind, group.id);
  const decks = useDecks();
  const save = useSaveAssignment();
  const remove = useDeleteAssignment();
  const [editing, setEditing] = useState<Assignment | null>(null);
  const [removeError, setRemoveError] = useState<string | null>(null);
  const form = useApiForm({
    initial: { desk_id: '', due_date: '' },
    fields: ['desk_id', 'due_date'],
    failedId: 'schools.assignments.failed',
    validate: ({ desk_id }) =>
      editing || desk_id ? null : { fieldIds: { desk_id: 'schools.assignments.deckRequired' } },
    submit: ({ desk_id, due_date }) =>
      save.mutateAsync({
        kind,
        groupId: group.id,
        id: editing?.id,
        deskId: editing ? editing.desk_id : Number(desk_id),
        dueDate: due_date || null,
      }),
    onSuccess: () => {
      setEditing(null);
      form.setValues({ desk_id: '', due_date: '' });
    },
  });
  const assigned = new Set((assignments.data ?? []).map((a) => a.desk_id));
  const ownDecks = (decks.data ?? []).filter((d) => d.is_owner && !assigned.has(d.id));

  const startEditing = (a: Assignment) => {
    setEditing(a);
    form.setValues({ desk_id: String(a.desk_id), due_date: a.due_date ?? '' });
  };
  const onRemove = async (a: Assignment) => {
    setRemoveError(null);
    try {
      await remove.mutateAsync({ kind, groupId: group.id, id: a.id });
      if (editing?.id === a.id) setEditing(null);
    } catch (failure) {
      setRemoveError(errorMessage(intl, failure, { fallbackId: 'schools.error.generic' }));
    }
  };

  let list: React.ReactNode;
  if (assignments.isPending) list = <Skeleton variant="rect" height={80} />;
  else if (assignments.isError) {
    list = (
      <LoadFailure
        messageId="schools.assignments.loadFailed"
        retryId="schools.action.retry"
        onRetry={() => assignments.refetch()}
      />
    );
  } else if (assignments.data.length === 0) {
    list = (
      <EmptyState
        title={<FormattedMessage id="schools.assignments.empty.title" />}
        description={<FormattedMessage id="schools.assignments.empty.description" />}
      />
    );
  } else {
    list = (
      <ul className={s.rows}>
        {assignments.data.map((a) => (
          <li key={a.id} className={s.row}>
            <span className={s.rowText}>
              <strong>{a.desk_name}</strong>
              <span className={s.muted}>
                {a.due_date ? (
                  <FormattedMessage
                    id="schools.assignments.due"
                    values={{
                      date: intl.formatDate(`${a.due_date}T00:00:00`, { dateStyle: 'medium' }),
                      cards: a.cards_count,
                    }}
                  />
                ) : (
                  <FormattedMessage
                    id="schools.assignments.noDate"
                    values={{ cards: a.cards_count }}
                  />
                )}
              </span>
            </span>
            <span className={s.actions}>
              {kind === 'courses' ? (
                <StartLiveQuizButton
                  courseId={group.id}
                  deckId={a.desk_id}
                  deckName={a.desk_name}
                />
              ) : null}
              <Button
                size="sm"
                variant="secondary"
                aria-label={intl.formatMessage(
                  { id: 'schools.assignments.changeDateNamed' },
                  { name: a.desk_name },
                )}
                onClick={() => startEditing(a)}
              >
                <FormattedMessage id="schools.assignments.changeDate" />
              </Button>
              <Button
                size="sm"
                variant="text"
                aria-label={intl.formatMessage(
                  { id: 'schools.assignments.removeNamed' },
                  { name: a.desk_name },
                )}
                loading={remove.isPending && remove.variables?.id === a.id}
                onClick={() => onRemove(a)}
              >
                <FormattedMessage id="schools.assignments.remove" />
              </Button>
            </span>
          </li>
        ))}
      </ul>
    );
  }

  return (
    <Dialog
      open={open}
      onClose={onClose}
      size="md"
      title={<FormattedMessage id="schools.assignments.title" values={{ name: group.name }} />}
      actions={
        <Button variant="text" onClick={onClose}>
          <FormattedMessage id="schools.assignments.close" />
        </Button>
      }
    >
      <div className={s.section}>
        {list}
        {removeError ? (
          <p role="alert" className={s.alert}>
            {removeError}
          </p>
        ) : null}
        <form id={formId} className={s.form} onSubmit={form.onSubmit} noValidate>
          <h3 className={s.sectionTitle}>
            <FormattedMessage
              id={editing ? 'schools.assignments.editHeading' : 'schools.assignments.addHeading'}
              values={{ name: editing?.desk_name ?? '' }}
            />
          </h3>
          {form.banner ? (
            <p role="alert" className={s.alert}>
              {form.banner}
            </p>
          ) : null}
          {editing ? null : (
            <Select
              label={<FormattedMessage id="schools.assignments.deck" />}
              placeholder={intl.formatMessage({ id: 'schools.assignments.deckPlaceholder' })}
              required
              options={ownDecks.map((d) => ({ value: String(d.id), label: d.name }))}
              {...form.bind('desk_id')}
            />
          )}
          <TextField
            type="date"
            label={<FormattedMessage id="schools.assignments.dueDate" />}
            helperText={<FormattedMessage id="schools.assignments.dueDateHelp" />}
            {...form.bind('due_date')}
          />
          <span className={s.actions}>
            {editing ? (
              <Button
                variant="text"
                onClick={() => {
                  setEditing(null);
                  form.setValues({ desk_id: '', due_date: '' });
                }}
              >
                <FormattedMessage id="schools.action.cancel" />
              </Button>
            ) : null}
            <Button type="submit" form={formId} loading={form.pending}>
              <FormattedMessage
                id={editing ? 'schools.assignments.saveDate' : 'schools.assignments.assign'}
              />
            </Button>
          </span>
        </form>
      </div>
    </Dialog>
  );
}
