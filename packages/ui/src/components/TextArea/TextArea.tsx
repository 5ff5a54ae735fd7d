/**
 * A multi-line field with the TextField's look: label, helper and error wired the same way
 * (aria-invalid, aria-describedby).
 */
import { type ReactNode, type Ref, type TextareaHTMLAttributes, useId } from 'react';
import { cx } from '../../utils/cx.ts';
import * as tf from '../TextField/TextField.css.ts';
import * as s from './TextArea.css.ts';

export interface TextAreaProps extends TextareaHTMLAttributes<HTMLTextAreaElement> {
  label: ReactNode;
  /** Error below the field: sets aria-invalid and is linked with aria-describedby. */
  error?: ReactNode;
  /** Hint below the field, linked with aria-describedby. */
  helperText?: ReactNode;
  ref?: Ref<HTMLTextAreaElement>;
}

export function TextArea({ label, error, helperText, id, className, ...rest }: TextAreaProps) {
  const autoId = useId();
  const fieldId = id ?? autoId;
  const describedBy =
    [error ? `${fieldId}-error` : null, helperText ? `${fieldId}-helper` : null]
      .filter(Boolean)
      .join(' ') || undefined;
  return (
    <div className={cx(tf.root, className)}>
      <label htmlFor={fieldId} className={tf.label}>
        {label}
      </label>
      <textarea
        id={fieldId}
        aria-invalid={error ? true : undefined}
        aria-describedby={describedBy}
        className={cx(tf.input, s.textarea)}
        {...rest}
      />
      {error ? (
        <p id={`${fieldId}-error`} className={tf.error}>
          {error}
        </p>
      ) : null}
      {helperText ? (
        <p id={`${fieldId}-helper`} className={tf.helper}>
          {helperText}
        </p>
      ) : null}
    </div>
  );
}
