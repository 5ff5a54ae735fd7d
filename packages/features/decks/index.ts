export { AttachedFilesList } from './AttachedFilesList.tsx';
export { CameraCaptureDialog } from './CameraCaptureDialog.tsx';
export { CardEditorDialog } from './CardEditorDialog.tsx';
export { DeskDetail } from './DeskDetail.tsx';
export { DeskList } from './DeskList.tsx';
export { GenerateCards } from './GenerateCards.tsx';
export { DeskDetailIsland, DeskListIsland } from './islands.tsx';
