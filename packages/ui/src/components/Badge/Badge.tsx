import type { ReactNode } from 'react';
import { useIntl } from 'react-intl';
import { cx } from '../../utils/cx.ts';
import { VisuallyHidden } from '../../utils/VisuallyHidden.tsx';
import * as s from './Badge.css.ts';

export interface BadgeProps {
  /** `count`: a number (hidden at 0 unless showZero); `premium`: the PREMIUM label; `dot`: a mark. */
  variant?: 'count' | 'premium' | 'dot';
  /** The number to show (variant `count`). */
  count?: number;
  /** Counts above are shown as `max+` (default 99). */
  max?: number;
  /** Show the badge when `count` is 0 (hidden by default). */
  showZero?: boolean;
  /**
   * What screen readers hear, e.g. "3 pending friend requests". Defaults to
   * "{count} notifications" for counts and "PREMIUM" for the premium label.
   */
  label?: string;
  /** `count`: the alert colour for unread counts; `primary`: the brand colour. */
  tone?: 'count' | 'primary';
  /** The element the badge sits on (icon button, avatar); omit for an inline badge. */
  children?: ReactNode;
  /** Extra class on the badge itself (not on the element it sits on). */
  className?: string;
}

/**
 * A small mark on or beside another element: an unread count, the PREMIUM label, or a dot.
 *
 * **Use it** for a count the user should notice (notifications, pending friend requests) on an
 * icon button or avatar, for the PREMIUM label on a gated feature, or a dot for "something new".
 * **Don't use it** for a status with words (use a `Chip`) or for numbers that are the content
 * itself (show them as text).
 *
 * **Accessibility.** The visible number is hidden from screen readers and replaced by `label`
 * ("3 pending friend requests"; default "{count} notifications"), so name what is counted. Counts
 * above `max` show as `99+`; a count of 0 shows nothing unless `showZero`.
 */
export function Badge({
  variant = 'count',
  count = 0,
  max = 99,
  showZero = false,
  label,
  tone = 'count',
  children,
  className,
}: BadgeProps) {
  const intl = useIntl();
  const hidden = variant === 'count' && count <= 0 && !showZero;

  let mark: ReactNode = null;
  if (!hidden) {
    if (variant === 'premium') {
      const text = label ?? intl.formatMessage({ id: 'ui.badge.premium' });
      mark = (
        <span className={cx(s.badge, s.tone.premium, children ? s.overlap : null, className)}>
          {text}
        </span>
      );
    } else {
      const spoken = label ?? intl.formatMessage({ id: 'ui.badge.count' }, { count });
      const shown =
        variant === 'dot'
          ? ''
          : count > max
            ? `${intl.formatNumber(max)}+`
            : intl.formatNumber(count);
      mark = (
        <span
          className={cx(
            s.badge,
            s.tone[tone],
            variant === 'dot' && s.dot,
            children ? s.overlap : null,
            className,
          )}
        >
          <span aria-hidden="true">{shown}</span>
          <VisuallyHidden>{spoken}</VisuallyHidden>
        </span>
      );
    }
  }

  if (!children) return mark;
  return (
    <span className={s.anchor}>
      {children}
      {mark}
    </span>
  );
}
