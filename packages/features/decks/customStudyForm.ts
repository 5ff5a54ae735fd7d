/** The custom-study form's values, its checks before the call, and the request it sends. */
import { CUSTOM_STUDY_LIMITS, type CustomStudyKind, type CustomStudyRequest } from '@memoria/api';
import type { FormProblem } from '../shared/useApiForm.ts';

export type CustomStudyValues = { kind: CustomStudyKind; days: string; limit: string; tag: string };

export const CUSTOM_STUDY_FIELDS = ['kind', 'days', 'limit', 'tag'] as const;

export const initialCustomStudy = (): CustomStudyValues => ({
  kind: 'ahead',
  days: String(CUSTOM_STUDY_LIMITS.days.default),
  limit: String(CUSTOM_STUDY_LIMITS.limit.default),
  tag: '',
});

/** A whole number within `bounds` (no sign, no decimals), else null. */
function whole(raw: string, bounds: { min: number; max: number }): number | null {
  const text = raw.trim();
  if (!/^\d{1,6}$/.test(text)) return null;
  const value = Number(text);
  return value >= bounds.min && value <= bounds.max ? value : null;
}

/** The fields the kind shows and sends: days only ahead, the tag only when cramming. */
export function customStudyRequest(deckId: number, values: CustomStudyValues): CustomStudyRequest {
  const request: CustomStudyRequest = { kind: values.kind, desk_id: deckId };
  const limit = whole(values.limit, CUSTOM_STUDY_LIMITS.limit);
  if (limit !== null) request.limit = limit;
  if (values.kind === 'ahead') {
    const days = whole(values.days, CUSTOM_STUDY_LIMITS.days);
    if (days !== null) request.days = days;
  }
  const tag = values.tag.trim();
  if (values.kind === 'cram' && tag) request.tag = tag;
  return request;
}

/** What the learner must fix before the call, one message per field. */
export function customStudyProblem(values: CustomStudyValues): FormProblem | null {
  const { limit, days } = CUSTOM_STUDY_LIMITS;
  const fieldIds: Record<string, { id: string; values: Record<string, number> }> = {};
  if (whole(values.limit, limit) === null) {
    fieldIds.limit = { id: 'decks.customStudy.error.limit', values: limit };
  }
  if (values.kind === 'ahead' && whole(values.days, days) === null) {
    fieldIds.days = { id: 'decks.customStudy.error.days', values: days };
  }
  const tag = values.tag.trim();
  if (values.kind === 'cram' && (/\s/.test(tag) || tag.length > CUSTOM_STUDY_LIMITS.tagMaxLength)) {
    fieldIds.tag = {
      id: 'decks.customStudy.error.tag',
      values: { max: CUSTOM_STUDY_LIMITS.tagMaxLength },
    };
  }
  return Object.keys(fieldIds).length > 0 ? { fieldIds } : null;
}
