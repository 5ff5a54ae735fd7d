import { describe, expect, it } from 'vitest';
import { contract } from '../test/harness.ts';
import { coerceParameters, INPUT_MESSAGES, inspectInput, MAX_JSON_DEPTH } from './input.ts';

describe('inspectInput', () => {
  it('names strings with NUL or other control characters, keeping tab and new lines', () => {
    const { fields } = inspectInput({
      name: 'a\u0000b',
      notes: ['ok', 'bell\u0007'],
      text: 'line one\nline two\tand\r',
    });
    expect(fields).toEqual({
      name: [INPUT_MESSAGES.control],
      'notes.1': [INPUT_MESSAGES.control],
    });
  });

  it('names strings and keys with unpaired surrogates, keeping paired ones (emoji)', () => {
    const { fields } = inspectInput({
      a: 'x\ud800y',
      b: ['\udfff'],
      ok: 'memoria 🧠',
      c: { '\ud83d': 1 },
    });
    expect(fields).toEqual({
      a: [INPUT_MESSAGES.surrogate],
      'b.0': [INPUT_MESSAGES.surrogate],
      'c.\ud83d': [INPUT_MESSAGES.surrogate],
    });
  });

  it('refuses keys named like built-in properties and copies into null-prototype objects', () => {
    const parsed = JSON.parse(
      '{"__proto__":{"admin":true},"constructor":1,"toString":2,"x":{"y":1}}',
    );
    const { value, fields } = inspectInput(parsed);
    expect(Object.keys(fields).sort()).toEqual(['__proto__', 'constructor', 'toString']);
    expect(Object.getPrototypeOf(value)).toBeNull();
    expect(Object.getPrototypeOf((value as { x: object }).x)).toBeNull();
    expect(Object.keys(value as object)).toEqual(['x']);
  });

  it('stops at MAX_JSON_DEPTH without exhausting the stack', () => {
    const deep = JSON.parse(`${'['.repeat(100_000)}${']'.repeat(100_000)}`);
    const { fields } = inspectInput(deep);
    expect(Object.values(fields).flat()).toEqual([INPUT_MESSAGES.tooDeep]);
    const shallow = JSON.parse(`${'['.repeat(MAX_JSON_DEPTH)}${']'.repeat(MAX_JSON_DEPTH)}`);
    expect(inspectInput(shallow).fields).toEqual({});
  });
});

describe('coerceParameters', () => {
  const parameters = [
    { name: 'id', in: 'path' as const, schema: { $ref: '#/components/schemas/Id' } },
    { name: 'flag', in: 'query' as const, schema: { type: 'boolean' } },
    { name: 'search', in: 'query' as const, schema: { type: 'string' } },
  ];

  it('reads plain decimals only: 0x10, 1e3, Infinity and padded digits stay strings', () => {
    const read = (id: string) => coerceParameters(contract, parameters, { id }).id;
    expect(read('16')).toBe(16);
    expect(read('-3')).toBe(-3);
    for (const raw of ['0x10', '1e3', 'Infinity', ' 7', '1.0', '']) expect(read(raw)).toBe(raw);
  });

  it('types booleans and leaves strings as sent', () => {
    expect(coerceParameters(contract, parameters, { flag: 'true', search: '12' })).toEqual({
      flag: true,
      search: '12',
    });
  });
});
