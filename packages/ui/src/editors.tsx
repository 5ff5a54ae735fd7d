/**
 * The editors as `@memoria/ui` exports them: each loads its own chunk (TipTap, ProseMirror and
 * KaTeX for the field editor) the first time one renders, so an island that imports `@memoria/ui`
 * without rendering an editor never downloads them. The components themselves, with their docs and
 * stories, are in `components/FieldEditor` and `components/OcclusionEditor`.
 */
import { lazy, Suspense } from 'react';
import type { FieldEditorProps } from './components/FieldEditor/FieldEditor.tsx';
import type { OcclusionEditorProps } from './components/OcclusionEditor/OcclusionEditor.tsx';
import { Skeleton } from './components/Skeleton/Skeleton.tsx';

// Pure: a page that renders no editor keeps neither the call nor the chunk's import.
const FieldEditorChunk = /* @__PURE__ */ lazy(() =>
  import('./components/FieldEditor/FieldEditor.tsx').then((m) => ({ default: m.FieldEditor })),
);
const OcclusionEditorChunk = /* @__PURE__ */ lazy(() =>
  import('./components/OcclusionEditor/OcclusionEditor.tsx').then((m) => ({
    default: m.OcclusionEditor,
  })),
);

/** `FieldEditor`, loaded on first render (a skeleton of its size until then). */
export function FieldEditor(props: FieldEditorProps) {
  return (
    <Suspense fallback={<Skeleton variant="rect" height={176} />}>
      <FieldEditorChunk {...props} />
    </Suspense>
  );
}

/** `OcclusionEditor`, loaded on first render (a skeleton until then). */
export function OcclusionEditor(props: OcclusionEditorProps) {
  return (
    <Suspense fallback={<Skeleton variant="rect" height={320} />}>
      <OcclusionEditorChunk {...props} />
    </Suspense>
  );
}
