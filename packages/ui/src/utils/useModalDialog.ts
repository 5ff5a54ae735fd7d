import { type RefObject, useEffect, useRef } from 'react';

const FOCUSABLE =
  'button:not([disabled]), [href], input:not([disabled]), select:not([disabled]), textarea:not([disabled]), [tabindex]:not([tabindex="-1"])';
const FIELD =
  'input:not([disabled]):not([type="hidden"]), select:not([disabled]), textarea:not([disabled])';
/** Marks the header's × button, which is never the first stop: Enter on it would drop the form. */
export const DISMISS_ATTRIBUTE = 'data-dismiss';
/** Input types for which Enter means "submit the form" (not a toggle or a file picker). */
const NOT_SUBMITTING_ON_ENTER = new Set([
  'button',
  'checkbox',
  'file',
  'image',
  'radio',
  'reset',
  'submit',
]);

/**
 * Where focus lands when a dialog opens: an explicit `data-autofocus`, else its first field, else
 * its first control other than ×, which in a confirmation is the least destructive action because
 * actions list Cancel before the destructive one.
 */
function initialFocusTarget(dialog: HTMLElement): HTMLElement | null {
  return (
    dialog.querySelector<HTMLElement>('[data-autofocus]') ??
    dialog.querySelector<HTMLElement>(FIELD) ??
    [...dialog.querySelectorAll<HTMLElement>(FOCUSABLE)].find(
      (element) => !element.hasAttribute(DISMISS_ATTRIBUTE),
    ) ??
    dialog.querySelector<HTMLElement>(FOCUSABLE)
  );
}

/**
 * Drives a native `<dialog>` as a modal: `showModal()` puts it in the top layer and makes the
 * rest of the page inert (the focus trap), focus goes to the first field (see
 * `initialFocusTarget`), Enter in a text field submits its form, Escape closes through
 * `onClose`, and focus returns to the element that opened it, also when the dialog unmounts.
 */
export function useModalDialog(
  ref: RefObject<HTMLDialogElement | null>,
  open: boolean,
  onClose: () => void,
) {
  const returnFocus = useRef<HTMLElement | null>(null);
  const shown = useRef(false);
  const onCloseRef = useRef(onClose);
  onCloseRef.current = onClose;

  useEffect(() => {
    const dialog = ref.current;
    if (!dialog) return;
    if (open && !dialog.open) {
      returnFocus.current = document.activeElement as HTMLElement | null;
      shown.current = true;
      if (typeof dialog.showModal === 'function') dialog.showModal();
      else dialog.setAttribute('open', '');
      initialFocusTarget(dialog)?.focus();
    } else if (!open && dialog.open) {
      if (typeof dialog.close === 'function') dialog.close();
      else dialog.removeAttribute('open');
      restoreFocus(returnFocus, shown);
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
      } else if (event.key === 'Enter' && !event.isComposing && !event.defaultPrevented) {
        // Dialog forms keep their submit button in the actions row (`form=` attribute); submit
        // explicitly so Enter behaves the same whatever the browser's implicit submission does.
        const target = event.target;
        if (
          target instanceof HTMLInputElement &&
          target.form &&
          !NOT_SUBMITTING_ON_ENTER.has(target.type)
        ) {
          event.preventDefault();
          target.form.requestSubmit();
        }
      }
    };
    dialog.addEventListener('cancel', onCancel);
    dialog.addEventListener('keydown', onKeyDown);
    return () => {
      dialog.removeEventListener('cancel', onCancel);
      dialog.removeEventListener('keydown', onKeyDown);
    };
  }, [ref]);

  // Dialogs are often unmounted rather than closed (`{open ? <Dialog open /> : null}`); by the
  // time this cleanup runs the ref is already detached, so `shown` says whether it was open.
  useEffect(() => () => restoreFocus(returnFocus, shown), []);
}

function restoreFocus(returnFocus: { current: HTMLElement | null }, shown: { current: boolean }) {
  const opener = returnFocus.current;
  returnFocus.current = null;
  if (!shown.current) return;
  shown.current = false;
  if (opener?.isConnected) opener.focus();
}
