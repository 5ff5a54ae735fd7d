import type { AnchorHTMLAttributes, ButtonHTMLAttributes, ReactNode, Ref } from 'react';
import { cx } from '../../utils/cx.ts';
import { Spinner } from '../Spinner/Spinner.tsx';
import * as s from './Button.css.ts';

export type ButtonVariant = 'primary' | 'secondary' | 'text' | 'danger';
export type ButtonSize = 'sm' | 'md' | 'lg';

interface CommonProps {
  variant?: ButtonVariant;
  size?: ButtonSize;
  /** Shows a spinner, sets aria-busy and blocks clicks; the label stays for screen readers. */
  loading?: boolean;
  startIcon?: ReactNode;
  endIcon?: ReactNode;
  fullWidth?: boolean;
  children: ReactNode;
}

export type ButtonProps = CommonProps &
  ButtonHTMLAttributes<HTMLButtonElement> & { href?: undefined; ref?: Ref<HTMLButtonElement> };
export type LinkButtonProps = CommonProps &
  AnchorHTMLAttributes<HTMLAnchorElement> & { href: string; ref?: Ref<HTMLAnchorElement> };

/** The classes of a button, for an element that must look like one but is rendered elsewhere. */
export function buttonClassName({
  variant = 'primary',
  size = 'md',
  fullWidth,
}: {
  variant?: ButtonVariant;
  size?: ButtonSize;
  fullWidth?: boolean;
} = {}): string {
  return cx(s.base, s.variant[variant], s.size[size], fullWidth && s.fullWidth);
}

/** A button, or a link styled as one when `href` is given. */
export function Button(props: ButtonProps | LinkButtonProps) {
  const {
    variant = 'primary',
    size = 'md',
    loading = false,
    startIcon,
    endIcon,
    fullWidth,
    className,
    children,
    ...rest
  } = props;
  const classes = cx(buttonClassName({ variant, size, fullWidth }), className);
  const content = (
    <>
      {startIcon ? <span className={cx(s.icon, loading && s.hiddenLabel)}>{startIcon}</span> : null}
      <span className={loading ? s.hiddenLabel : undefined}>{children}</span>
      {endIcon ? <span className={cx(s.icon, loading && s.hiddenLabel)}>{endIcon}</span> : null}
      {loading ? (
        <span className={s.spinnerOverlay}>
          <Spinner size="sm" decorative />
        </span>
      ) : null}
    </>
  );

  if (typeof rest.href === 'string') {
    const { ref, ...anchor } = rest as LinkButtonProps;
    return (
      <a ref={ref} className={classes} aria-busy={loading || undefined} {...anchor}>
        {content}
      </a>
    );
  }
  const { ref, type = 'button', disabled, onClick, ...button } = rest as ButtonProps;
  return (
    <button
      ref={ref}
      type={type}
      className={classes}
      disabled={disabled}
      aria-busy={loading || undefined}
      aria-disabled={loading || undefined}
      onClick={loading ? (event) => event.preventDefault() : onClick}
      {...button}
    >
      {content}
    </button>
  );
}
