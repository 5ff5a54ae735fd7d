/**
 * Add or edit a note: its type (stock or the learner's own), one rich-text editor per field (the
 * occlusion editor for an image occlusion note), tags, and a live preview of each card it makes.
 * Its state lives in `useNoteEditor.ts`.
 */
import type { Note } from '@memoria/api';
import { Button, Dialog, FieldEditor, Select, Skeleton } from '@memoria/ui';
import { type ReactNode, useId } from 'react';
import { FormattedMessage, useIntl } from 'react-intl';
import { LoadFailure } from '../shared/LoadFailure.tsx';
import { FormError } from './DeckDialogs.tsx';
import * as d from './decks.css.ts';
import { NotePreviews, OcclusionFields, TagsField } from './NoteEditorParts.tsx';
import { FIELD_LABEL_IDS, OCCLUSION, STOCK_TYPE_IDS } from './noteFields.ts';
import { type NoteDraft, useNoteEditor } from './useNoteEditor.ts';

export interface NoteEditorDialogProps {
  /** Whether the dialog shows. */
  open: boolean;
  /** Called on Cancel, Escape and after a save. */
  onClose: () => void;
  /** The deck the note belongs to (its media are uploaded there). */
  deckId: number;
  /** The note to edit; none: a new note. */
  note?: Note;
  /** A new note's starting type, fields and tags. */
  draft?: NoteDraft;
  /** Called with the note once saved. */
  onSaved?: (note: Note) => void;
  /**
   * `dialog` (default) over the page; `panel` beside a list (the card browser at desktop width),
   * the same form in a labelled region that stays open while the list is used.
   */
  variant?: 'dialog' | 'panel';
}

const OCCLUSION_FIELDS = new Set(['image', 'masks']);

function NoteEditorBody({
  onClose,
  deckId,
  note,
  draft,
  onSaved,
  variant = 'dialog',
}: Omit<NoteEditorDialogProps, 'open'>) {
  const intl = useIntl();
  const formId = useId();
  const titleId = useId();
  const editor = useNoteEditor({
    deckId,
    note,
    draft,
    onSaved: (saved) => {
      onSaved?.(saved);
      // The panel stays beside its list, as Anki's browser editor does; the dialog is done.
      if (variant === 'dialog') onClose();
    },
  });
  const { form, type, fields, types } = editor;
  const label = (key: string) => {
    const id = FIELD_LABEL_IDS[key];
    // A stock type's field is labelled by its message; an own type's by its key.
    return id && type?.stock ? intl.formatMessage({ id }) : key;
  };
  const otherText = (key: string) =>
    Object.entries(fields)
      .filter(([k]) => k !== key)
      .map(([, v]) => v)
      .join(' ');

  let body: ReactNode;
  if (types.isError) {
    body = (
      <LoadFailure
        messageId="decks.note.typesFailed"
        retryId="decks.action.retry"
        onRetry={() => types.refetch()}
      />
    );
  } else if (!types.data) {
    body = <Skeleton variant="rect" height={176} />;
  } else {
    body = (
      <form id={formId} className={d.form} onSubmit={form.onSubmit} noValidate>
        <FormError text={form.banner} />
        <Select
          label={intl.formatMessage({ id: 'decks.note.type' })}
          name="note_type"
          value={editor.typeValue}
          disabled={note !== undefined}
          error={form.fieldErrors.note_type}
          helperText={note ? intl.formatMessage({ id: 'decks.note.typeFixed' }) : undefined}
          onChange={(event) => editor.changeType(event.target.value)}
          options={types.data.map((t) => ({
            value: String(t.id),
            label: t.stock ? intl.formatMessage({ id: STOCK_TYPE_IDS[t.id] ?? t.name }) : t.name,
          }))}
        />
        {type?.id === OCCLUSION ? <OcclusionFields editor={editor} /> : null}
        {(type?.fields ?? [])
          .filter((key) => type?.id !== OCCLUSION || !OCCLUSION_FIELDS.has(key))
          .map((key) => (
            <FieldEditor
              key={`${String(type?.id)}-${key}`}
              label={label(key)}
              value={fields[key] ?? ''}
              onChange={(html) => editor.setField(key, html)}
              onUploadMedia={editor.uploadMedia}
              otherFieldsText={otherText(key)}
              error={form.fieldErrors[`fields.${key}`]}
            />
          ))}
        <TagsField editor={editor} />
        <NotePreviews cards={editor.previewCards} failed={editor.previewFailed} />
      </form>
    );
  }

  const title = <FormattedMessage id={note ? 'decks.note.editTitle' : 'decks.note.addTitle'} />;
  const actions = (
    <>
      <Button variant="text" onClick={onClose}>
        <FormattedMessage id={variant === 'panel' ? 'decks.action.close' : 'decks.action.cancel'} />
      </Button>
      <Button type="submit" form={formId} loading={form.pending} disabled={!types.data}>
        <FormattedMessage id="decks.action.save" />
      </Button>
    </>
  );
  if (variant === 'panel') {
    return (
      <aside className={d.notePanel} aria-labelledby={titleId}>
        <h2 id={titleId} className={d.notePanelTitle}>
          {title}
        </h2>
        {body}
        <div className={d.notePanelActions}>{actions}</div>
      </aside>
    );
  }
  return (
    <Dialog open onClose={onClose} size="lg" title={title} actions={actions}>
      {body}
    </Dialog>
  );
}

/**
 * The note editor: the note type, one rich-text field editor per field (the occlusion editor for
 * image occlusion), tags, and a live preview of each card the note makes. Its state starts afresh
 * each time it opens.
 *
 * **Use it** for adding a note from the deck page and for editing a card that belongs to a note.
 * **Don't use it** for a plain card of text and images (the spec's card dialog stays).
 *
 * **Accessibility.** Every field editor is labelled by its field and usable by keyboard (Ctrl+B,
 * Ctrl+Shift+C…); a server error shows under its field and is announced; Enter in the tags box
 * makes a tag, not a submit.
 *
 * **API calls and states.** `GET /space-repetition/note-types/`; `POST /space-repetition/notes/preview/`
 * after each change (`Cloze`, `Occlusion`); `POST /space-repetition/desks/{id}/media/` for a pasted
 * or picked file; Save: `POST /space-repetition/notes/` or `PUT /space-repetition/notes/{id}/`;
 * a refusal shows under its fields (`Errors`); a new note starts `Empty`.
 */
export function NoteEditorDialog({ open, ...props }: NoteEditorDialogProps) {
  return open ? <NoteEditorBody key={props.note?.id ?? 'new'} {...props} /> : null;
}
