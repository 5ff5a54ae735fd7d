/**
 * The live check of the numbers fields, the same rule the server applies (digits and spaces;
 * something to convert), so the learner sees the spec's message while typing. The server's
 * answer stays the authority: its field errors are shown the same way.
 */
export type NumbersProblem =
  | 'no_numbers_entered'
  | 'only_numbers_and_spaces'
  | 'number_field_empty';

export function numbersProblem(
  value: string,
  empty: 'no_numbers_entered' | 'number_field_empty',
): NumbersProblem | null {
  if (/[^0-9\s]/.test(value)) return 'only_numbers_and_spaces';
  if (!value.trim()) return empty;
  return null;
}
