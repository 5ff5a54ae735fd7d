import type { ReactNode } from 'react';
import { visuallyHidden } from './visuallyHidden.css.ts';

/**
 * Text that screen readers read and the screen does not show: the rest of a sentence whose
 * visible part is an icon, a number or a mark.
 *
 * **Use it** where the visual context says something a listener would miss: "(completed)" after
 * a ticked step, the loading label of a `Spinner` or `Skeleton`, what a `Badge`'s number counts,
 * a chart's data as a table. **Don't use it** to name a control (give the button or link its own
 * name: `IconButton`'s `aria-label`), to hide content from everyone (render nothing) or for text
 * sighted users need too.
 *
 * **Accessibility.** A `<span>` clipped to 1 × 1 px, out of the layout but still in the
 * accessibility tree, so it is read in place, as part of its parent's text and of the accessible
 * name of a button or link around it. Being out of the text flow, it is a separate chunk of that
 * name (a space is put around it): write whole words. It is never focusable: put no link or button
 * inside it, or keyboard users would tab to something they cannot see.
 */
export function VisuallyHidden({
  children,
}: {
  /** The text to read (inline content: it is rendered in a `<span>`). */
  children: ReactNode;
}) {
  return <span className={visuallyHidden}>{children}</span>;
}
