import { type ReactNode, useId, useRef } from 'react';
import { useIntl } from 'react-intl';
import { CloseIcon } from '../../icons/icons.tsx';
import { cx } from '../../utils/cx.ts';
import { DISMISS_ATTRIBUTE, useModalDialog } from '../../utils/useModalDialog.ts';
import { IconButton } from '../IconButton/IconButton.tsx';
import * as s from './Dialog.css.ts';

export interface DialogProps {
  /** Shown when true (opened with `showModal`). */
  open: boolean;
  /** Called on Escape, the close button or a backdrop click. */
  onClose: () => void;
  /** Heading and accessible name. */
  title: ReactNode;
  /** Text under the title, linked as the accessible description. */
  description?: ReactNode;
  /** The body (a form, a message). */
  children?: ReactNode;
  /** Buttons shown at the bottom (e.g. Maybe later / Upgrade now). */
  actions?: ReactNode;
  /** Maximum width: `sm` for confirmations, `md` (default), `lg` for forms. */
  size?: 'sm' | 'md' | 'lg';
  /** Hide the close (×) button; Escape still closes. */
  hideCloseButton?: boolean;
  /** Close when the backdrop is clicked (default true). */
  closeOnBackdrop?: boolean;
  /** Extra class on the `<dialog>` element (e.g. a wider layout). */
  className?: string;
}

/**
 * A modal dialog on the native `<dialog>` element.
 *
 * **Use it** for a short task or decision that must be finished or dismissed before going on:
 * confirming a deletion, the Premium upsell, a small form. **Don't use it** for long flows or
 * content people need to compare with the page (use a page), for navigation on phones (use
 * `Drawer`), or for passive messages (use `Snackbar`).
 *
 * **Accessibility.** Opens in the top layer with the rest of the page inert (focus stays inside),
 * moves focus into the dialog, and returns it to the opener on close. Escape, the close (×) button
 * and a backdrop click call `onClose`. It is labelled by `title` and described by `description`.
 */
export function Dialog({
  open,
  onClose,
  title,
  description,
  children,
  actions,
  size = 'md',
  hideCloseButton = false,
  closeOnBackdrop = true,
  className,
}: DialogProps) {
  const intl = useIntl();
  const ref = useRef<HTMLDialogElement>(null);
  const titleId = useId();
  const descriptionId = useId();
  useModalDialog(ref, open, onClose);

  return (
    // biome-ignore lint/a11y/useKeyWithClickEvents: backdrop click; Escape is the keyboard equivalent
    <dialog
      ref={ref}
      aria-labelledby={titleId}
      aria-describedby={description ? descriptionId : undefined}
      aria-modal="true"
      className={cx(s.dialog, s.size[size], className)}
      data-overlay=""
      onClick={(event) => {
        // A click on the <dialog> itself (not its content) is a click on the backdrop.
        if (closeOnBackdrop && event.target === event.currentTarget) onClose();
      }}
    >
      {open ? (
        <>
          <div className={s.header}>
            <h2 id={titleId} className={s.title}>
              {title}
            </h2>
            {hideCloseButton ? null : (
              <IconButton
                aria-label={intl.formatMessage({ id: 'ui.close' })}
                onClick={onClose}
                {...{ [DISMISS_ATTRIBUTE]: '' }}
              >
                <CloseIcon />
              </IconButton>
            )}
          </div>
          {description ? (
            <p id={descriptionId} className={s.description}>
              {description}
            </p>
          ) : null}
          {children ? <div className={s.body}>{children}</div> : null}
          {actions ? <div className={s.actions}>{actions}</div> : null}
        </>
      ) : null}
    </dialog>
  );
}
