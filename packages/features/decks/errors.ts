/** The deck screens' wording of a failed call, over the shared error catalog. */
import type { IntlShape } from 'react-intl';
import { DECK_ERRORS, errorMessage } from '../shared/errors.ts';

export function errorText(
  intl: IntlShape,
  error: unknown,
  fallbackId = 'decks.error.generic',
): string {
  return errorMessage(intl, error, { overrides: DECK_ERRORS, fallbackId });
}
