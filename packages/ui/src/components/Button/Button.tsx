import type { AnchorHTMLAttributes, ButtonHTMLAttributes, ReactNode, Ref } from 'react';
import { cx } from '../../utils/cx.ts';
import { Spinner } from '../Spinner/Spinner.tsx';
import * as s from './Button.css.ts';

export type ButtonVariant = 'primary' | 'secondary' | 'text' | 'danger';
export type ButtonSize = 'sm' | 'md' | 'lg';

interface CommonProps {
  /** `primary` for the main action, `secondary` for alternatives, `text` for low emphasis, `danger` for destructive actions (default `primary`). */
  variant?: ButtonVariant;
  /** Height and padding (default `md`). */
  size?: ButtonSize;
  /** Shows a spinner, sets aria-busy and blocks clicks; the label stays for screen readers. */
  loading?: boolean;
  /** Decorative icon before the label. */
  startIcon?: ReactNode;
  /** Decorative icon after the label. */
  endIcon?: ReactNode;
  /** Fill the container's width (forms on phones). */
  fullWidth?: boolean;
  /** The label: a verb that says what happens ("Start review"). */
  children: ReactNode;
  /** Makes it a link (`<a>`) to this address; without it, it is a `<button>`. */
  href?: string;
  /** Extra class on the button or link. */
  className?: string;
}

// `Button` takes `CommonProps & (NativeButtonProps | NativeLinkProps)`, the same type as
// `ButtonProps | LinkButtonProps`: written so, react-docgen reads the common props into the docs
// page's props table (it reads no props from a union of object types).
type NativeButtonProps = ButtonHTMLAttributes<HTMLButtonElement> & {
  href?: undefined;
  ref?: Ref<HTMLButtonElement>;
};
type NativeLinkProps = AnchorHTMLAttributes<HTMLAnchorElement> & {
  href: string;
  ref?: Ref<HTMLAnchorElement>;
};
export type ButtonProps = CommonProps & NativeButtonProps;
export type LinkButtonProps = CommonProps & NativeLinkProps;

/** The classes of a button, for an element that must look like one but is rendered elsewhere. */
export function buttonClassName({
  variant = 'primary',
  size = 'md',
  fullWidth,
}: {
  /** `primary` for the main action, `secondary` for alternatives, `text` for low emphasis, `danger` for destructive actions (default `primary`). */
  variant?: ButtonVariant;
  /** Height and padding (default `md`). */
  size?: ButtonSize;
  /** Fill the container's width (forms on phones). */
  fullWidth?: boolean;
} = {}): string {
  return cx(s.base, s.variant[variant], s.size[size], fullWidth && s.fullWidth);
}

/**
 * The action button of Memoria, or a link styled as one when `href` is given.
 *
 * **Use it** for the actions of a page, form or dialog: `primary` for the one main action
 * ("Upgrade now", "Start review"), `secondary` for the alternatives, `text` for low-emphasis
 * actions beside others, `danger` for destructive ones ("Delete deck"). Give it `href` when it
 * navigates. **Don't use it** for an icon alone (use `IconButton`, which requires a name) or for
 * navigation inside running text (use a plain link).
 *
 * **Accessibility.** A native `<button>` (type `button` by default) or `<a>`: Enter and Space (or
 * Enter for links) activate it, and it shows the focus ring. `loading` shows a spinner, sets
 * `aria-busy` and blocks clicks while the label stays readable to screen readers; `disabled`
 * removes it from the tab order, so prefer explaining why an action is unavailable.
 */
export function Button(props: CommonProps & (NativeButtonProps | NativeLinkProps)) {
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
