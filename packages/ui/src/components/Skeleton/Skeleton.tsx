import type { CSSProperties } from 'react';
import { useIntl } from 'react-intl';
import { cx } from '../../utils/cx.ts';
import { VisuallyHidden } from '../../utils/VisuallyHidden.tsx';
import * as s from './Skeleton.css.ts';

export interface SkeletonProps {
  /** Shape: `text` lines (default), `rect` or `circle`. */
  variant?: 'text' | 'rect' | 'circle';
  /** CSS width (default the container's). */
  width?: CSSProperties['width'];
  /** CSS height (for `rect` and `circle`). */
  height?: CSSProperties['height'];
  /** For `text`: number of lines (the last is shorter). */
  lines?: number;
  /** Announced while loading; defaults to "Loading…". */
  label?: string;
  /** Extra class on the group that holds the shapes. */
  className?: string;
}

/**
 * A placeholder in the shape of content that is still loading.
 *
 * **Use it** for the first load of a list, card or panel, shaped like what will arrive (`text`
 * lines, `rect`, `circle`), so the layout does not jump. **Don't use it** for actions in progress
 * (use `Button` `loading` or `Spinner`) or when loading failed (show the error with Retry).
 *
 * **Accessibility.** A `role="status"` region with `aria-busy`, announcing `label` (default
 * "Loading…"); the shapes are hidden from assistive technology. The pulse stops under
 * `prefers-reduced-motion`.
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
