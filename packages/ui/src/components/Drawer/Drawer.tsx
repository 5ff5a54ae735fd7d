import { type ReactNode, useId, useRef } from 'react';
import { useIntl } from 'react-intl';
import { CloseIcon } from '../../icons/icons.tsx';
import { cx } from '../../utils/cx.ts';
import { useModalDialog } from '../../utils/useModalDialog.ts';
import { IconButton } from '../IconButton/IconButton.tsx';
import * as s from './Drawer.css.ts';

export interface DrawerProps {
  /** Shown when true. */
  open: boolean;
  /** Called on Escape, the close button or a backdrop click. */
  onClose: () => void;
  /** Heading of the sheet; also its accessible name. */
  title: ReactNode;
  /** The content (usually navigation links). */
  children?: ReactNode;
  /** The edge it slides from (default `left`). */
  side?: 'left' | 'right';
  /** CSS width, default the sidebar width (260px). */
  width?: string;
  /** Extra class on the `<dialog>` element of the sheet. */
  className?: string;
}

/**
 * A modal side sheet, used for the app's navigation on phones.
 *
 * **Use it** for navigation or secondary content that slides in from the side on narrow screens.
 * **Don't use it** for a decision or a form (use `Dialog`) or on desktop, where the navigation is
 * always visible.
 *
 * **Accessibility.** A native `<dialog>`: focus is trapped inside while open, Escape, the close
 * button and the backdrop close it, and focus returns to the button that opened it. `title` is its
 * heading and accessible name.
 */
export function Drawer({
  open,
  onClose,
  title,
  children,
  side = 'left',
  width = '260px',
  className,
}: DrawerProps) {
  const intl = useIntl();
  const ref = useRef<HTMLDialogElement>(null);
  const titleId = useId();
  useModalDialog(ref, open, onClose);
  return (
    // biome-ignore lint/a11y/useKeyWithClickEvents: backdrop click; Escape is the keyboard equivalent
    <dialog
      ref={ref}
      aria-labelledby={titleId}
      aria-modal="true"
      className={cx(s.drawer, s.side[side], className)}
      style={{ width }}
      data-overlay=""
      onClick={(event) => {
        if (event.target === event.currentTarget) onClose();
      }}
    >
      {open ? (
        <>
          <div className={s.header}>
            <h2 id={titleId} className={s.title}>
              {title}
            </h2>
            <IconButton aria-label={intl.formatMessage({ id: 'ui.close' })} onClick={onClose}>
              <CloseIcon />
            </IconButton>
          </div>
          <div className={s.body}>{children}</div>
        </>
      ) : null}
    </dialog>
  );
}
