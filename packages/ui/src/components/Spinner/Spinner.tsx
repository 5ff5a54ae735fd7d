import { useIntl } from 'react-intl';
import { cx } from '../../utils/cx.ts';
import { VisuallyHidden } from '../../utils/VisuallyHidden.tsx';
import * as s from './Spinner.css.ts';

export interface SpinnerProps {
  size?: 'sm' | 'md' | 'lg';
  /** Announced text; defaults to "Loading…". Pass `decorative` inside an already-labelled control. */
  label?: string;
  /** Hidden from assistive technology (e.g. inside a busy Button). */
  decorative?: boolean;
  className?: string;
}

/** Indeterminate activity indicator for long work. */
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
