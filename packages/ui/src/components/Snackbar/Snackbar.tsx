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
  /** Shown when true. */
  open: boolean;
  /** One short sentence. */
  message: ReactNode;
  /** `error` uses role="alert" (assertive); the rest role="status" (polite). */
  severity?: 'info' | 'success' | 'warning' | 'error';
  /** Milliseconds before `onClose('timeout')`; `null` keeps it open. Default 6000. */
  autoHideDuration?: number | null;
  /** Called with why it closed: `timeout`, `close` (× button) or `action`. */
  onClose?: (reason: SnackbarCloseReason) => void;
  /** An action button, e.g. `{ label: 'Retry', onClick }`. */
  action?: { label: string; onClick: () => void };
  /** Show the close (×) button (default true). */
  closable?: boolean;
  /** Extra class on the snackbar itself (inside the live region). */
  className?: string;
}

/**
 * A short message at the bottom of the screen about something that just happened, optionally with
 * one action ("Saved", "Connection lost — Retry").
 *
 * **Use it** for feedback that does not need a decision. It hides after 6 s (`autoHideDuration`,
 * `null` keeps it), the timer pausing while the pointer is over it or focus is inside it (WCAG
 * 2.2.1). **Don't use it** for errors a user must act on to continue (show them in place) or for
 * anything longer than a sentence.
 *
 * **Accessibility.** The live region stays mounted so each new message is announced: `error` is
 * `role="alert"` (assertive), other severities `role="status"` (polite). The action and the close
 * button are reachable with Tab.
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
