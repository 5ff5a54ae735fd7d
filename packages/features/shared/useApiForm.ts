/**
 * The one way a form talks to the API: its values, a check before the call, the call, and what a
 * failure shows (each message once, through `formErrors`: under its field, or in the banner).
 */
import { type FormEvent, useCallback, useEffect, useRef, useState } from 'react';
import { useIntl } from 'react-intl';
import { type ErrorCodeMessages, errorMessage, formErrors } from './errors.ts';

/** A message id, with its values when the message has any. */
export type FormMessage = string | { id: string; values?: Record<string, string | number> };

/** What a check before the call found: a message id for the banner, or one per field. */
export type FormProblem = { bannerId: string } | { fieldIds: Record<string, FormMessage> };

export interface ApiFormOptions<V extends object, R> {
  /** The values the form starts with (a function is called once). */
  initial: V | (() => V);
  /** The fields the form shows: their server errors go under them, the others to the banner. */
  fields: readonly string[];
  /** The banner's message id when every field error is under its field ("Registration failed"). */
  failedId: string;
  /** A check before the call; a problem stops the submit and is shown instead. */
  validate?: (values: V) => FormProblem | null;
  /** The call (a mutation's `mutateAsync`); a throw is shown as the form's errors. */
  submit: (values: V) => Promise<R>;
  /** After the call succeeded; the form stays pending until it ends. */
  onSuccess?: (result: R, values: V) => void | Promise<void>;
  /** Sees a failure first; returns true when it showed it itself (e.g. an offer in the banner). */
  onFailure?: (failure: unknown, values: V) => boolean;
  /**
   * The form's one field: every failure (and a banner problem of `validate`) shows under it, said
   * as `errorMessage` says it (`failedId` when the failure says nothing specific); no banner.
   */
  errorUnder?: string;
  /** With `errorUnder`: the codes this capability says its own way (`errorMessage`'s overrides). */
  errorOverrides?: ErrorCodeMessages;
  /** True: typing into a bound field clears the errors shown (the learner is fixing them). */
  clearErrorsOnChange?: boolean;
  /** False: no banner while a field shows an error (the form says nothing twice). Default true. */
  bannerBesideFields?: boolean;
  /**
   * Reads what was typed or autofilled into the form's named inputs before the island hydrated
   * (give the form `ref={form.ref}`).
   */
  keepTypedBeforeHydration?: boolean;
}

export interface ApiForm<V extends object> {
  values: V;
  setValue: <K extends keyof V>(name: K, value: V[K]) => void;
  setValues: (update: V | ((current: V) => V)) => void;
  /**
   * `name`, `value`, `error` and `onChange` of a text input bound to the value `name`;
   * `fieldName` when the input and the server call the field otherwise (`first_name`).
   */
  bind: <K extends StringKeys<V>>(name: K, fieldName?: string) => BoundField;
  /** The translated error of each field the form shows. */
  fieldErrors: Partial<Record<string, string>>;
  /** The banner's text, or null. */
  banner: string | null;
  /**
   * Shows `failure` as the form's errors, for a call the form makes besides its submit (its own
   * `failedId`; `fields` when its errors belong under other fields than the form's, `[]`: none).
   */
  showFailure: (failure: unknown, failedId?: string, fields?: readonly string[]) => void;
  /** Shows a message id in the banner (null clears the banner). */
  showBanner: (messageId: string | null) => void;
  /** True from the submit until the call (and `onSuccess`) ended. */
  pending: boolean;
  /** The form's `onSubmit`. */
  onSubmit: (event?: FormEvent) => Promise<void>;
  /** For `<form ref>` when `keepTypedBeforeHydration` is set. */
  ref: React.RefObject<HTMLFormElement | null>;
}

type StringKeys<V> = { [K in keyof V]: V[K] extends string ? K : never }[keyof V] & string;

export interface BoundField {
  name: string;
  value: string;
  error: string | undefined;
  onChange: (event: { target: { value: string } }) => void;
}

/** Current values of named inputs of `form` (what the browser holds before hydration). */
export function readFields<K extends string>(
  form: HTMLFormElement | null,
  names: readonly K[],
): Partial<Record<K, string>> {
  const out: Partial<Record<K, string>> = {};
  for (const name of names) {
    const input = form?.elements.namedItem(name);
    if (input instanceof HTMLInputElement && input.value) out[name] = input.value;
  }
  return out;
}

