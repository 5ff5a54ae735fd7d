import { useId } from 'react';
import { useIntl } from 'react-intl';
import { cx } from '../../utils/cx.ts';
import * as s from './ProgressBar.css.ts';

export interface ProgressBarProps {
  /** 0–max; omit for an indeterminate bar. */
  value?: number;
  /** The value of a full bar (default 100). */
  max?: number;
  /** Visible label; defaults to "Progress". */
  label?: string;
  /** Show the percentage next to the label. */
  showValue?: boolean;
  /** Extra class on the root element (label row and track). */
  className?: string;
}

/**
 * Shows how far a task or goal has got: a determinate bar with a value, or an indeterminate one.
 *
 * **Use it** for progress with a known end (cards reviewed today, an upload) and, without `value`,
 * for work of unknown length that occupies an area. **Don't use it** for a short wait on a button
 * (use its `loading`) or for content loading (use `Skeleton`).
 *
 * **Accessibility.** `role="progressbar"` labelled by its visible label (default "Progress"), with
 * `aria-valuenow`/`aria-valuemax` when determinate and `aria-busy` when not. The percentage shown
 * with `showValue` is visual only: screen readers read the values.
 */
export function ProgressBar({
  value,
  max = 100,
  label,
  showValue = false,
  className,
}: ProgressBarProps) {
  const intl = useIntl();
  const id = useId();
  const text = label ?? intl.formatMessage({ id: 'ui.progress' });
  const determinate = typeof value === 'number';
  const clamped = determinate ? Math.min(Math.max(value, 0), max) : 0;
  const percent = determinate ? Math.round((clamped / max) * 100) : 0;
  return (
    <div className={cx(s.root, className)}>
      <div className={s.labelRow}>
        <span id={id}>{text}</span>
        {showValue && determinate ? (
          <span aria-hidden="true">{intl.formatNumber(percent / 100, { style: 'percent' })}</span>
        ) : null}
      </div>
      <div
        role="progressbar"
        aria-labelledby={id}
        aria-valuemin={determinate ? 0 : undefined}
        aria-valuemax={determinate ? max : undefined}
        aria-valuenow={determinate ? clamped : undefined}
        aria-busy={determinate ? undefined : true}
        className={s.track}
      >
        <div
          className={cx(s.bar, !determinate && s.indeterminate)}
          style={determinate ? { width: `${percent}%` } : undefined}
        />
      </div>
    </div>
  );
}
