/** What a failed call means to a learner, translated (the server's wording only for 400s). */
import { isApiRequestError } from '@memoria/api';
import type { IntlShape } from 'react-intl';

const BY_CODE: Record<string, string> = {
  network_error: 'decks.error.network',
  forbidden: 'decks.error.readOnly',
  plan_required: 'decks.error.readOnly',
  not_found: 'decks.error.notFound',
  conflict: 'decks.error.conflict',
  rate_limited: 'decks.error.rateLimited',
  unavailable: 'decks.error.unavailable',
  not_implemented: 'decks.error.unavailable',
};

/** Known messages of the server that the catalog translates (spec §5). */
const KNOWN_DETAILS: Record<string, string> = {
  'Please enter a desk name': 'decks.validation.deskNameRequired',
  'Please enter at least one email address': 'decks.validation.emailsRequired',
  'Please provide either text or an image': 'decks.validation.textOrImage',
};

export function errorText(
  intl: IntlShape,
  error: unknown,
  fallbackId = 'decks.error.generic',
): string {
  if (!isApiRequestError(error)) return intl.formatMessage({ id: fallbackId });
  const known = KNOWN_DETAILS[error.detail];
  if (known) return intl.formatMessage({ id: known });
  const byCode = BY_CODE[error.code];
  if (byCode) return intl.formatMessage({ id: byCode });
  if (error.status === 400) {
    const field = Object.values(error.fields)[0]?.[0];
    return field ?? error.detail;
  }
  return intl.formatMessage({ id: fallbackId });
}
