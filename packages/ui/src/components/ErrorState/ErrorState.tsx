import type { ReactNode } from 'react';
import { cx } from '../../utils/cx.ts';
import { Button } from '../Button/Button.tsx';
import * as s from './ErrorState.css.ts';

export interface ErrorStateProps {
  /** What failed, in bold ("Could not load your friends"). */
  title?: ReactNode;
  /** Why it failed: the translated message of the error. */
  description?: ReactNode;
  /** The Retry button's label. */
  retryLabel: ReactNode;
  /** Runs the failed read (or write) again, e.g. the query's `refetch`. */
  onRetry: () => void;
  /** Extra class on the root element. */
  className?: string;
}

/**
 * What a section shows when its data could not be loaded: what failed, why, and a Retry.
 *
 * **Use it** in place of a list, table or panel whose query failed (or an action that can simply
 * be tried again), with the error's translated message as `description` and the query's `refetch`
 * as `onRetry`. **Don't use it** for a form's errors (a `role="alert"` banner above the fields and
 * each message under its field), for something that no longer exists (a 404 has nothing to retry:
 * say it is gone), for nothing to show (use `EmptyState`) or while loading (use `Skeleton`).
 *
 * **Accessibility.** The block is `role="alert"`, so the failure is announced when it appears,
 * without moving the focus; Retry is a real button, reached with Tab.
 */
export function ErrorState({
  title,
  description,
  retryLabel,
  onRetry,
  className,
}: ErrorStateProps) {
  return (
    <div role="alert" className={cx(s.root, className)}>
      {title ? <strong>{title}</strong> : null}
      {description ? <p className={s.description}>{description}</p> : null}
      <Button variant="secondary" size="sm" onClick={onRetry}>
        {retryLabel}
      </Button>
    </div>
  );
}
