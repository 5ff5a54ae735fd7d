import type { ElementType, ReactNode } from 'react';
import { cx } from '../../utils/cx.ts';
import * as s from './EmptyState.css.ts';

export interface EmptyStateProps {
  /** What is empty, as a heading ("No decks yet"). */
  title: ReactNode;
  /** One sentence on how to fill it. */
  description?: ReactNode;
  /** Decorative icon. */
  icon?: ReactNode;
  /** A call to action (Button). */
  action?: ReactNode;
  /** Heading level of the title (default 3). */
  headingLevel?: 2 | 3 | 4;
  /** Less padding, for panels and menus. */
  compact?: boolean;
  /** Extra class on the root element. */
  className?: string;
}

/**
 * What a list or page shows when it has nothing yet, with the action that fills it.
 *
 * **Use it** when a query succeeded with no items ("No decks yet", "No notifications"), with a
 * short explanation and one call to action. `compact` fits panels and menus. **Don't use it** for
 * errors (show the error with a Retry) or while loading (use `Skeleton`).
 *
 * **Accessibility.** The title is a heading of `headingLevel` (default 3); the icon is decorative
 * and hidden from screen readers, so the title and description must say everything.
 */
export function EmptyState({
  title,
  description,
  icon,
  action,
  headingLevel = 2,
  compact = false,
  className,
}: EmptyStateProps) {
  const Heading: ElementType = `h${headingLevel}`;
  return (
    <div className={cx(s.root, compact && s.compact, className)}>
      {icon ? (
        <span className={s.icon} aria-hidden="true">
          {icon}
        </span>
      ) : null}
      <Heading className={s.title}>{title}</Heading>
      {description ? <p className={s.description}>{description}</p> : null}
      {action ? <div className={s.action}>{action}</div> : null}
    </div>
  );
}
