import { describe, expect, it } from 'vitest';
import { uiMessages } from './messages.ts';

describe('ui messages', () => {
  it('has the same keys in en and es', () => {
    expect(Object.keys(uiMessages.es).sort()).toEqual(Object.keys(uiMessages.en).sort());
  });
  it('has no empty message', () => {
    for (const catalog of Object.values(uiMessages)) {
      for (const value of Object.values(catalog)) expect(value.trim()).not.toBe('');
    }
  });
  it('holds the spec texts of the error boundary', () => {
    expect(uiMessages.en['errorBoundary.title']).toBe('Something went wrong');
    expect(uiMessages.es['errorBoundary.title']).toBe('Algo salió mal');
    expect(uiMessages.en['errorBoundary.reload']).toBe('Reload Page');
  });
});
