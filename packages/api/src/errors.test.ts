import { describe, expect, test } from 'vitest';
import {
  ApiRequestError,
  fieldErrorCode,
  fieldErrorCodes,
  isApiRequestError,
  unwrap,
} from './errors.ts';

const response = (status: number, statusText = '') => new Response(null, { status, statusText });

describe('unwrap', () => {
  test('returns the data of a success', () => {
    expect(unwrap({ data: { id: 1 }, response: response(200) })).toEqual({ id: 1 });
    expect(unwrap({ data: undefined, response: response(204) })).toBeUndefined();
  });

  test('throws an ApiRequestError with the status and the Error body', () => {
    const body = {
      detail: 'Invalid input',
      code: 'validation_error',
      fields: { email: ['Enter a valid email'], password: ['Too short', 'Too common'] },
      field_codes: { email: ['invalid_email'], password: ['too_short', 'invalid'] },
    } as const;
    let caught: unknown;
    try {
      unwrap({ error: body, response: response(400) });
    } catch (error) {
      caught = error;
    }
    expect(caught).toBeInstanceOf(ApiRequestError);
    expect(isApiRequestError(caught)).toBe(true);
    const error = caught as ApiRequestError;
    expect(error.status).toBe(400);
    expect(error.code).toBe('validation_error');
    expect(error.detail).toBe('Invalid input');
    expect(error.message).toBe('Invalid input');
    expect(error.name).toBe('ApiRequestError');
    expect(error.body).toEqual(body);
    expect(error.fields).toEqual(body.fields);
    expect(fieldErrorCodes(error)).toEqual(body.field_codes);
    expect(fieldErrorCode(error, 'password')).toBe('too_short');
    expect(fieldErrorCode(error, 'username')).toBeUndefined();
  });

  test('makes an Error body from a text or empty error answer', () => {
    expect(() => unwrap({ error: 'Bad gateway', response: response(502) })).toThrow(
      expect.objectContaining({ status: 502, code: 'internal_error', detail: 'Bad gateway' }),
    );
    expect(() => unwrap({ error: undefined, response: response(404, 'Not Found') })).toThrow(
      expect.objectContaining({ status: 404, code: 'not_found', detail: 'Not Found' }),
    );
  });
});

describe('fieldErrorCodes', () => {
  test('is empty for anything but an ApiRequestError with fields', () => {
    expect(fieldErrorCodes(new Error('x'))).toEqual({});
    expect(fieldErrorCodes(undefined)).toEqual({});
    expect(fieldErrorCodes(new ApiRequestError(403, { detail: 'No', code: 'forbidden' }))).toEqual(
      {},
    );
  });
});
