import { describe, expect, it } from 'vitest';
import { typeInDiff } from './type-in-diff.ts';

describe('type-in answer diff', () => {
  it('marks a right answer ok', () => {
    expect(typeInDiff('cat', ' cat ')).toEqual([{ kind: 'ok', text: 'cat' }]);
  });

  it('marks typed characters not expected extra and expected ones not typed missing', () => {
    expect(typeInDiff('kitten', 'sitting')).toEqual([
      { kind: 'extra', text: 's' },
      { kind: 'missing', text: 'k' },
      { kind: 'ok', text: 'itt' },
      { kind: 'extra', text: 'i' },
      { kind: 'missing', text: 'e' },
      { kind: 'ok', text: 'n' },
      { kind: 'extra', text: 'g' },
    ]);
  });

  it('shows an empty answer as all missing, and compares composed characters', () => {
    expect(typeInDiff('año', '')).toEqual([{ kind: 'missing', text: 'año' }]);
    expect(typeInDiff('año', 'an\u0303o')).toEqual([{ kind: 'ok', text: 'año' }]);
  });
});
