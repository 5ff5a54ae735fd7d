import { type ReactNode, useEffect, useRef, useState } from 'react';
import { useIntl } from 'react-intl';
import { CloseIcon } from '../../icons/icons.tsx';
import { cx } from '../../utils/cx.ts';
import { IconButton } from '../IconButton/IconButton.tsx';
import * as s from './Snackbar.css.ts';

/** Spec §9: snackbars hide after 6 s. */
export const SNACKBAR_AUTO_HIDE_MS = 6000;

export type SnackbarCloseReason = 'timeout' | 'close' | 'action';

export interface SnackbarProps {
  open: boolean;
  message: ReactNode;
  /** `error` uses role="alert" (assertive); the rest role="status" (polite). */
  severity?: 'info' | 'success' | 'warning' | 'error';
  /** Milliseconds before `onClose('timeout')`; `null` keeps it open. Default 6000. */
  autoHideDuration?: number | null;
  onClose?: (reason: SnackbarCloseReason) => void;
  /** An action button, e.g. `{ label: 'Retry', onClick }`. */
  action?: { label: string; onClick: () => void };
  /** Show the close (×) button (default true). */
  closable?: boolean;
  className?: string;
}

/**
 * Transient message. The timer pauses while the pointer is over it or focus is inside it
 * (WCAG 2.2.1), and the live region stays mounted so screen readers announce new messages.
 */
export function Snackbar({
  open,
  message,
  severity = 'info',
  autoHideDuration = SNACKBAR_AUTO_HIDE_MS,
  onClose,
  action,
  closable = true,
  className,
}: SnackbarProps) {
  const intl = useIntl();
  const [paused, setPaused] = useState(false);
  const onCloseRef = useRef(onClose);
  onCloseRef.current = onClose;

  useEffect(() => {
    if (!open || paused || autoHideDuration === null) return;
    const timer = setTimeout(() => onCloseRef.current?.('timeout'), autoHideDuration);
    return () => clearTimeout(timer);
  }, [open, paused, autoHideDuration]);

  const role = severity === 'error' ? 'alert' : 'status';
  return (
    <div role={role} aria-live={severity === 'error' ? 'assertive' : 'polite'} aria-atomic="true">
      {open ? (
        // biome-ignore lint/a11y/noStaticElementInteractions: pauses auto-hide while hovered (WCAG 2.2.1)
        <div
          className={cx(s.root, s.severity[severity], className)}
          data-overlay=""
          onMouseEnter={() => setPaused(true)}
          onMouseLeave={() => setPaused(false)}
          onFocus={() => setPaused(true)}
          onBlur={() => setPaused(false)}
        >
          <div className={s.message}>{message}</div>
          {action ? (
            <button
              type="button"
              className={cx(s.action, s.focusInverse)}
              onClick={() => {
                action.onClick();
                onCloseRef.current?.('action');
              }}
            >
              {action.label}
            </button>
          ) : null}
          {closable ? (
            <IconButton
              size="sm"
              className={cx(s.close, s.focusInverse)}
              aria-label={intl.formatMessage({ id: 'ui.close' })}
              onClick={() => onCloseRef.current?.('close')}
            >
              <CloseIcon size={18} />
            </IconButton>
          ) : null}
        </div>
      ) : null}
    </div>
  );
}
