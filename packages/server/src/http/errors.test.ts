import { describe, expect, it } from 'vitest';
import { ApiError, forbidden } from './errors.ts';

describe('forbidden', () => {
  it('is a 403 with the shared error shape', () => {
    const error = forbidden('Only the owner of this deck can do this.');
    expect(error).toBeInstanceOf(ApiError);
    expect(error.status).toBe(403);
    expect(error.toBody()).toEqual({
      detail: 'Only the owner of this deck can do this.',
      code: 'forbidden',
    });
  });

  it('has a default detail and keeps field errors', () => {
    expect(forbidden().toBody()).toEqual({ detail: 'Forbidden.', code: 'forbidden' });
    const error = forbidden('Off.', { fields: { offset_seconds: ['Off.'] } });
    expect(error.toBody()).toMatchObject({ fields: { offset_seconds: ['Off.'] } });
  });
});