export function useApiForm<V extends object, R = unknown>(
  options: ApiFormOptions<V, R>,
): ApiForm<V> {
  const intl = useIntl();
  const [values, setValues] = useState<V>(options.initial);
  const [fieldErrors, setFieldErrors] = useState<Partial<Record<string, string>>>({});
  const [banner, setBanner] = useState<string | null>(null);
  const [pending, setPending] = useState(false);
  const ref = useRef<HTMLFormElement>(null);
  // The latest options, so `onSubmit` sees this render's callbacks and values.
  const latest = useRef({ options, values });
  latest.current = { options, values };

  const keepTyped = options.keepTypedBeforeHydration;
  useEffect(() => {
    if (!keepTyped) return;
    const names = Object.keys(latest.current.values);
    const typed = readFields(ref.current, names);
    if (Object.keys(typed).length > 0) setValues((current) => ({ ...current, ...typed }));
  }, [keepTyped]);

  const showFailure = useCallback(
    (failure: unknown, failedId?: string, fields?: readonly string[]) => {
      const { options } = latest.current;
      const { bannerBesideFields = true, errorUnder } = options;
      if (errorUnder) {
        setFieldErrors({
          [errorUnder]: errorMessage(intl, failure, {
            overrides: options.errorOverrides,
            fallbackId: failedId ?? options.failedId,
          }),
        });
        setBanner(null);
        return;
      }
      const shown = formErrors(
        intl,
        failure,
        fields ?? options.fields,
        failedId ?? options.failedId,
      );
      const anyField = Object.keys(shown.fields).length > 0;
      setFieldErrors(shown.fields);
      setBanner(anyField && !bannerBesideFields ? null : shown.banner);
    },
    [intl],
  );

  const showBanner = useCallback(
    (messageId: string | null) =>
      setBanner(messageId ? intl.formatMessage({ id: messageId }) : null),
    [intl],
  );

  const onSubmit = useCallback(
    async (event?: FormEvent) => {
      event?.preventDefault();
      const { options: current, values: submitted } = latest.current;
      const problem = current.validate?.(submitted) ?? null;
      if (problem) {
        const under = current.errorUnder;
        if ('bannerId' in problem && under) {
          setFieldErrors({ [under]: intl.formatMessage({ id: problem.bannerId }) });
          setBanner(null);
        } else if ('bannerId' in problem) {
          setFieldErrors({});
          setBanner(intl.formatMessage({ id: problem.bannerId }));
        } else {
          const fields: Record<string, string> = {};
          for (const [name, message] of Object.entries(problem.fieldIds)) {
            fields[name] =
              typeof message === 'string'
                ? intl.formatMessage({ id: message })
                : intl.formatMessage({ id: message.id }, message.values);
          }
          setFieldErrors(fields);
          setBanner(null);
        }
        return;
      }
      setFieldErrors({});
      setBanner(null);
      setPending(true);
      try {
        let result: R;
        try {
          result = await current.submit(submitted);
        } catch (failure) {
          if (!current.onFailure?.(failure, submitted)) showFailure(failure);
          return;
        }
        await current.onSuccess?.(result, submitted);
      } finally {
        setPending(false);
      }
    },
    [intl, showFailure],
  );

  const setValue = useCallback(
    <K extends keyof V>(name: K, value: V[K]) =>
      setValues((current) => ({ ...current, [name]: value })),
    [],
  );

  const clearErrors = () => {
    setFieldErrors((current) => (Object.keys(current).length > 0 ? {} : current));
    setBanner(null);
  };

  const bind = (name: StringKeys<V>, fieldName: string = name): BoundField => ({
    name: fieldName,
    value: values[name] as string,
    error: fieldErrors[fieldName],
    onChange: (event) => {
      setValue(name, event.target.value as V[typeof name]);
      if (options.clearErrorsOnChange) clearErrors();
    },
  });

  return {
    values,
    setValue,
    setValues,
    bind,
    fieldErrors,
    banner,
    showFailure,
    showBanner,
    pending,
    onSubmit,
    ref,
  };
}
