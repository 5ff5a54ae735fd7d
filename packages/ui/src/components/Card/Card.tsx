import type { ElementType, ReactNode } from 'react';
import { cx } from '../../utils/cx.ts';
import * as s from './Card.css.ts';

export type CardAccent = 'spacedRepetition' | 'duels' | 'macroImages' | 'conversionTable';

export interface CardProps {
  /** Element to render: `article` (default), `section`, `div` or `li`. */
  as?: 'article' | 'section' | 'div' | 'li';
  /** `elevated` (shadow, default), `outlined` (border) or `filled` (alternate surface). */
  variant?: 'elevated' | 'outlined' | 'filled';
  /** Paints the card with a feature colour (dark text in both themes). */
  accent?: CardAccent;
  /** Inner padding (default `md`); `none` for edge-to-edge media. */
  padding?: 'none' | 'sm' | 'md';
  /** Heading of the card. */
  title?: ReactNode;
  /** Heading level of the title (default 3). */
  headingLevel?: 2 | 3 | 4;
  /** One line under the title (counts, dates). */
  subtitle?: ReactNode;
  /** Leading visual beside the title (icon, avatar). */
  icon?: ReactNode;
  /** Buttons or links at the bottom. */
  footer?: ReactNode;
  /** Makes the whole card a link (its title is the link's name). */
  href?: string;
  /** The body. */
  children?: ReactNode;
  /** Extra class on the card's root element. */
  className?: string;
}

/**
 * A surface that groups one item's content: a deck, a plan, a dashboard tile.
 *
 * **Use it** to present items in a list or grid, each with a title, optional subtitle, icon and
 * footer actions. `accent` paints it with a spec feature colour (spaced repetition, duels, macro
 * images, conversion table) with dark text in both themes. `href` makes the whole card one link.
 * **Don't use it** to frame a whole page or a form (use the page layout), or nest cards.
 *
 * **Accessibility.** Renders an `article` by default (`as` changes it; use `li` inside a list) with
 * its title as a heading of `headingLevel` (default 3): choose the level that fits the page outline.
 * A linked card is a single `<a>` named by its content, so keep interactive elements out of it.
 */
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
