import { isApiRequestError } from '@memoria/api';

/**
 * The server's message for a failed auth call (§8: "the error's message or 'Login failed'").
 * Undefined, so the translated fallback shows, for no response at all (the connection-lost
 * snackbar covers it) and for server faults (5xx), whose text means nothing to a learner.
 */
export function serverMessage(error: unknown): string | undefined {
  if (!isApiRequestError(error) || error.status === 0 || error.status >= 500) return undefined;
  const detail = error.detail.trim();
  return detail || undefined;
}

/** The first message of each failing field of a validation error. */
export function firstFieldErrors(error: unknown): Record<string, string> {
  if (!isApiRequestError(error)) return {};
  const out: Record<string, string> = {};
  for (const [field, list] of Object.entries(error.fields)) {
    if (list[0]) out[field] = list[0];
  }
  return out;
}
