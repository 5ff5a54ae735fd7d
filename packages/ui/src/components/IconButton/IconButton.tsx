import type { ButtonHTMLAttributes, ReactNode, Ref } from 'react';
import { cx } from '../../utils/cx.ts';
import * as s from './IconButton.css.ts';

export interface IconButtonProps
  extends Omit<ButtonHTMLAttributes<HTMLButtonElement>, 'aria-label' | 'children'> {
  /** Required accessible name: an icon alone says nothing to a screen reader. */
  'aria-label': string;
  /** The (decorative) icon. */
  children: ReactNode;
  /** `standard` (no background), `primary` (filled) or `outlined`. */
  variant?: 'standard' | 'primary' | 'outlined';
  /** Button size (default `md`). */
  size?: 'sm' | 'md' | 'lg';
  /** The native button type (default `button`, so it never submits a form by itself). */
  type?: 'button' | 'submit' | 'reset';
  /** The native `<button>` element (focus it after a dialog closes, for example). */
  ref?: Ref<HTMLButtonElement>;
}

/**
 * A button whose content is only an icon: close, menu, notifications, show password.
 *
 * **Use it** for compact, well-known actions in toolbars, headers and fields. **Don't use it** when
 * the action is not obvious from the icon: use a `Button` with a text label (or add a `Tooltip`).
 *
 * **Accessibility.** `aria-label` is required: the icon is decorative and the label is what screen
 * readers announce ("Close", "Notifications"). A native button: Enter and Space activate it, and it
 * keeps the focus ring.
 */
export function IconButton({
  variant = 'standard',
  size = 'md',
  className,
  type = 'button',
  children,
  ...rest
}: IconButtonProps) {
  return (
    <button
      type={type}
      className={cx(s.base, s.variant[variant], s.size[size], className)}
      {...rest}
    >
      {children}
    </button>
  );
}
