/**
 * A multi-line field for card text, styled with the design system's TextField classes (the UI
 * package has no textarea primitive); label, helper and error wired the same way.
 */
import { cx } from '@memoria/ui';
import * as tf from '@memoria/ui/components/TextField/TextField.css.ts';
import { type ReactNode, type Ref, type TextareaHTMLAttributes, useId } from 'react';
import * as s from './decks.css.ts';

export interface TextAreaProps extends TextareaHTMLAttributes<HTMLTextAreaElement> {
  label: ReactNode;
  error?: ReactNode;
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
