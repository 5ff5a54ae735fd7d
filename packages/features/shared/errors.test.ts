import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import { ApiRequestError } from '@memoria/api';
import { createIntl } from 'react-intl';
import { describe, expect, test } from 'vitest';
import { parse } from 'yaml';
import { messages } from '../messages.ts';
import {
  DECK_ERRORS,
  ERROR_CODE_MESSAGES,
  errorMessage,
  FIELD_ERROR_MESSAGES,
  formErrors,
} from './errors.ts';

/** The contract's own lists, read from openapi.yaml (not from the catalog under test). */
const contract = parse(readFileSync(join(import.meta.dirname, '../../../openapi.yaml'), 'utf8'));
const schemas = contract.components.schemas;
const contractCodes: string[] = [...schemas.Error.properties.code.enum, 'network_error'];
const contractFieldKeys: string[] = schemas.FieldErrorCode.enum;

const intl = (locale: 'en' | 'es') => createIntl({ locale, messages: messages[locale] });

const taken = new ApiRequestError(400, {
  detail: 'A user with this email already exists.',
  code: 'validation_error',
  fields: { email: ['A user with this email already exists.'] },
  field_codes: { email: ['email_taken'] },
});

describe('the error catalog', () => {
  for (const locale of ['en', 'es'] as const) {
    test(`every error code of the contract has a message in ${locale}`, () => {
      const missing = contractCodes.filter((code) => {
        const id = (ERROR_CODE_MESSAGES as Record<string, string>)[code];
        return !id || !messages[locale][id]?.trim();
      });
      expect(missing).toEqual([]);
    });

    test(`every field error key of the contract has a message in ${locale}`, () => {
      const missing = contractFieldKeys.filter((key) => {
        const id = (FIELD_ERROR_MESSAGES as Record<string, string>)[key];
        return !id || !messages[locale][id]?.trim();
      });
      expect(missing).toEqual([]);
    });
  }

  test(`every capability's wording of a code exists in en and es`, () => {
    const ids = Object.values(DECK_ERRORS);
    expect(ids.filter((id) => !messages.en[id] || !messages.es[id])).toEqual([]);
  });

  test('the catalog knows no code or key the contract does not define', () => {
    expect(Object.keys(ERROR_CODE_MESSAGES).sort()).toEqual([...contractCodes].sort());
    expect(Object.keys(FIELD_ERROR_MESSAGES).sort()).toEqual([...contractFieldKeys].sort());
  });
});

describe('errorMessage', () => {
  test('translates by code, never shows the English detail', () => {
    const wrong = new ApiRequestError(401, {
      detail: 'Invalid email or password',
      code: 'invalid_credentials',
    });
    expect(errorMessage(intl('es'), wrong)).toBe('Correo electrónico o contraseña incorrectos.');
    expect(errorMessage(intl('en'), wrong)).toBe('Invalid email or password.');
  });

  test('a field error comes before the code, a capability may reword a code', () => {
    expect(errorMessage(intl('es'), taken)).toBe(
      'Ya existe un usuario con este correo electrónico.',
    );
    const forbidden = new ApiRequestError(403, { detail: 'No', code: 'forbidden' });
    expect(
      errorMessage(intl('en'), forbidden, { overrides: { forbidden: 'decks.error.readOnly' } }),
    ).toBe('This deck is read-only for you.');
  });

  test('the fallback stands for anything that is not a call error and for internal_error', () => {
    const fallbackId = 'auth.login.failed';
    expect(errorMessage(intl('en'), new Error('boom'), { fallbackId })).toBe('Login failed');
    const fault = new ApiRequestError(500, { detail: 'stack trace', code: 'internal_error' });
    expect(errorMessage(intl('en'), fault, { fallbackId })).toBe('Login failed');
  });
});

describe('formErrors', () => {
  test('a field the form shows gets its message; the banner does not repeat it', () => {
    expect(formErrors(intl('en'), taken, ['email'], 'auth.register.failed')).toEqual({
      banner: 'Registration failed',
      fields: { email: 'A user with this email already exists.' },
    });
  });

  test('a field the form does not show is said in the banner', () => {
    expect(formErrors(intl('en'), taken, ['username'], 'auth.register.failed')).toEqual({
      banner: 'A user with this email already exists.',
      fields: {},
    });
  });
});
