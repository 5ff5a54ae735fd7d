import { type FormEvent, type ReactNode, useId } from 'react';
import { Button } from '../Button/Button.tsx';
import { Dialog, type DialogProps } from '../Dialog/Dialog.tsx';
import * as s from './FormDialog.css.ts';

export interface FormDialogProps extends Omit<DialogProps, 'actions' | 'children'> {
  /**
   * Called when the form is sent (its submit button or Enter in a field). The browser does not
   * validate it (`noValidate`): call `preventDefault`, validate and show errors on the fields.
   */
  onSubmit: (event: FormEvent<HTMLFormElement>) => void;
  /** The submit button's text (e.g. Save, Create, Share). */
  submitLabel: ReactNode;
  /** The cancel button's text; the button calls `onClose`. */
  cancelLabel: ReactNode;
  /** While the request runs: the submit button shows a spinner and cannot be pressed again. */
  pending?: boolean;
  /** The form's fields (and an error banner, if any). */
  children: ReactNode;
}

/**
 * A `Dialog` holding one form: the fields in the body, Cancel and the submit button at the
 * bottom, the button tied to the form by its `form` attribute so Enter in a field and the button
 * send it alike.
 *
 * **Use it** for a small form of one to three fields in a dialog: create or rename, share, a
 * number setting. **Don't use it** for a confirmation without fields (use `Dialog` with its
 * actions) or a long form (use a page).
 *
 * **Accessibility.** Everything `Dialog` gives (focus kept inside, Escape closes, labelled by the
 * title). The submit button is a real `type="submit"` button of the form, so assistive
 * technology announces it as the form's; the form has `noValidate`, so errors come from the
 * caller, on the fields, where their `TextField` links them.
 */
export function FormDialog({
  onSubmit,
  submitLabel,
  cancelLabel,
  pending = false,
  children,
  ...dialog
}: FormDialogProps) {
  const formId = useId();
  return (
    <Dialog
      {...dialog}
      actions={
        <>
          <Button variant="text" onClick={dialog.onClose}>
            {cancelLabel}
          </Button>
          <Button type="submit" form={formId} loading={pending}>
            {submitLabel}
          </Button>
        </>
      }
    >
      <form id={formId} className={s.form} onSubmit={onSubmit} noValidate>
        {children}
      </form>
    </Dialog>
  );
}
