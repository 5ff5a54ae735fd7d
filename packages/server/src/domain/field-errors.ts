/** Messages per input field, as rules report them and the `Error` schema's `fields` carry them. */
export type FieldErrors = Record<string, string[]>;
