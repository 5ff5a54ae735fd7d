/**
 * The note dialogs as the deck page loads them: on first open, each a chunk of its own. They
 * render card previews with `RichContent`, which brings KaTeX; the deck page without an open
 * note dialog downloads neither.
 */
import { lazy, Suspense } from 'react';
import type { NoteEditorDialogProps } from './NoteEditorDialog.tsx';

const NoteEditorChunk = /* @__PURE__ */ lazy(() =>
  import('./NoteEditorDialog.tsx').then((m) => ({ default: m.NoteEditorDialog })),
);
const NoteTypesChunk = /* @__PURE__ */ lazy(() =>
  import('./NoteTypesDialog.tsx').then((m) => ({ default: m.NoteTypesDialog })),
);

export function LazyNoteEditorDialog(props: NoteEditorDialogProps) {
  return (
    <Suspense fallback={null}>
      <NoteEditorChunk {...props} />
    </Suspense>
  );
}

export function LazyNoteTypesDialog(props: { open: boolean; onClose: () => void }) {
  return (
    <Suspense fallback={null}>
      <NoteTypesChunk {...props} />
    </Suspense>
  );
}
