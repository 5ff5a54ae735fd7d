/** The deck screens' wording of a failed call, over the shared error catalog. */
import type { IntlShape } from 'react-intl';
import { type ErrorCodeMessages, errorMessage } from '../shared/errors.ts';

/** Where a deck says it more precisely than the shared catalog. */
const DECK_ERRORS: ErrorCodeMessages = {
  forbidden: 'decks.error.readOnly',
  plan_required: 'decks.error.readOnly',
  not_found: 'decks.error.notFound',
};

export function errorText(
  intl: IntlShape,
  error: unknown,
  fallbackId = 'decks.error.generic',
): string {
  return errorMessage(intl, error, { overrides: DECK_ERRORS, fallbackId });
}
