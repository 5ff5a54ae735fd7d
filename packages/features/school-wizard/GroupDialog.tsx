/** The course and subject forms (create or edit) and the delete confirmation. */
import {
  type Course,
  type GroupKind,
  SCHOOL_LIMITS,
  useDeleteGroup,
  useSaveGroup,
} from '@memoria/api';
import { Button, Dialog, FormDialog, TextArea, TextField } from '@memoria/ui';
import { useState } from 'react';
import { FormattedMessage, useIntl } from 'react-intl';
import { errorMessage } from '../shared/errors.ts';
import { useApiForm } from '../shared/useApiForm.ts';
import * as s from './schools.css.ts';

type Base = { open: boolean; onClose: () => void; kind: GroupKind };

/**
 * Create a course or subject in a school (no `group`) or edit one, mounted by `SchoolIsland`
 * through `SchoolManager`: `POST /auth/courses/` (or `subjects/`) with the school's id, or
 * `PATCH /auth/courses/{id}/`. A blank name is caught here; server errors show under their field.
 */
export function GroupDialog({
  open,
  onClose,
  kind,
  schoolId,
  group,
}: Base & {
  /** The school a new course or subject goes into. */
  schoolId: number;
  /** The course or subject to edit. */
  group?: Course;
}) {
  const save = useSaveGroup();
  const form = useApiForm({
    initial: { name: group?.name ?? '', description: group?.description ?? '' },
    fields: ['name', 'description'],
    failedId: 'schools.error.groupFailed',
    validate: ({ name }) =>
      name.trim() ? null : { fieldIds: { name: 'schools.group.nameRequired' } },
    submit: ({ name, description }) =>
      save.mutateAsync({
        kind,
        id: group?.id,
        body: group
          ? { name: name.trim(), description: description.trim() }
          : { name: name.trim(), description: description.trim(), school_id: schoolId },
      }),
    onSuccess: onClose,
  });
  return (
    <FormDialog
      open={open}
      onClose={onClose}
      size="sm"
      title={<FormattedMessage id={`schools.group.${group ? 'edit' : 'new'}.${kind}`} />}
      cancelLabel={<FormattedMessage id="schools.action.cancel" />}
      submitLabel={<FormattedMessage id="schools.action.save" />}
      pending={form.pending}
      onSubmit={form.onSubmit}
    >
      {form.banner ? (
        <p role="alert" className={s.alert}>
          {form.banner}
        </p>
      ) : null}
      <TextField
        label={<FormattedMessage id="schools.group.name" />}
        required
        maxLength={SCHOOL_LIMITS.groupName}
        {...form.bind('name')}
      />
      <TextArea
        label={<FormattedMessage id="schools.group.description" />}
        maxLength={SCHOOL_LIMITS.groupDescription}
        {...form.bind('description')}
      />
    </FormDialog>
  );
}

/** Confirms and deletes a course or subject (`DELETE /auth/courses/{id}/`). */
export function DeleteGroupDialog({
  open,
  onClose,
  kind,
  group,
  onDeleted,
}: Base & { group: Course; onDeleted: (name: string) => void }) {
  const intl = useIntl();
  const [error, setError] = useState<string | null>(null);
  const remove = useDeleteGroup();
  const onConfirm = async () => {
    setError(null);
    try {
      await remove.mutateAsync({ kind, id: group.id });
      onDeleted(group.name);
      onClose();
    } catch (failure) {
      setError(errorMessage(intl, failure, { fallbackId: 'schools.error.generic' }));
    }
  };
  return (
    <Dialog
      open={open}
      onClose={onClose}
      size="sm"
      title={<FormattedMessage id="schools.group.delete.title" values={{ name: group.name }} />}
      actions={
        <>
          <Button variant="text" onClick={onClose}>
            <FormattedMessage id="schools.action.cancel" />
          </Button>
          <Button variant="danger" onClick={onConfirm} loading={remove.isPending}>
            <FormattedMessage id="schools.group.delete.confirm" />
          </Button>
        </>
      }
    >
      <p className={s.notice}>
        <FormattedMessage id="schools.group.delete.body" />
      </p>
      {error ? (
        <p role="alert" className={s.alert}>
          {error}
        </p>
      ) : null}
    </Dialog>
  );
}
