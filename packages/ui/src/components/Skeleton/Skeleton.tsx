import type { CSSProperties } from 'react';
import { useIntl } from 'react-intl';
import { cx } from '../../utils/cx.ts';
import { VisuallyHidden } from '../../utils/VisuallyHidden.tsx';
import * as s from './Skeleton.css.ts';

export interface SkeletonProps {
  variant?: 'text' | 'rect' | 'circle';
  width?: CSSProperties['width'];
  height?: CSSProperties['height'];
  /** For `text`: number of lines (the last is shorter). */
  lines?: number;
  /** Announced while loading; defaults to "Loading…". */
  label?: string;
  className?: string;
}

/**
 * Placeholder while content loads: a busy status region whose shapes are hidden from assistive
 * technology; the pulse stops under prefers-reduced-motion.
 */
export function Skeleton({
  variant = 'text',
  width,
  height,
  lines = 1,
  label,
  className,
}: SkeletonProps) {
  const intl = useIntl();
  const count = variant === 'text' ? Math.max(1, lines) : 1;
  const size = variant === 'circle' ? (width ?? height ?? 40) : undefined;
  return (
    <div
      role="status"
      aria-busy="true"
      className={cx(s.group, className)}
      style={{ width: variant === 'text' ? width : undefined }}
    >
      <VisuallyHidden>{label ?? intl.formatMessage({ id: 'ui.loading' })}</VisuallyHidden>
      {Array.from({ length: count }, (_, i) => (
        <span
          // biome-ignore lint/suspicious/noArrayIndexKey: static placeholders
          key={i}
          aria-hidden="true"
          className={cx(s.bone, s.shape[variant])}
          style={
            variant === 'text'
              ? { width: count > 1 && i === count - 1 ? '60%' : '100%' }
              : { width: size ?? width ?? '100%', height: size ?? height ?? 120 }
          }
        />
      ))}
    </div>
  );
}
