import {
  cloneElement,
  type FocusEvent,
  isValidElement,
  type MouseEvent,
  type ReactElement,
  type ReactNode,
  useEffect,
  useId,
  useState,
} from 'react';
import { cx } from '../../utils/cx.ts';
import * as s from './Tooltip.css.ts';

export interface TooltipProps {
  /** Supplementary description; the trigger must still have its own accessible name. */
  content: ReactNode;
  /** One focusable element (button, link). */
  children: ReactElement<{ 'aria-describedby'?: string }>;
  /** Side of the trigger it appears on (default `top`). */
  placement?: 'top' | 'bottom';
  /** Start visible (stories, tests). */
  defaultOpen?: boolean;
  /** Extra class on the tooltip bubble (not on the trigger). */
  className?: string;
}

/**
 * A short description shown when a control is hovered or focused.
 *
 * **Use it** to add a hint to a control that already has a name (what a disabled action needs,
 * what an icon button does in more words). **Don't use it** for essential information, which
 * touch users cannot hover to see, or for interactive content (use a `Dialog` or `Menu`).
 *
 * **Accessibility.** Opens on hover and on keyboard focus, closes on Escape (WCAG 1.4.13), and is
 * linked to its trigger with `aria-describedby`, so screen readers read it after the trigger's own
 * name. Its child must be one focusable element.
 */
export function Tooltip({
  content,
  children,
  placement = 'top',
  defaultOpen = false,
  className,
}: TooltipProps) {
  const id = useId();
  const [hovered, setHovered] = useState(false);
  const [focused, setFocused] = useState(false);
  const [dismissed, setDismissed] = useState(false);
  const [forced, setForced] = useState(defaultOpen);
  const open = (forced || hovered || focused) && !dismissed;

  useEffect(() => {
    if (!open) return;
    const onKeyDown = (event: KeyboardEvent) => {
      if (event.key === 'Escape') {
        setDismissed(true);
        setForced(false);
      }
    };
    document.addEventListener('keydown', onKeyDown);
    return () => document.removeEventListener('keydown', onKeyDown);
  }, [open]);

  if (!isValidElement(children)) return children;
  const describedBy = [children.props['aria-describedby'], open ? id : null]
    .filter(Boolean)
    .join(' ');

  return (
    // biome-ignore lint/a11y/noStaticElementInteractions: hover tracking only; the child is the control
    <span
      className={s.anchor}
      onMouseEnter={(_e: MouseEvent) => {
        setHovered(true);
        setDismissed(false);
      }}
      onMouseLeave={() => setHovered(false)}
      onFocus={(_e: FocusEvent) => {
        setFocused(true);
        setDismissed(false);
      }}
      onBlur={() => setFocused(false)}
    >
      {cloneElement(children, { 'aria-describedby': describedBy || undefined })}
      {open ? (
        <span
          role="tooltip"
          id={id}
          className={cx(s.tooltip, s.placement[placement], className)}
          data-overlay=""
        >
          {content}
        </span>
      ) : null}
    </span>
  );
}
