/**
 * The state of `NoteEditorDialog` apart from what it renders: the note type, its fields, the
 * tags (chips and the text being typed), the occlusion masks, the debounced live preview, media
 * uploads and the save through `useApiForm` (server errors under their field).
 */
import {
  type Note,
  type NoteFields,
  type NotePreviewRequest,
  type NoteType,
  type NoteTypeRef,
  useCreateNote,
  useNotePreview,
  useNoteTypes,
  useUpdateNote,
  useUploadDeckMedia,
} from '@memoria/api';
import type { OcclusionMode, OcclusionValue } from '@memoria/ui';
import { useCallback, useMemo } from 'react';
import { useApiForm } from '../shared/useApiForm.ts';
import { useDebounced } from '../shared/useDebounced.ts';
import {
  fieldsFor,
  imageField,
  imageSrcOf,
  masksFromField,
  masksToField,
  OCCLUSION,
  tagsOfText,
  typeRefOf,
  typeValue,
  withTags,
} from './noteFields.ts';

/** The live preview asks the server once typing has paused this long. */
export const PREVIEW_DEBOUNCE_MS = 400;

export interface NoteEditorValues {
  noteType: NoteTypeRef;
  fields: NoteFields;
  tags: string[];
  /** A tag being typed, not yet a chip (kept on save). */
  tagText: string;
}

const hasText = (html: string) => html.replace(/<(?!img|audio)[^>]*>|&nbsp;|\s/gi, '') !== '';

/** The preview's request, or null while the note has nothing that could make a card. */
function previewRequest(
  deckId: number,
  type: NoteType | undefined,
  fields: NoteFields,
): NotePreviewRequest | null {
  if (!type) return null;
  if (type.id === OCCLUSION) {
    if (
      !imageSrcOf(fields.image ?? '') ||
      masksFromField(fields.masks ?? '').value.shapes.length === 0
    )
      return null;
  } else if (!Object.values(fields).some(hasText)) {
    return null;
  }
  return { desk_id: deckId, note_type: type.id, fields };
}

/** What a new note starts with (a type, fields, tags), e.g. a cloze made from a sentence. */
export type NoteDraft = Partial<Pick<NoteEditorValues, 'noteType' | 'fields' | 'tags'>>;

export function useNoteEditor({
  deckId,
  note,
  draft,
  onSaved,
}: {
  deckId: number;
  /** The note to edit; none: a new note. */
  note?: Note;
  /** A new note's starting values. */
  draft?: NoteDraft;
  onSaved: (note: Note) => void;
}) {
  const types = useNoteTypes();
  const create = useCreateNote();
  const update = useUpdateNote();
  const upload = useUploadDeckMedia();
  const typeOf = useCallback(
    (ref: NoteTypeRef) => types.data?.find((type) => String(type.id) === String(ref)),
    [types.data],
  );

  const form = useApiForm<NoteEditorValues, Note>({
    initial: () => ({
      noteType: note?.note_type ?? draft?.noteType ?? 'basic',
      fields: note?.fields ?? draft?.fields ?? {},
      tags: note?.tags ?? draft?.tags ?? [],
      tagText: '',
    }),
    // Every field of every type: whichever type is picked, its errors land under its editors.
    fields: [
      'note_type',
      'tags',
      ...(types.data ?? []).flatMap((type) => type.fields.map((key) => `fields.${key}`)),
    ],
    failedId: 'decks.note.saveFailed',
    bannerBesideFields: false,
    submit: (values) => {
      const type = typeOf(values.noteType);
      const fields = type ? fieldsFor(type, values.fields) : values.fields;
      const tags = withTags(values.tags, tagsOfText(values.tagText));
      return note
        ? update.mutateAsync({ id: note.id, fields, tags })
        : create.mutateAsync({ desk_id: deckId, note_type: values.noteType, fields, tags });
    },
    onSuccess: (saved) => onSaved(saved),
  });

  const { values, setValues } = form;
  const type = typeOf(values.noteType);
  const fields = type ? fieldsFor(type, values.fields) : values.fields;

  const setField = useCallback(
    (key: string, html: string) =>
      setValues((current) => ({ ...current, fields: { ...current.fields, [key]: html } })),
    [setValues],
  );

  /** Another note type: the fields it shares with the current one keep their text. */
  const changeType = (value: string) => {
    const ref = typeRefOf(value, types.data ?? []);
    if (ref !== undefined) setValues((current) => ({ ...current, noteType: ref }));
  };

  // ── tags ──
  const setTagText = (text: string) => {
    // A comma ends a tag as Enter does; what follows the last comma is still being typed.
    const parts = text.split(',');
    const typing = parts.pop() ?? '';
    const done = tagsOfText(parts.join(','));
    setValues((current) => ({
      ...current,
      tags: done.length > 0 ? withTags(current.tags, done) : current.tags,
      tagText: typing,
    }));
  };
  const commitTagText = () =>
    setValues((current) => ({
      ...current,
      tags: withTags(current.tags, tagsOfText(current.tagText)),
      tagText: '',
    }));
  const removeTag = (tag: string) =>
    setValues((current) => ({ ...current, tags: current.tags.filter((t) => t !== tag) }));
  const removeLastTag = () =>
    setValues((current) => ({ ...current, tags: current.tags.slice(0, -1) }));

  // ── media and occlusion ──
  const uploadMedia = useCallback(
    async (file: File) => {
      const media = await upload.mutateAsync({ deckId, file });
      return { url: media.url };
    },
    [upload.mutateAsync, deckId],
  );
  const occlusion = masksFromField(fields.masks ?? '');
  const setMasks = (mode: OcclusionMode, value: OcclusionValue) =>
    setField('masks', masksToField(mode, value));
  const uploadImage = async (file: File) => {
    try {
      const { url } = await uploadMedia(file);
      setField('image', imageField(url));
    } catch (failure) {
      form.showFailure(failure, 'decks.note.uploadFailed', ['fields.image']);
    }
  };

  // ── preview: the request as text, so an unchanged note is one query key ──
  const request = previewRequest(deckId, type, fields);
  const debouncedJson = useDebounced(request ? JSON.stringify(request) : '', PREVIEW_DEBOUNCE_MS);
  const debounced = useMemo(
    () => (debouncedJson ? (JSON.parse(debouncedJson) as NotePreviewRequest) : null),
    [debouncedJson],
  );
  const preview = useNotePreview(request ? debounced : null);

  return {
    form,
    types,
    type,
    typeValue: typeValue(values.noteType),
    fields,
    setField,
    changeType,
    tags: values.tags,
    tagText: values.tagText,
    setTagText,
    commitTagText,
    removeTag,
    removeLastTag,
    uploadMedia,
    uploadImage,
    uploading: upload.isPending,
    imageSrc: imageSrcOf(fields.image ?? ''),
    occlusion,
    setMasks,
    /** The cards of the last preview, null before any (or while the note makes none). */
    previewCards: request ? (preview.data?.cards ?? null) : null,
    previewFailed: request !== null && preview.isError,
  };
}

export type NoteEditorState = ReturnType<typeof useNoteEditor>;
