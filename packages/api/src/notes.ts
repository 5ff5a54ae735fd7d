/**
 * Notes, note types and deck media (issue 42): query keys, `queryOptions` factories and hooks in
 * the pattern of `space-repetition.ts`. A note's cards are a deck's cards, so every note change
 * invalidates what a card change does (`deckKeys`) besides the note itself.
 */
import { keepPreviousData, queryOptions } from '@tanstack/react-query';
import { cardSearchKeys } from './card-search.ts';
import { api } from './client.ts';
import { type ApiRequestError, unwrap } from './errors.ts';
import {
  type MutationHookOptions,
  type QueryHookOptions,
  useInvalidating,
  useSignedInQuery,
} from './query.ts';
import type { components } from './schema.d.ts';
import { deckKeys, spaceRepetitionKeys } from './space-repetition.ts';

type Schemas = components['schemas'];
export type Note = Schemas['Note'];
export type NoteType = Schemas['NoteType'];
export type NoteTypeRef = Schemas['NoteTypeRef'];
export type NoteTypeWrite = Schemas['NoteTypeWrite'];
export type StockNoteType = Schemas['StockNoteType'];
export type NoteFields = Schemas['NoteFields'];
export type NoteCreate = Schemas['NoteCreate'];
export type NoteUpdate = Schemas['NoteUpdate'];
export type NotePreviewRequest = Schemas['NotePreviewRequest'];
export type NotePreview = Schemas['NotePreview'];
export type NotePreviewCard = Schemas['NotePreviewCard'];
export type Media = Schemas['Media'];

/** Contract limits of a note (`NoteFields`, `NoteTags`). */
export const NOTE_LIMITS = {
  fields: 20,
  fieldChars: 20_000,
  tags: 30,
  tagChars: 64,
} as const;

export const noteKeys = {
  /** Every note type and note query. */
  all: () => [...spaceRepetitionKeys.all, 'notes'] as const,
  noteTypes: () => [...spaceRepetitionKeys.all, 'notes', 'types'] as const,
  /** Every loaded note. */
  notes: () => [...spaceRepetitionKeys.all, 'notes', 'note'] as const,
  note: (id: number) => [...spaceRepetitionKeys.all, 'notes', 'note', id] as const,
  preview: (body: NotePreviewRequest) =>
    [...spaceRepetitionKeys.all, 'notes', 'preview', body] as const,
};

export const noteQueries = {
  /** `GET space-repetition/note-types/`: stock types first, then the caller's own by name. */
  noteTypes: () =>
    queryOptions<NoteType[], ApiRequestError>({
      queryKey: noteKeys.noteTypes(),
      queryFn: async ({ signal }) =>
        unwrap(await api.GET('/space-repetition/note-types/', { signal })),
      // Stock types never change and own ones change only through this client's mutations.
      staleTime: 5 * 60_000,
    }),
  /** `GET space-repetition/notes/{id}/`: the note with its cards. */
  note: (id: number) =>
    queryOptions<Note, ApiRequestError>({
      queryKey: noteKeys.note(id),
      queryFn: async ({ signal }) =>
        unwrap(
          await api.GET('/space-repetition/notes/{id}/', { params: { path: { id } }, signal }),
        ),
    }),
  /** `POST space-repetition/notes/preview/`: the cards the note would make; nothing is saved. */
  preview: (body: NotePreviewRequest) =>
    queryOptions<NotePreview, ApiRequestError>({
      queryKey: noteKeys.preview(body),
      queryFn: async ({ signal }) =>
        unwrap(await api.POST('/space-repetition/notes/preview/', { body, signal })),
    }),
};

// ── query hooks ──────────────────────────────────────────────────────────────────────────────

export function useNoteTypes(options: QueryHookOptions<NoteType[]> = {}) {
  return useSignedInQuery(noteQueries.noteTypes(), options);
}

export function useNote(id: number, options: QueryHookOptions<Note> = {}) {
  return useSignedInQuery(noteQueries.note(id), options);
}

/**
 * The preview of `body` (idle while null). The last answer stays shown while the next loads, so
 * a live preview does not flicker as the learner types (debounce `body` before passing it).
 */
