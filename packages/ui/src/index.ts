// Side effect: light/dark theme variables on :root / [data-theme], base reset, focus ring.
import './theme/global.css.ts';

export { Badge, type BadgeProps } from './components/Badge/Badge.tsx';
export {
  Button,
  type ButtonProps,
  type ButtonSize,
  type ButtonVariant,
  buttonClassName,
  type LinkButtonProps,
} from './components/Button/Button.tsx';
export { Card, type CardAccent, type CardProps } from './components/Card/Card.tsx';
export { Chip, type ChipColor, type ChipProps } from './components/Chip/Chip.tsx';
export { Dialog, type DialogProps } from './components/Dialog/Dialog.tsx';
export { Drawer, type DrawerProps } from './components/Drawer/Drawer.tsx';
export { EmptyState, type EmptyStateProps } from './components/EmptyState/EmptyState.tsx';
export {
  ErrorBoundary,
  type ErrorBoundaryProps,
  ErrorFallback,
  type ErrorFallbackProps,
} from './components/ErrorBoundary/ErrorBoundary.tsx';
export { ErrorState, type ErrorStateProps } from './components/ErrorState/ErrorState.tsx';
export type { FieldEditorProps } from './components/FieldEditor/FieldEditor.tsx';
export { FormDialog, type FormDialogProps } from './components/FormDialog/FormDialog.tsx';
export { IconButton, type IconButtonProps } from './components/IconButton/IconButton.tsx';
export { Menu, type MenuItem, type MenuProps } from './components/Menu/Menu.tsx';
export type {
  OcclusionEditorProps,
  OcclusionMode,
  OcclusionShape,
  OcclusionValue,
} from './components/OcclusionEditor/OcclusionEditor.tsx';
export { ProgressBar, type ProgressBarProps } from './components/ProgressBar/ProgressBar.tsx';
export { RichContent, type RichContentProps } from './components/RichContent/RichContent.tsx';
export { type ResolveSrc, useResolvedSrc } from './components/RichContent/useResolvedSrc.ts';
export { Select, type SelectOption, type SelectProps } from './components/Select/Select.tsx';
export { Skeleton, type SkeletonProps } from './components/Skeleton/Skeleton.tsx';
export {
  SNACKBAR_AUTO_HIDE_MS,
  Snackbar,
  type SnackbarCloseReason,
  type SnackbarProps,
} from './components/Snackbar/Snackbar.tsx';
export { Spinner, type SpinnerProps } from './components/Spinner/Spinner.tsx';
export { type TabItem, Tabs, type TabsProps } from './components/Tabs/Tabs.tsx';
export { TextArea, type TextAreaProps } from './components/TextArea/TextArea.tsx';
export { TextField, type TextFieldProps } from './components/TextField/TextField.tsx';
export { Tooltip, type TooltipProps } from './components/Tooltip/Tooltip.tsx';
// Lazy: each editor is a chunk of its own, fetched when one first renders.
export { FieldEditor, OcclusionEditor } from './editors.tsx';
export * from './icons/icons.tsx';
export { AppIntlProvider, type AppIntlProviderProps } from './intl/AppIntlProvider.tsx';
export { type Locale, locales, type UiMessageId, uiMessages } from './messages.ts';
export { contrastRatio } from './theme/contrast.ts';
export * from './theme/index.ts';
export { cx } from './utils/cx.ts';
export { VisuallyHidden } from './utils/VisuallyHidden.tsx';
