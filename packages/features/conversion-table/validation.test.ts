import { describe, expect, it } from 'vitest';
import { numbersProblem } from './validation.ts';

describe('numbersProblem', () => {
  it('names the spec error of each bad input', () => {
    expect(numbersProblem('  ', 'no_numbers_entered')).toBe('no_numbers_entered');
    expect(numbersProblem('', 'number_field_empty')).toBe('number_field_empty');
    expect(numbersProblem('12 a', 'no_numbers_entered')).toBe('only_numbers_and_spaces');
    expect(numbersProblem('12,3', 'no_numbers_entered')).toBe('only_numbers_and_spaces');
    expect(numbersProblem(' 12 345 ', 'no_numbers_entered')).toBeNull();
  });
});
