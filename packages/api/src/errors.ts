/** Typed errors for callers: the contract's one Error shape plus the HTTP status. */
import type { components } from './schema.d.ts';

type ContractError = components['schemas']['Error'];

/** Machine codes of the contract's `Error.code`, plus `network_error` for no response at all. */
export type ErrorCode = ContractError['code'] | 'network_error';

/** Machine key of one field error (`Error.field_codes`). */
export type FieldErrorCode = components['schemas']['FieldErrorCode'];

/** The contract's `Error` schema, with the client's own `network_error` code. */
export type ApiErrorBody = Omit<ContractError, 'code'> & { code: ErrorCode };

const CODE_BY_STATUS: Record<number, ErrorCode> = {
  400: 'validation_error',
  401: 'not_authenticated',
  403: 'forbidden',
  404: 'not_found',
  408: 'request_timeout',
  409: 'conflict',
  413: 'payload_too_large',
  415: 'unsupported_media_type',
  429: 'rate_limited',
  501: 'not_implemented',
  503: 'unavailable',
};

/** A failed call: `status` is the HTTP status (0 when no response came), `body` the Error. */
export class ApiRequestError extends Error {
  override readonly name = 'ApiRequestError';
  readonly status: number;
  readonly body: ApiErrorBody;

  constructor(status: number, body: ApiErrorBody, options?: { cause?: unknown }) {
    super(body.detail, options);
    this.status = status;
    this.body = body;
  }

  get code(): ErrorCode {
    return this.body.code;
  }

  get detail(): string {
    return this.body.detail;
  }

  /** Per-field messages of a validation error, in English (empty otherwise). */
  get fields(): Record<string, string[]> {
    return this.body.fields ?? {};
  }

  /** Per-field machine keys of a validation error, what the interface translates (empty otherwise). */
  get fieldCodes(): Record<string, FieldErrorCode[]> {
    return this.body.field_codes ?? {};
  }

  /** Builds the error from whatever the server answered (JSON Error, text or nothing). */
  static from(response: Response, error: unknown): ApiRequestError {
    return new ApiRequestError(response.status, toErrorBody(response, error));
  }
}

function toErrorBody(response: Response, error: unknown): ApiErrorBody {
  const fallbackCode =
    CODE_BY_STATUS[response.status] ??
    (response.status >= 500 ? 'internal_error' : 'validation_error');
  if (error && typeof error === 'object') {
    const candidate = error as Partial<ApiErrorBody>;
    if (typeof candidate.detail === 'string') {
      return {
        ...candidate,
        detail: candidate.detail,
        code: typeof candidate.code === 'string' ? candidate.code : fallbackCode,
      };
    }
  }
  const text = typeof error === 'string' && error.trim() ? error.trim() : '';
  return {
    detail: text || response.statusText || `Request failed with status ${response.status}`,
    code: fallbackCode,
  };
}

export function isApiRequestError(error: unknown): error is ApiRequestError {
  return error instanceof ApiRequestError;
}

type ApiResult = { data?: unknown; error?: unknown; response: Response };
/** The success member of an openapi-fetch result. */
type SuccessData<R> = R extends { data: infer D; error?: never } ? D : never;

/**
 * Returns the data of an openapi-fetch result or throws an `ApiRequestError`, so query and
 * mutation functions get typed errors: `unwrap(await api.GET('/auth/users/me/'))`.
 */
export function unwrap<R extends ApiResult>(result: R): SuccessData<R> {
  if (!result.response.ok || result.error !== undefined) {
    throw ApiRequestError.from(result.response, result.error);
  }
  return result.data as SuccessData<R>;
}

/** Per-field machine keys of a validation error, `{}` for anything else. */
export function fieldErrorCodes(error: unknown): Record<string, FieldErrorCode[]> {
  return isApiRequestError(error) ? error.fieldCodes : {};
}

/** The first key for one field, if any. */
export function fieldErrorCode(error: unknown, field: string): FieldErrorCode | undefined {
  return fieldErrorCodes(error)[field]?.[0];
}
