/**
 * The learner's own note types: listed with their fields, created, edited (fields, and front and
 * back templates as plain text) and deleted. Stock types are not listed: they cannot change.
 */
import {
  isApiRequestError,
  type NoteType,
  useCreateNoteType,
  useDeleteNoteType,
  useNotePreview,
  useNoteTypes,
  useUpdateNoteType,
} from '@memoria/api';
import { Button, Dialog, Skeleton, TextArea, TextField } from '@memoria/ui';
import { type ReactNode, useId, useState } from 'react';
import { FormattedMessage, useIntl } from 'react-intl';
import { LoadFailure } from '../shared/LoadFailure.tsx';
import { useApiForm } from '../shared/useApiForm.ts';
import { FormError } from './DeckDialogs.tsx';
import * as d from './decks.css.ts';
import { NotePreviews } from './NoteEditorParts.tsx';
import * as s from './noteEditor.css.ts';
import { tagsOfText } from './noteFields.ts';

interface NoteTypeValues {
  name: string;
  /** The field keys as typed, separated by commas. */
  fields: string;
  front_template: string;
  back_template: string;
}

const valuesOf = (type?: NoteType): NoteTypeValues => ({
  name: type?.name ?? '',
  fields: type?.fields.join(', ') ?? '',
  front_template: type?.front_template ?? '',
  back_template: type?.back_template ?? '',
});

/** The saved type's cards with each field holding its own name (what the templates make). */
function SavedPreview({ type }: { type: NoteType }) {
  const intl = useIntl();
  const fields = Object.fromEntries(type.fields.map((key) => [key, key]));
  const preview = useNotePreview({ note_type: type.id, fields });
  return (
    <details>
      <summary>{intl.formatMessage({ id: 'decks.noteTypes.preview' })}</summary>
      <NotePreviews cards={preview.data?.cards ?? null} failed={preview.isError} />
    </details>
  );
}

function NoteTypeForm({ type, onDone }: { type?: NoteType; onDone: () => void }) {
  const intl = useIntl();
  const formId = useId();
  const create = useCreateNoteType();
  const update = useUpdateNoteType();
  const form = useApiForm<NoteTypeValues, NoteType>({
    initial: () => valuesOf(type),
    fields: ['name', 'fields', 'front_template', 'back_template'],
    failedId: 'decks.noteTypes.saveFailed',
    bannerBesideFields: false,
    submit: (values) => {
      const body = {
        name: values.name.trim(),
        fields: tagsOfText(values.fields),
        front_template: values.front_template,
        back_template: values.back_template,
      };
      return typeof type?.id === 'number'
        ? update.mutateAsync({ id: type.id, ...body })
        : create.mutateAsync(body);
    },
    onSuccess: () => onDone(),
  });
  const templateHint = intl.formatMessage({ id: 'decks.noteTypes.templateHint' });
  return (
    <form id={formId} className={d.form} onSubmit={form.onSubmit} noValidate>
      <h3 className={s.previewHeading}>
        <FormattedMessage id={type ? 'decks.noteTypes.editTitle' : 'decks.noteTypes.newTitle'} />
      </h3>
      <FormError text={form.banner} />
      <TextField
        label={intl.formatMessage({ id: 'decks.noteTypes.name' })}
        maxLength={100}
        {...form.bind('name')}
      />
      <TextField
        label={intl.formatMessage({ id: 'decks.noteTypes.fields' })}
        helperText={intl.formatMessage({ id: 'decks.noteTypes.fieldsHint' })}
        {...form.bind('fields')}
      />
      <TextArea
        label={intl.formatMessage({ id: 'decks.noteTypes.front' })}
        helperText={templateHint}
        rows={3}
        maxLength={10_000}
        {...form.bind('front_template')}
      />
      <TextArea
        label={intl.formatMessage({ id: 'decks.noteTypes.back' })}
        helperText={templateHint}
        rows={3}
        maxLength={10_000}
        {...form.bind('back_template')}
      />
      {type ? <SavedPreview type={type} /> : null}
      <div className={d.actions}>
        <Button variant="text" onClick={onDone}>
          <FormattedMessage id="decks.noteTypes.list" />
        </Button>
        <Button type="submit" loading={form.pending}>
          <FormattedMessage id="decks.action.save" />
        </Button>
      </div>
    </form>
  );
}