export function useNotePreview(
  body: NotePreviewRequest | null,
  options: QueryHookOptions<NotePreview> = {},
) {
  const factory = noteQueries.preview(body ?? { note_type: 'basic', fields: {} });
  return useSignedInQuery(factory, {
    placeholderData: keepPreviousData,
    retry: false,
    ...options,
    enabled: body !== null && options.enabled !== false,
  });
}

// ── mutation hooks ───────────────────────────────────────────────────────────────────────────

/** `POST space-repetition/note-types/`. */
export function useCreateNoteType(options: MutationHookOptions<NoteType, NoteTypeWrite> = {}) {
  return useInvalidating(
    options,
    async (body) => unwrap(await api.POST('/space-repetition/note-types/', { body })),
    () => [noteKeys.noteTypes()],
  );
}

/** `PUT space-repetition/note-types/{id}/`: its notes' cards are rendered again. */
export function useUpdateNoteType(
  options: MutationHookOptions<NoteType, { id: number } & NoteTypeWrite> = {},
) {
  return useInvalidating(
    options,
    async ({ id, ...body }) =>
      unwrap(
        await api.PUT('/space-repetition/note-types/{id}/', { params: { path: { id } }, body }),
      ),
    () => [noteKeys.all(), spaceRepetitionKeys.deckCardsRoot(), spaceRepetitionKeys.dueAll()],
  );
}

/** `DELETE space-repetition/note-types/{id}/` (409 while a note uses it). */
export function useDeleteNoteType(options: MutationHookOptions<void, { id: number }> = {}) {
  return useInvalidating(
    options,
    async ({ id }) => {
      unwrap(await api.DELETE('/space-repetition/note-types/{id}/', { params: { path: { id } } }));
    },
    () => [noteKeys.noteTypes()],
  );
}

/** `POST space-repetition/notes/`: the note and its cards, scheduled as new. */
export function useCreateNote(options: MutationHookOptions<Note, NoteCreate> = {}) {
  return useInvalidating(
    options,
    async (body) => unwrap(await api.POST('/space-repetition/notes/', { body })),
    (body) => deckKeys(body.desk_id),
  );
}

/** `PUT space-repetition/notes/{id}/`: its cards are rendered again and keep their schedules. */
export function useUpdateNote(
  options: MutationHookOptions<Note, { id: number } & NoteUpdate> = {},
) {
  return useInvalidating(
    options,
    async ({ id, ...body }) =>
      unwrap(await api.PUT('/space-repetition/notes/{id}/', { params: { path: { id } }, body })),
    // The card browser's rows show the note's sides: they change with it.
    ({ id }, note) => [noteKeys.note(id), ...deckKeys(note.desk_id), cardSearchKeys.all],
  );
}

/** `DELETE space-repetition/notes/{id}/`: with its cards and their history. */
export function useDeleteNote(
  options: MutationHookOptions<void, { id: number; deckId: number }> = {},
) {
  return useInvalidating(
    options,
    async ({ id }) => {
      unwrap(await api.DELETE('/space-repetition/notes/{id}/', { params: { path: { id } } }));
    },
    ({ id, deckId }) => [noteKeys.note(id), ...deckKeys(deckId)],
  );
}

/** `POST space-repetition/desks/{id}/media/` (multipart): an image or sound for the deck's cards. */
export async function uploadDeckMedia(deckId: number, file: File): Promise<Media> {
  return unwrap(
    await api.POST('/space-repetition/desks/{id}/media/', {
      params: { path: { id: deckId } },
      body: { file: file as unknown as string },
      bodySerializer: () => {
        const form = new FormData();
        form.set('file', file, file.name);
        return form;
      },
    }),
  );
}

/**
 * Uploads a file for a deck's cards. Nothing cached changes: the media is only linked to the
 * deck until a note's field names it.
 */
export function useUploadDeckMedia(
  options: MutationHookOptions<Media, { deckId: number; file: File }> = {},
) {
  return useInvalidating(
    options,
    ({ deckId, file }) => uploadDeckMedia(deckId, file),
    () => [],
  );
}
