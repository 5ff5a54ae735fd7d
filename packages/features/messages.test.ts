import { describe, expect, test } from 'vitest';
import { catalogs, messages } from './messages.ts';

function diff(a: Record<string, string>, b: Record<string, string>): string[] {
  return Object.keys(a).filter((key) => !(key in b));
}

describe('message catalogs', () => {
  for (const [name, catalog] of Object.entries(catalogs)) {
    test(`${name}: en and es have the same keys`, () => {
      expect({
        onlyEn: diff(catalog.en, catalog.es),
        onlyEs: diff(catalog.es, catalog.en),
      }).toEqual({ onlyEn: [], onlyEs: [] });
    });

    test(`${name}: no empty messages`, () => {
      const empty = Object.entries({ ...catalog.en, ...catalog.es }).filter(([, v]) => !v.trim());
      expect(empty).toEqual([]);
    });
  }

  test('Spanish names digits one way in training and matches: "cifras", never "dígitos"', () => {
    const saysDigito = Object.entries({ ...catalogs.training?.es, ...catalogs.duels?.es })
      .filter(([, text]) => /d[ií]gito/i.test(text))
      .map(([key]) => key);
    expect(saysDigito).toEqual([]);
  });

  test('the merged catalogs have the same keys', () => {
    expect(diff(messages.en, messages.es)).toEqual([]);
    expect(diff(messages.es, messages.en)).toEqual([]);
  });

  test('no key is defined by two catalogs (one would silently hide the other)', () => {
    const seen = new Map<string, string>();
    const clashes: string[] = [];
    for (const [name, catalog] of Object.entries(catalogs)) {
      for (const key of Object.keys(catalog.en)) {
        const owner = seen.get(key);
        if (owner) clashes.push(`${key} (${owner}, ${name})`);
        seen.set(key, name);
      }
    }
    expect(clashes).toEqual([]);
  });

  test('the spec keys hold the spec texts', () => {
    const expected: Record<string, [string, string]> = {
      'auth.login.allFieldsRequired': [
        'All fields are required',
        'Todos los campos son obligatorios',
      ],
      'auth.register.allFieldsRequired': [
        'All fields are required',
        'Todos los campos son obligatorios',
      ],
      'auth.register.passwordsDoNotMatch': [
        'Passwords do not match',
        'Las contraseñas no coinciden',
      ],
      'auth.register.passwordTooShort': [
        'Password must be at least 8 characters long',
        'La contraseña debe tener al menos 8 caracteres',
      ],
      'auth.login.failed': ['Login failed', 'Error al iniciar sesión'],
      'auth.register.failed': ['Registration failed', 'Error al registrarse'],
      'shell.notFound.title': ['Not Found', 'No encontrado'],
      'shell.connectionLost': [
        'Connection lost. Redirecting to login...',
        'Conexión perdida. Redirigiendo al inicio de sesión...',
      ],
    };
    for (const [key, [en, es]] of Object.entries(expected)) {
      expect([key, messages.en[key], messages.es[key]]).toEqual([key, en, es]);
    }
  });
});
