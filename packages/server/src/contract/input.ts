import type { FieldErrors } from '../http/errors.ts';
import { type JsonSchema, type OpenApiDocument, type ParameterObject, resolveRef } from './load.ts';

/**
 * Checks every request value before the contract's schemas see it: the rules here hold for all
 * operations alike, so no schema has to repeat them.
 */

/** Deeper bodies are refused: no operation takes more than a few levels, and walking is bounded. */
export const MAX_JSON_DEPTH = 32;

/**
 * Control characters (NUL included, C0, DEL and C1); tab, line feed and carriage return stay
 * allowed because card texts and descriptions are multi-line. PostgreSQL refuses NUL in text.
 */
const CONTROL = /(?![\t\n\r])\p{Cc}/u;

/**
 * Keys that name built-in object properties: as data they confuse code that indexes plain
 * objects (`fields[key]` finds `Object.prototype.toString`), and `__proto__` can re-parent one.
 */
const RESERVED_KEYS = new Set([...Object.getOwnPropertyNames(Object.prototype), 'prototype']);

export const INPUT_MESSAGES = {
  control: 'Must not contain control characters.',
  surrogate: 'Must not contain unpaired surrogate characters.',
  reservedKey: 'This field name is not allowed.',
  tooDeep: `Must not be nested more than ${MAX_JSON_DEPTH} levels deep.`,
} as const;

function add(fields: FieldErrors, field: string, message: string) {
  const list = Object.hasOwn(fields, field) ? (fields[field] as string[]) : [];
  if (!list.includes(message)) list.push(message);
  fields[field] = list;
}

const fieldName = (path: string[]) => (path.length > 0 ? path.join('.') : 'non_field_errors');

export interface InspectedInput {
  /** The same data with every object re-created without a prototype. */
  value: unknown;
  fields: FieldErrors;
}

/**
 * Copies parsed JSON (or query and path values) into null-prototype objects and names every
 * string with control characters or unpaired surrogates, every reserved key and every level past
 * MAX_JSON_DEPTH.
 * Iterative, so that a deeply nested body cannot exhaust the stack.
 */
export function inspectInput(input: unknown, prefix: string[] = []): InspectedInput {
  const fields: FieldErrors = Object.create(null);
  const root: { value: unknown } = { value: undefined };
  const stack: { value: unknown; path: string[]; set: (v: unknown) => void }[] = [
    { value: input, path: prefix, set: (v) => (root.value = v) },
  ];
  while (stack.length > 0) {
    const { value, path, set } = stack.pop() as (typeof stack)[number];
    if (typeof value === 'string') {
      if (CONTROL.test(value)) add(fields, fieldName(path), INPUT_MESSAGES.control);
      // JSON's `\ud800` escapes make UTF-16 no UTF-8 can carry: PostgreSQL refuses them in text
      // and JSON, so they would fail at the first write (issue 38).
      if (!value.isWellFormed()) add(fields, fieldName(path), INPUT_MESSAGES.surrogate);
      set(value);
      continue;
    }
    if (value === null || typeof value !== 'object') {
      set(value);
      continue;
    }
    if (path.length - prefix.length >= MAX_JSON_DEPTH) {
      add(fields, fieldName(path), INPUT_MESSAGES.tooDeep);
      set(null);
      continue;
    }
    if (Array.isArray(value)) {
      const copy: unknown[] = new Array(value.length);
      value.forEach((item, i) => {
        stack.push({ value: item, path: [...path, String(i)], set: (v) => (copy[i] = v) });
      });
      set(copy);
      continue;
    }
    const copy: Record<string, unknown> = Object.create(null);
    for (const key of Object.keys(value)) {
      const at = [...path, key];
      if (RESERVED_KEYS.has(key)) add(fields, fieldName(at), INPUT_MESSAGES.reservedKey);
      else if (CONTROL.test(key)) add(fields, fieldName(at), INPUT_MESSAGES.control);
      else if (!key.isWellFormed()) add(fields, fieldName(at), INPUT_MESSAGES.surrogate);
      else {
        stack.push({
          value: (value as Record<string, unknown>)[key],
          path: at,
          set: (v) => (copy[key] = v),
        });
      }
    }
    set(copy);
  }
  return { value: root.value, fields: { ...fields } };
}

const INTEGER = /^-?\d+$/;
const NUMBER = /^-?\d+(\.\d+)?$/;

function typesOf(doc: OpenApiDocument, schema: JsonSchema | undefined): string[] {
  const resolved = resolveRef(doc, schema ?? {});
  return ([] as string[]).concat((resolved.type as string | string[] | undefined) ?? []);
}

function coerce(doc: OpenApiDocument, schema: JsonSchema | undefined, raw: unknown): unknown {
  const types = typesOf(doc, schema);
  if (types.includes('array')) {
    const items = resolveRef(doc, schema ?? {}).items as JsonSchema | undefined;
    return (Array.isArray(raw) ? raw : [raw]).map((item) => coerce(doc, items, item));
  }
  if (typeof raw !== 'string') return raw;
  // Plain decimal digits only: `0x10`, `1e3`, `Infinity` and ` 7` stay strings and fail the
  // schema's type, instead of becoming numbers the way `Number()` would read them.
  if (types.includes('integer') && INTEGER.test(raw)) return Number(raw);
  if (types.includes('number') && NUMBER.test(raw)) return Number(raw);
  if (types.includes('boolean') && (raw === 'true' || raw === 'false')) return raw === 'true';
  return raw;
}

/** Path or query values (strings from the URL) typed as their parameters' schemas say. */
export function coerceParameters(
  doc: OpenApiDocument,
  parameters: ParameterObject[],
  raw: Record<string, unknown>,
): Record<string, unknown> {
  const out: Record<string, unknown> = {};
  for (const [name, value] of Object.entries(raw)) {
    const parameter = parameters.find((p) => p.name === name);
    out[name] = parameter ? coerce(doc, parameter.schema, value) : value;
  }
  return out;
}
