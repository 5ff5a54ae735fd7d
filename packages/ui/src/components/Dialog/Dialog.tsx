import { type ReactNode, useId, useRef } from 'react';
import { useIntl } from 'react-intl';
import { CloseIcon } from '../../icons/icons.tsx';
import { cx } from '../../utils/cx.ts';
import { DISMISS_ATTRIBUTE, useModalDialog } from '../../utils/useModalDialog.ts';
import { IconButton } from '../IconButton/IconButton.tsx';
import * as s from './Dialog.css.ts';

export interface DialogProps {
  open: boolean;
  /** Called on Escape, the close button or a backdrop click. */
  onClose: () => void;
  title: ReactNode;
  description?: ReactNode;
  children?: ReactNode;
  /** Buttons shown at the bottom (e.g. Maybe later / Upgrade now). */
  actions?: ReactNode;
  size?: 'sm' | 'md' | 'lg';
  /** Hide the close (×) button; Escape still closes. */
  hideCloseButton?: boolean;
  /** Close when the backdrop is clicked (default true). */
  closeOnBackdrop?: boolean;
  className?: string;
}

/**
 * Modal dialog on the native <dialog> element: top layer, inert background (focus trap),
 * Escape closes, labelled by its title, focus returns to the opener.
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
