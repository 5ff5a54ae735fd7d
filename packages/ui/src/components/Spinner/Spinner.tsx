import { useIntl } from 'react-intl';
import { cx } from '../../utils/cx.ts';
import { VisuallyHidden } from '../../utils/VisuallyHidden.tsx';
import * as s from './Spinner.css.ts';

export interface SpinnerProps {
  /** Diameter (default `md`). */
  size?: 'sm' | 'md' | 'lg';
  /** Announced text; defaults to "Loading…". Pass `decorative` inside an already-labelled control. */
  label?: string;
  /** Hidden from assistive technology (e.g. inside a busy Button). */
  decorative?: boolean;
  /** Extra class on the root element. */
  className?: string;
}

/**
 * An indeterminate activity indicator for work that takes a moment.
 *
 * **Use it** for a wait with no known length where nothing else shows progress. **Don't use it**
 * for loading content with a known shape (use `Skeleton`) or inside buttons yourself (`Button`
 * `loading` does it).
 *
 * **Accessibility.** Announces `label` (default "Loading…") as a status; pass `decorative` when it
 * sits inside a control that already says it is busy.
 */
export function Spinner({ size = 'md', label, decorative = false, className }: SpinnerProps) {
  const intl = useIntl();
  if (decorative) {
    return <span className={cx(s.root, s.size[size], className)} aria-hidden="true" />;
  }
  return (
    <span role="status" className={cx(s.wrapper, className)}>
      <span className={cx(s.root, s.size[size])} aria-hidden="true" />
      <VisuallyHidden>{label ?? intl.formatMessage({ id: 'ui.loading' })}</VisuallyHidden>
    </span>
  );
}
