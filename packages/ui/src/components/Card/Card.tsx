import type { ElementType, ReactNode } from 'react';
import { cx } from '../../utils/cx.ts';
import * as s from './Card.css.ts';

export type CardAccent = 'spacedRepetition' | 'duels' | 'macroImages' | 'conversionTable';

export interface CardProps {
  /** Element to render: `article` (default), `section`, `div` or `li`. */
  as?: 'article' | 'section' | 'div' | 'li';
  variant?: 'elevated' | 'outlined' | 'filled';
  /** Paints the card with a feature colour (dark text in both themes). */
  accent?: CardAccent;
  padding?: 'none' | 'sm' | 'md';
  title?: ReactNode;
  /** Heading level of the title (default 3). */
  headingLevel?: 2 | 3 | 4;
  subtitle?: ReactNode;
  /** Leading visual beside the title (icon, avatar). */
  icon?: ReactNode;
  /** Buttons or links at the bottom. */
  footer?: ReactNode;
  /** Makes the whole card a link (its title is the link's name). */
  href?: string;
  children?: ReactNode;
  className?: string;
}

export function Card({
  as = 'article',
  variant = 'elevated',
  accent,
  padding = 'md',
  title,
  headingLevel = 3,
  subtitle,
  icon,
  footer,
  href,
  children,
  className,
}: CardProps) {
  const Root: ElementType = href ? 'a' : as;
  const Heading: ElementType = `h${headingLevel}`;
  return (
    <Root
      href={href}
      className={cx(
        s.card,
        s.variant[variant],
        accent && s.accent[accent],
        s.padding[padding],
        href && s.interactive,
        className,
      )}
    >
      {title || icon ? (
        <div className={s.header}>
          {icon}
          <div className={s.headerText}>
            {title ? <Heading className={s.title}>{title}</Heading> : null}
            {subtitle ? (
              <p className={cx(s.subtitle, !accent && s.subtitleMuted)}>{subtitle}</p>
            ) : null}
          </div>
        </div>
      ) : null}
      {children}
      {footer ? <div className={s.footer}>{footer}</div> : null}
    </Root>
  );
}
