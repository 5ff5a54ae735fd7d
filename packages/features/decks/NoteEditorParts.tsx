/** The note editor's parts: the tags as chips, the occlusion image and masks, the previews. */
import { type NotePreviewCard, useMediaResolver } from '@memoria/api';
import { Chip, OcclusionEditor, RichContent, Spinner, TextField } from '@memoria/ui';
import { useEffect, useId, useState } from 'react';
import { FormattedMessage, useIntl } from 'react-intl';
import * as d from './decks.css.ts';
import { IMAGE_ACCEPT } from './ImagePicker.tsx';
import * as s from './noteEditor.css.ts';
import type { NoteEditorState } from './useNoteEditor.ts';
import { validateImageFile } from './validation.ts';

/** Tags as removable chips; a comma or Enter turns the typed text into one. */
export function TagsField({ editor }: { editor: NoteEditorState }) {
  const intl = useIntl();
  return (
    <div className={s.tags}>
      <TextField
        label={intl.formatMessage({ id: 'decks.note.tags' })}
        name="tags"
        helperText={intl.formatMessage({ id: 'decks.note.tagsHint' })}
        error={editor.form.fieldErrors.tags}
        value={editor.tagText}
        onChange={(event) => editor.setTagText(event.target.value)}
        // Capture: the dialog submits its form on Enter in a bubbling listener of its own, which
        // must see this Enter as handled (it made a chip).
        onKeyDownCapture={(event) => {
          if (event.key === 'Enter' && !event.nativeEvent.isComposing) {
            event.preventDefault();
            editor.commitTagText();
          } else if (event.key === 'Backspace' && editor.tagText === '') {
            editor.removeLastTag();
          }
        }}
        onBlur={editor.commitTagText}
      />
      {editor.tags.length > 0 ? (
        <ul className={s.chips} aria-label={intl.formatMessage({ id: 'decks.note.tagList' })}>
          {editor.tags.map((tag) => (
            <li key={tag}>
              <Chip label={tag} onDelete={() => editor.removeTag(tag)} />
            </li>
          ))}
        </ul>
      ) : null}
    </div>
  );
}

/** The address an `<img>` can load `src` from (media need the bearer token), once known. */
function useMediaUrl(src: string | null): string | null {
  const resolveMediaUrl = useMediaResolver();
  const [url, setUrl] = useState<string | null>(null);
  useEffect(() => {
    let live = true;
    setUrl(null);
    if (src) {
      Promise.resolve(resolveMediaUrl(src)).then(
        (resolved) => live && setUrl(resolved),
        () => live && setUrl(src),
      );
    }
    return () => {
      live = false;
    };
  }, [src, resolveMediaUrl]);
  return url;
}

/** An image occlusion note: its image picked and uploaded first, then its masks and mode. */
export function OcclusionFields({ editor }: { editor: NoteEditorState }) {
  const intl = useIntl();
  const id = useId();
  const [pickError, setPickError] = useState<string | null>(null);
  const imageUrl = useMediaUrl(editor.imageSrc);
  const imageError = pickError ?? editor.form.fieldErrors['fields.image'];
  const masksError = editor.form.fieldErrors['fields.masks'];
  return (
    <fieldset className={d.form} style={{ border: 0, padding: 0, margin: 0 }}>
      <div className={d.fileInputLabel}>
        <span id={`${id}-label`}>
          <FormattedMessage id="decks.note.field.image" />
        </span>
        <input
          id={id}
          className={d.fileInput}
          aria-labelledby={`${id}-label ${id}-choose`}
          type="file"
          accept={IMAGE_ACCEPT}
          aria-invalid={imageError ? true : undefined}
          aria-describedby={imageError ? `${id}-error` : undefined}
          onChange={async (event) => {
            const input = event.currentTarget;
            const [file] = [...(input.files ?? [])];
            input.value = '';
            if (!file) return;
            const invalid = validateImageFile(file);
            setPickError(invalid ? intl.formatMessage({ id: invalid }, { name: file.name }) : null);
            if (!invalid) await editor.uploadImage(file);
          }}
        />
        <label htmlFor={id} id={`${id}-choose`} className={d.filePicker}>
          <FormattedMessage
            id={editor.imageSrc ? 'decks.note.changeImage' : 'decks.note.chooseImage'}
          />
        </label>
        {editor.uploading ? <Spinner size="sm" /> : null}
        {imageError ? (
          <p id={`${id}-error`} className={s.fieldError}>
            {imageError}
          </p>
        ) : null}
      </div>
      {editor.imageSrc ? (
        imageUrl ? (
          <OcclusionEditor
            imageUrl={imageUrl}
            imageAlt={intl.formatMessage({ id: 'decks.note.occlusionImage' })}
            value={editor.occlusion.value}
            mode={editor.occlusion.mode}
            onChange={(value) => editor.setMasks(editor.occlusion.mode, value)}
            onModeChange={(mode) => editor.setMasks(mode, editor.occlusion.value)}
          />
        ) : (
          <Spinner />
        )
      ) : (
        <p className={s.hint}>
          <FormattedMessage id="decks.note.imageFirst" />
        </p>
      )}
      {masksError ? <p className={s.fieldError}>{masksError}</p> : null}
    </fieldset>
  );
}

/** Each card the note would make, both sides, as the review will show them. */
export function NotePreviews({
  cards,
  failed,
}: {
  cards: readonly NotePreviewCard[] | null;
  failed: boolean;
}) {
  const intl = useIntl();
  const headingId = useId();
  const resolveMediaUrl = useMediaResolver();
  return (
    <section aria-labelledby={headingId} className={s.tags}>
      <h3 id={headingId} className={s.previewHeading}>
        <FormattedMessage id="decks.note.preview" />
      </h3>
      {cards && cards.length > 0 ? (
        <ol className={s.previews}>
          {cards.map((card) => (
            <li
              key={card.ordinal}
              className={s.previewCard}
              aria-label={intl.formatMessage(
                { id: 'decks.note.previewCard' },
                { ordinal: card.ordinal },
              )}
            >
              <div className={s.previewSide}>
                <span className={s.previewLabel}>
                  <FormattedMessage id="decks.note.previewFront" />
                </span>
                <RichContent
                  html={card.front_html}
                  replayKey={false}
                  resolveMediaUrl={resolveMediaUrl}
                />
              </div>
              <div className={s.previewSide}>
                <span className={s.previewLabel}>
                  <FormattedMessage id="decks.note.previewBack" />
                </span>
                <RichContent
                  html={card.back_html}
                  replayKey={false}
                  resolveMediaUrl={resolveMediaUrl}
                />
              </div>
            </li>
          ))}
        </ol>
      ) : (
        <p className={s.hint}>
          <FormattedMessage
            id={failed ? 'decks.note.previewIncomplete' : 'decks.note.previewEmpty'}
          />
        </p>
      )}
    </section>
  );
}
