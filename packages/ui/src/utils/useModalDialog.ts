import { type RefObject, useEffect, useRef } from 'react';

const FOCUSABLE =
  'button:not([disabled]), [href], input:not([disabled]), select:not([disabled]), textarea:not([disabled]), [tabindex]:not([tabindex="-1"])';

/**
 * Drives a native `<dialog>` as a modal: `showModal()` puts it in the top layer and makes the
 * rest of the page inert (the focus trap), Escape closes through `onClose`, and focus returns to
 * the element that had it before opening.
 */
export function useModalDialog(
  ref: RefObject<HTMLDialogElement | null>,
  open: boolean,
  onClose: () => void,
) {
  const returnFocus = useRef<HTMLElement | null>(null);
  const onCloseRef = useRef(onClose);
  onCloseRef.current = onClose;

  useEffect(() => {
    const dialog = ref.current;
    if (!dialog) return;
    if (open && !dialog.open) {
      returnFocus.current = document.activeElement as HTMLElement | null;
      if (typeof dialog.showModal === 'function') dialog.showModal();
      else dialog.setAttribute('open', '');
      // Browsers focus the first focusable element; make sure of it (and honour data-autofocus).
      if (!dialog.contains(document.activeElement) || dialog.querySelector('[data-autofocus]')) {
        const target = dialog.querySelector<HTMLElement>(
          `[data-autofocus], [autofocus], ${FOCUSABLE}`,
        );
        target?.focus();
      }
    } else if (!open && dialog.open) {
      if (typeof dialog.close === 'function') dialog.close();
      else dialog.removeAttribute('open');
      returnFocus.current?.focus?.();
      returnFocus.current = null;
    }
  }, [open, ref]);

  useEffect(() => {
    const dialog = ref.current;
    if (!dialog) return;
    // Escape fires `cancel` on a modal dialog; keep the open state owned by React.
    const onCancel = (event: Event) => {
      event.preventDefault();
      onCloseRef.current();
    };
    const onKeyDown = (event: KeyboardEvent) => {
      if (event.key === 'Escape') {
        event.preventDefault();
        event.stopPropagation();
        onCloseRef.current();
      }
    };
    dialog.addEventListener('cancel', onCancel);
    dialog.addEventListener('keydown', onKeyDown);
    return () => {
      dialog.removeEventListener('cancel', onCancel);
      dialog.removeEventListener('keydown', onKeyDown);
    };
  }, [ref]);

  // Restore focus if the component unmounts while open.
  useEffect(
    () => () => {
      const dialog = ref.current;
      if (dialog?.open) returnFocus.current?.focus?.();
    },
    [ref],
  );
}
