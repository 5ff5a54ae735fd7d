import { type ReactNode, type Ref, type SelectHTMLAttributes, useId } from 'react';
import { AlertIcon, ChevronDownIcon } from '../../icons/icons.tsx';
import { cx } from '../../utils/cx.ts';
import * as tf from '../TextField/TextField.css.ts';
import * as s from './Select.css.ts';

export interface SelectOption {
  value: string;
  /** Visible label of the field. */
  label: string;
  disabled?: boolean;
}

export interface SelectProps extends Omit<SelectHTMLAttributes<HTMLSelectElement>, 'size'> {
  /** Visible label of the field. */
  label: ReactNode;
  /** The choices, in order. */
  options: SelectOption[];
  /** Shown as a first, empty choice. */
  placeholder?: string;
  /** Hint below the field, linked with aria-describedby. */
  helperText?: ReactNode;
  /** Error below the field: sets aria-invalid and is linked with aria-describedby. */
  error?: ReactNode;
  /** The native `<select>` element. */
  ref?: Ref<HTMLSelectElement>;
}

/**
 * A styled native `<select>` with a label, helper text and error, matching `TextField`.
 *
 * **Use it** to pick one value from a known list in a form (language, plan, sort order).
 * `placeholder` adds an empty first choice. **Don't use it** for two or three options that should
 * all be visible (use radio buttons or `Tabs`) or for actions (use `Menu`).
 *
 * **Accessibility.** The native control keeps each platform's own keyboard and screen-reader
 * behaviour. The label is a real `<label>`; helper text and the error are linked with
 * `aria-describedby`, and an error sets `aria-invalid`.
 */
export function Select({
  label,
  options,
  placeholder,
  helperText,
  error,
  id,
  required,
  className,
  'aria-describedby': describedBy,
  ...rest
}: SelectProps) {
  const autoId = useId();
  const selectId = id ?? autoId;
  const helperId = `${selectId}-helper`;
  const errorId = `${selectId}-error`;
  const describedByIds =
    [describedBy, error ? errorId : null, helperText ? helperId : null].filter(Boolean).join(' ') ||
    undefined;
  return (
    <div className={cx(tf.root, className)}>
      <label htmlFor={selectId} className={tf.label}>
        {label}
        {required ? (
          <span className={tf.required} aria-hidden="true">
            *
          </span>
        ) : null}
      </label>
      <div className={s.control}>
        <select
          id={selectId}
          required={required}
          aria-invalid={error ? true : undefined}
          aria-describedby={describedByIds}
          className={s.select}
          {...rest}
        >
          {placeholder !== undefined ? <option value="">{placeholder}</option> : null}
          {options.map((option) => (
            <option key={option.value} value={option.value} disabled={option.disabled}>
              {option.label}
            </option>
          ))}
        </select>
        <ChevronDownIcon className={s.chevron} />
      </div>
      {error ? (
        <p id={errorId} className={tf.error}>
          <AlertIcon size={16} />
          <span>{error}</span>
        </p>
      ) : null}
      {helperText ? (
        <p id={helperId} className={tf.helper}>
          {helperText}
        </p>
      ) : null}
    </div>
  );
}