/**
 * The learner's own note types: the list, and a form for each one's fields and front and back
 * templates (Anki's template syntax), with a preview of the cards a note of it makes.
 *
 * **Use it** from the deck page's Note types button. **Don't use it** to pick a note's type (the
 * note editor has its own select).
 *
 * **Accessibility.** A dialog with labelled fields; errors show under their field and a refused
 * delete (a type still in use) is announced.
 *
 * **API calls and states.** `GET /space-repetition/note-types/` (`List`); create, edit and delete:
 * `POST`, `PUT` and `DELETE /space-repetition/note-types/{id}/` (`Editing`); a type in use answers
 * 409 and the dialog says so.
 */
export function NoteTypesDialog({
  open,
  onClose,
}: {
  /** Whether the dialog shows. */
  open: boolean;
  /** Called on Close and Escape. */
  onClose: () => void;
}) {
  const intl = useIntl();
  const types = useNoteTypes({ enabled: open });
  const remove = useDeleteNoteType();
  const [editing, setEditing] = useState<NoteType | 'new' | null>(null);
  const [deleteFailed, setDeleteFailed] = useState<string | null>(null);
  const own = (types.data ?? []).filter((type) => !type.stock);

  let body: ReactNode;
  if (editing) {
    body = (
      <NoteTypeForm
        key={editing === 'new' ? 'new' : String(editing.id)}
        type={editing === 'new' ? undefined : editing}
        onDone={() => setEditing(null)}
      />
    );
  } else if (types.isError) {
    body = (
      <LoadFailure
        messageId="decks.noteTypes.failed"
        retryId="decks.action.retry"
        onRetry={() => types.refetch()}
      />
    );
  } else if (!types.data) {
    body = <Skeleton variant="rect" height={120} />;
  } else {
    body = (
      <div className={d.form}>
        <FormError text={deleteFailed} />
        {own.length === 0 ? (
          <p className={s.hint}>
            <FormattedMessage id="decks.noteTypes.empty" />
          </p>
        ) : (
          <ul className={s.typeList}>
            {own.map((type) => (
              <li key={String(type.id)} className={s.typeRow}>
                <span>
                  {type.name}{' '}
                  <span className={s.hint}>
                    <FormattedMessage
                      id="decks.noteTypes.fieldCount"
                      values={{ count: type.fields.length }}
                    />
                  </span>
                </span>
                <span className={d.actions}>
                  <Button
                    variant="text"
                    size="sm"
                    aria-label={intl.formatMessage(
                      { id: 'decks.noteTypes.edit' },
                      { name: type.name },
                    )}
                    onClick={() => setEditing(type)}
                  >
                    <FormattedMessage id="decks.noteTypes.editShort" />
                  </Button>
                  <Button
                    variant="text"
                    size="sm"
                    aria-label={intl.formatMessage(
                      { id: 'decks.noteTypes.delete' },
                      { name: type.name },
                    )}
                    loading={remove.isPending && remove.variables?.id === type.id}
                    onClick={async () => {
                      setDeleteFailed(null);
                      try {
                        await remove.mutateAsync({ id: Number(type.id) });
                      } catch (failure) {
                        const inUse = isApiRequestError(failure) && failure.code === 'conflict';
                        setDeleteFailed(
                          intl.formatMessage({
                            id: inUse ? 'decks.noteTypes.inUse' : 'decks.noteTypes.deleteFailed',
                          }),
                        );
                      }
                    }}
                  >
                    <FormattedMessage id="decks.action.delete" />
                  </Button>
                </span>
              </li>
            ))}
          </ul>
        )}
        <div className={d.actions}>
          <Button variant="secondary" onClick={() => setEditing('new')}>
            <FormattedMessage id="decks.noteTypes.new" />
          </Button>
        </div>
      </div>
    );
  }

  return (
    <Dialog
      open={open}
      onClose={onClose}
      size="lg"
      title={<FormattedMessage id="decks.noteTypes.title" />}
      description={<FormattedMessage id="decks.noteTypes.description" />}
      actions={
        <Button variant="text" onClick={onClose}>
          <FormattedMessage id="decks.action.close" />
        </Button>
      }
    >
      {body}
    </Dialog>
  );
}
