import type { ReactNode } from 'react';
import { useIntl } from 'react-intl';
import { cx } from '../../utils/cx.ts';
import { VisuallyHidden } from '../../utils/VisuallyHidden.tsx';
import * as s from './Badge.css.ts';

export interface BadgeProps {
  /** `count`: a number (hidden at 0 unless showZero); `premium`: the PREMIUM label; `dot`: a mark. */
  variant?: 'count' | 'premium' | 'dot';
  count?: number;
  /** Counts above are shown as `max+` (default 99). */
  max?: number;
  showZero?: boolean;
  /**
   * What screen readers hear, e.g. "3 pending friend requests". Defaults to
   * "{count} notifications" for counts and "PREMIUM" for the premium label.
   */
  label?: string;
  tone?: 'count' | 'primary';
  /** The element the badge sits on (icon button, avatar); omit for an inline badge. */
  children?: ReactNode;
  className?: string;
}

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
