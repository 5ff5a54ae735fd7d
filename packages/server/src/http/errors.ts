import type { components } from '@memoria/api/schema';
import type { ContentfulStatusCode } from 'hono/utils/http-status';
import { type FieldErrorCode, fieldErrorCodes } from './messages.ts';

/** The machine codes of the contract's `Error` schema, as generated from openapi.yaml. */
export type ErrorCode = components['schemas']['Error']['code'];

import type { FieldErrors } from '../domain/field-errors.ts';

export type { FieldErrors };

/** The body of every error response (`components/schemas/Error`). */
export interface ErrorBody {
  detail: string;
  code: ErrorCode;
  fields?: FieldErrors;
  field_codes?: Record<string, FieldErrorCode[]>;
  operation?: string;
  feature?: string;
  sign_in_link?: boolean;
}

export interface ApiErrorExtras {
  fields?: FieldErrors;
  operation?: string;
  feature?: string;
  /** A throttled sign-in: a one-time link by email still signs the owner in. */
  signInLink?: boolean;
  headers?: Record<string, string>;
}

/** An error a handler throws on purpose; the app's error handler renders it as the Error schema. */
export class ApiError extends Error {
  readonly status: ContentfulStatusCode;
  readonly code: ErrorCode;
  readonly detail: string;
  readonly fields?: FieldErrors;
  readonly operation?: string;
  readonly feature?: string;
  readonly signInLink?: boolean;
  readonly headers?: Record<string, string>;

  constructor(
    status: ContentfulStatusCode,
    code: ErrorCode,
    detail: string,
    extras?: ApiErrorExtras,
  ) {
    super(detail);
    this.name = 'ApiError';
    this.status = status;
    this.code = code;
    this.detail = detail;
    this.fields = extras?.fields;
    this.operation = extras?.operation;
    this.feature = extras?.feature;
    this.signInLink = extras?.signInLink;
    this.headers = extras?.headers;
  }

  toBody(): ErrorBody {
    const body: ErrorBody = { detail: this.detail, code: this.code };
    if (this.fields) {
      body.fields = this.fields;
      body.field_codes = fieldErrorCodes(this.fields);
    }
    if (this.operation) body.operation = this.operation;
    if (this.feature) body.feature = this.feature;
    if (this.signInLink) body.sign_in_link = true;
    return body;
  }
}

/** A 400 naming each failing field; `detail` is the first message (what a form shows on top). */
export function validationError(fields: FieldErrors, detail?: string): ApiError {
  const first = Object.entries(fields)[0];
  const message =
    detail ??
    (first
      ? Object.keys(fields).length === 1
        ? `${first[0]}: ${first[1][0] ?? 'Invalid value.'}`
        : `Invalid input: ${Object.keys(fields).join(', ')}`
      : 'Invalid input.');
  return new ApiError(400, 'validation_error', message, { fields });
}

export const notFound = (detail = 'Not found.') => new ApiError(404, 'not_found', detail);

/** A 403: the caller is known but may not do this (not the owner, the wrong plan, read-only). */
export const forbidden = (detail = 'Forbidden.', extras?: ApiErrorExtras) =>
  new ApiError(403, 'forbidden', detail, extras);
