import { describe, expect, test } from 'vitest';
import { inMatrix, matrixGlobals } from './storybook.ts';

describe('inMatrix', () => {
  test('keeps the story and sets the globals of its cell', () => {
    const base = { args: { label: 'Save' }, globals: { locale: 'es' } };
    expect(inMatrix({ theme: 'dark', viewport: 'phone' }, base)).toEqual({
      args: { label: 'Save' },
      globals: { locale: 'es', theme: 'dark', viewport: { value: 'phone', isRotated: false } },
    });
    expect(base.globals).toEqual({ locale: 'es' });
  });

  test("without a story it is the meta's story in that cell", () => {
    expect(inMatrix({ locale: 'es' })).toEqual({ globals: { locale: 'es' } });
    expect(matrixGlobals({})).toEqual({});
  });
});
