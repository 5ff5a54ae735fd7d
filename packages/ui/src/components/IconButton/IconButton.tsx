import type { ButtonHTMLAttributes, ReactNode, Ref } from 'react';
import { cx } from '../../utils/cx.ts';
import * as s from './IconButton.css.ts';

export interface IconButtonProps
  extends Omit<ButtonHTMLAttributes<HTMLButtonElement>, 'aria-label' | 'children'> {
  /** Required accessible name: an icon alone says nothing to a screen reader. */
  'aria-label': string;
  /** The (decorative) icon. */
  children: ReactNode;
  variant?: 'standard' | 'primary' | 'outlined';
  size?: 'sm' | 'md' | 'lg';
  ref?: Ref<HTMLButtonElement>;
}

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
