/**
 * A custom-study session's address: the review page of its deck with the request in the query
 * (`/space-repetition/7?study=1&custom=ahead&days=3&limit=20`). The server stores no session, so
 * the address is the session: a reload or a bookmark asks for the same list again (see
 * docs/features/custom-study.md).
 */
import { CUSTOM_STUDY_LIMITS, type CustomStudyKind, type CustomStudyRequest } from '@memoria/api';

export const CUSTOM_STUDY_KINDS: readonly CustomStudyKind[] = ['ahead', 'forgotten', 'new', 'cram'];

/** The review page playing `request` (its `desk_id` is the deck in the path). */
export function customStudyHref(deckId: number, request: Omit<CustomStudyRequest, 'desk_id'>) {
  const query = new URLSearchParams({ study: '1', custom: request.kind });
  if (request.kind === 'ahead' && request.days !== undefined) {
    query.set('days', String(request.days));
  }
  if (request.kind === 'cram' && request.tag) query.set('tag', request.tag);
  if (request.limit !== undefined) query.set('limit', String(request.limit));
  return `/space-repetition/${deckId}?${query.toString()}`;
}

/** A whole number within `bounds`, else undefined (the server's default then). */
function bounded(raw: string | null, bounds: { min: number; max: number }): number | undefined {
  if (raw === null || !/^\d{1,4}$/.test(raw)) return undefined;
  const value = Number(raw);
  return value >= bounds.min && value <= bounds.max ? value : undefined;
}

/**
 * The request an address asks for, or null when it asks for none (`custom` missing or unknown:
 * the page plays the due queue). Out-of-range numbers fall back to the contract's defaults and
 * a tag too long is dropped, so a hand-edited address never answers 400.
 */
export function customStudyFromQuery(
  query: URLSearchParams,
  deckId: number,
): CustomStudyRequest | null {
  const kind = CUSTOM_STUDY_KINDS.find((k) => k === query.get('custom'));
  if (!kind) return null;
  const request: CustomStudyRequest = { kind, desk_id: deckId };
  const limit = bounded(query.get('limit'), CUSTOM_STUDY_LIMITS.limit);
  if (limit !== undefined) request.limit = limit;
  if (kind === 'ahead') {
    const days = bounded(query.get('days'), CUSTOM_STUDY_LIMITS.days);
    if (days !== undefined) request.days = days;
  }
  const tag = query.get('tag')?.trim();
  if (kind === 'cram' && tag && tag.length <= CUSTOM_STUDY_LIMITS.tagMaxLength) request.tag = tag;
  return request;
}
