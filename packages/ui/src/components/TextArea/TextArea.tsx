/**
 * A multi-line field with the TextField's look: label, helper and error wired the same way
 * (aria-invalid, aria-describedby).
 */
import { type ReactNode, type Ref, type TextareaHTMLAttributes, useId } from 'react';
import { cx } from '../../utils/cx.ts';
import * as tf from '../TextField/TextField.css.ts';
import * as s from './TextArea.css.ts';

export interface TextAreaProps extends TextareaHTMLAttributes<HTMLTextAreaElement> {
  /** Visible label of the field. */
  label: ReactNode;
  /** Error below the field: sets aria-invalid and is linked with aria-describedby. */
  error?: ReactNode;
  /** Hint below the field, linked with aria-describedby. */
  helperText?: ReactNode;
  /** The native `<textarea>` element. */
  ref?: Ref<HTMLTextAreaElement>;
}

/**
 * A multi-line text field with a label, helper text and an error, matching `TextField`.
 *
 * **Use it** for free text longer than one line: a card's back, a message to sales, text to
 * generate cards from. **Don't use it** for single values (use `TextField`).
 *
 * **Accessibility.** The label is a real `<label>`; helper text and the error are linked with
 * `aria-describedby`, and an error sets `aria-invalid`.
 */
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
