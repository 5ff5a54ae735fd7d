export { AttachedFilesList } from './AttachedFilesList.tsx';
export { CameraCaptureDialog } from './CameraCaptureDialog.tsx';
export { CardEditorDialog } from './CardEditorDialog.tsx';
export { DeckDetail } from './DeckDetail.tsx';
export { DeckList } from './DeckList.tsx';
export { GenerateCards } from './GenerateCards.tsx';
export { DeckDetailIsland, DeckListIsland } from './islands.tsx';
export { NoteEditorDialog, type NoteEditorDialogProps } from './NoteEditorDialog.tsx';
export { NoteTypesDialog } from './NoteTypesDialog.tsx';
