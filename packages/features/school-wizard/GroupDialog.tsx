/** The course and subject forms (create or edit) and the delete confirmation. */
import {
  type Course,
  type GroupKind,
  SCHOOL_LIMITS,
  useDeleteGroup,
  useSaveGroup,
} from '@memoria/api';
import { Button, Dialog, TextArea, TextField } from '@memoria/ui';
import { type FormEvent, useId, useState } from 'react';
import { FormattedMessage, useIntl } from 'react-intl';
import { errorMessage, formErrors } from '../shared/errors.ts';
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
  const intl = useIntl();
  const formId = useId();
  const [name, setName] = useState(group?.name ?? '');
  const [description, setDescription] = useState(group?.description ?? '');
  const [fields, setFields] = useState<Record<string, string>>({});
  const [banner, setBanner] = useState<string | null>(null);
  const save = useSaveGroup();
  const onSubmit = async (event: FormEvent) => {
    event.preventDefault();
    setBanner(null);
    if (!name.trim()) {
      setFields({ name: intl.formatMessage({ id: 'schools.group.nameRequired' }) });
      return;
    }
    setFields({});
    try {
      await save.mutateAsync({
        kind,
        id: group?.id,
        body: group
          ? { name: name.trim(), description: description.trim() }
          : { name: name.trim(), description: description.trim(), school_id: schoolId },
      });
      onClose();
    } catch (failure) {
      const shown = formErrors(intl, failure, ['name', 'description'], 'schools.error.groupFailed');
      setFields(shown.fields);
      setBanner(shown.banner);
    }
  };
  return (
    <Dialog
      open={open}
      onClose={onClose}
      size="sm"
      title={<FormattedMessage id={`schools.group.${group ? 'edit' : 'new'}.${kind}`} />}
      actions={
        <>
          <Button variant="text" onClick={onClose}>
            <FormattedMessage id="schools.action.cancel" />
          </Button>
          <Button type="submit" form={formId} loading={save.isPending}>
            <FormattedMessage id="schools.action.save" />
          </Button>
        </>
      }
    >
      <form id={formId} className={s.form} onSubmit={onSubmit} noValidate>
        {banner ? (
          <p role="alert" className={s.alert}>
            {banner}
          </p>
        ) : null}
        <TextField
          label={<FormattedMessage id="schools.group.name" />}
          name="name"
          value={name}
          required
          maxLength={SCHOOL_LIMITS.groupName}
          error={fields.name}
          onChange={(e) => setName(e.target.value)}
        />
        <TextArea
          label={<FormattedMessage id="schools.group.description" />}
          name="description"
          value={description}
          maxLength={SCHOOL_LIMITS.groupDescription}
          error={fields.description}
          onChange={(e) => setDescription(e.target.value)}
        />
      </form>
    </Dialog>
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
