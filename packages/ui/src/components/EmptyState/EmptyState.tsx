import type { ElementType, ReactNode } from 'react';
import { cx } from '../../utils/cx.ts';
import * as s from './EmptyState.css.ts';

export interface EmptyStateProps {
  title: ReactNode;
  description?: ReactNode;
  /** Decorative icon. */
  icon?: ReactNode;
  /** A call to action (Button). */
  action?: ReactNode;
  headingLevel?: 2 | 3 | 4;
  /** Less padding, for panels and menus. */
  compact?: boolean;
  className?: string;
}

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
