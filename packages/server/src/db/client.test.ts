import { describe, expect, it } from 'vitest';
import { poolSize } from './client.ts';

describe('poolSize', () => {
  it('defaults to twice the CPUs plus one', () => {
    expect(poolSize(undefined, 2)).toBe(5);
    expect(poolSize('', 8)).toBe(17);
  });

  it('takes DATABASE_POOL_SIZE when it is a whole number from 1 to 200', () => {
    expect(poolSize('1', 2)).toBe(1);
    expect(poolSize('10', 2)).toBe(10);
    expect(poolSize('200', 2)).toBe(200);
  });

  it('refuses anything else, naming the variable and the value', () => {
    for (const bad of ['0', '201', '-1', '1.5', '1e2', ' 5', 'ten', '0x10']) {
      expect(() => poolSize(bad, 2), bad).toThrow(
        `DATABASE_POOL_SIZE must be a whole number from 1 to 200; it is "${bad}".`,
      );
    }
  });
});
