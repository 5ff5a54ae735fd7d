import { type InputHTMLAttributes, type ReactNode, type Ref, useId, useState } from 'react';
import { useIntl } from 'react-intl';
import { AlertIcon, EyeIcon, EyeOffIcon } from '../../icons/icons.tsx';
import { cx } from '../../utils/cx.ts';
import { IconButton } from '../IconButton/IconButton.tsx';
import * as s from './TextField.css.ts';

export interface TextFieldProps extends Omit<InputHTMLAttributes<HTMLInputElement>, 'size'> {
  /** Visible label of the field. */
  label: ReactNode;
  /** Hint below the field, linked with aria-describedby. */
  helperText?: ReactNode;
  /** Error below the field: sets aria-invalid and is linked with aria-describedby. */
  error?: ReactNode;
  /** For `type="password"`: a button to show or hide the value (default true). */
  revealable?: boolean;
  /** The input type (default `text`); `password` adds the show/hide button. */
  type?: InputHTMLAttributes<HTMLInputElement>['type'];
  /** The native `<input>` element. */
  ref?: Ref<HTMLInputElement>;
  /** Extra class on the root element (label, input and texts). */
  className?: string;
}

/**
 * A single-line text input with a label, helper text and an error message.
 *
 * **Use it** for every single-value text input in forms: email, password, deck name, search.
 * For `type="password"` a show/hide button is added (`revealable`, default true). **Don't use it**
 * for multi-line text (use `TextArea`) or a choice from a list (use `Select`).
 *
 * **Accessibility.** The label is a real `<label>` (required fields show a decorative asterisk; the
 * native `required` is what is announced). Helper text and the error are linked with
 * `aria-describedby`, and an error sets `aria-invalid`. The show/hide password button is a toggle
 * (`aria-pressed`) that controls the input.
 */
export function TextField({
  label,
  helperText,
  error,
  id,
  type = 'text',
  required,
  revealable = true,
  className,
  'aria-describedby': describedBy,
  ...rest
}: TextFieldProps) {
  const intl = useIntl();
  const autoId = useId();
  const inputId = id ?? autoId;
  const helperId = `${inputId}-helper`;
  const errorId = `${inputId}-error`;
  const [revealed, setRevealed] = useState(false);
  const isPassword = type === 'password';
  const showToggle = isPassword && revealable;
  const describedByIds =
    [describedBy, error ? errorId : null, helperText ? helperId : null].filter(Boolean).join(' ') ||
    undefined;

  return (
    <div className={cx(s.root, className)}>
      <label htmlFor={inputId} className={s.label}>
        {label}
        {required ? (
          <span className={s.required} aria-hidden="true">
            *
          </span>
        ) : null}
      </label>
      <div className={s.control}>
        <input
          id={inputId}
          type={isPassword && revealed ? 'text' : type}
          required={required}
          aria-invalid={error ? true : undefined}
          aria-describedby={describedByIds}
          className={cx(s.input, showToggle && s.withAdornment)}
          {...rest}
        />
        {showToggle ? (
          <IconButton
            className={s.adornment}
            size="sm"
            aria-label={intl.formatMessage({
              id: revealed ? 'ui.password.hide' : 'ui.password.show',
            })}
            aria-pressed={revealed}
            aria-controls={inputId}
            onClick={() => setRevealed((v) => !v)}
            disabled={rest.disabled}
          >
            {revealed ? <EyeOffIcon /> : <EyeIcon />}
          </IconButton>
        ) : null}
      </div>
      {error ? (
        <p id={errorId} className={s.error}>
          <AlertIcon size={16} />
          <span>{error}</span>
        </p>
      ) : null}
      {helperText ? (
        <p id={helperId} className={s.helper}>
          {helperText}
        </p>
      ) : null}
    </div>
  );
}
