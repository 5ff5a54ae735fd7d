import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { users } from '../db/schema.ts';
import { allHandlers } from '../routes/index.ts';
import { contract, createTestBackend, operations, type TestBackend } from '../test/harness.ts';
import { type ContractOperation, type JsonSchema, resolveRef } from './load.ts';
import { JSON_BODY_LIMIT } from './router.ts';

/**
 * Sends bad values derived from the contract's own schemas to every operation that has a handler
 * (the list grows by itself as handlers are added) and fails on any 5xx or any status or body the
 * contract does not declare for the operation (`t.request` checks every response).
 */

let t: TestBackend;
let token: string;
beforeAll(async () => {
  t = await createTestBackend();
  const signedUp = await t.signUp();
  // The highest plan, so that plan gates let every request reach validation.
  await t.deps.db
    .update(users)
    .set({ accountType: 'enterprise_plus' })
    .where(eq(users.id, signedUp.user.id));
  token = signedUp.access;
});
afterAll(async () => {
  await t?.close();
});

const handlers = allHandlers();
const implemented = operations.filter((op) => op.operationId in handlers);

type Schema = JsonSchema & {
  type?: string | string[];
  properties?: Record<string, Schema>;
  required?: string[];
  items?: Schema;
  allOf?: Schema[];
  oneOf?: Schema[];
  anyOf?: Schema[];
  enum?: unknown[];
  examples?: unknown[];
  format?: string;
  minimum?: number;
  minLength?: number;
  minItems?: number;
  const?: unknown;
};

function resolve(schema: Schema | undefined): Schema {
  const s = resolveRef(contract, schema ?? {}) as Schema;
  if (s.allOf) {
    const parts = s.allOf.map(resolve);
    return {
      type: 'object',
      properties: Object.assign({}, ...parts.map((p) => p.properties ?? {})),
      required: parts.flatMap((p) => p.required ?? []),
    };
  }
  const alternative = s.oneOf?.[0] ?? s.anyOf?.[0];
  return alternative ? resolve(alternative) : s;
}

/** A value the schema accepts, as far as a generic reading of it can tell. */
function sample(schema: Schema | undefined, depth = 0): unknown {
  const s = resolve(schema);
  if (s.const !== undefined) return s.const;
  if (s.enum) return s.enum[0];
  if (s.examples?.[0] !== undefined) return s.examples[0];
  const type = ([] as string[]).concat(s.type ?? 'object')[0];
  switch (type) {
    case 'string':
      if (s.format === 'email') return 'fuzz@example.com';
      if (s.format === 'date-time') return new Date().toISOString();
      if (s.format === 'date') return '2026-01-15';
      return 'x'.repeat(Math.max(s.minLength ?? 1, 1));
    case 'integer':
    case 'number':
      return Math.max(s.minimum ?? 1, 1);
    case 'boolean':
      return true;
    case 'array':
      return Array.from({ length: s.minItems ?? 0 }, () => sample(s.items, depth + 1));
    case 'null':
      return null;
    default: {
      if (depth > 6) return {};
      const out: Record<string, unknown> = {};
      for (const name of s.required ?? []) out[name] = sample(s.properties?.[name], depth + 1);
      return out;
    }
  }
}

const NESTED = JSON.parse(`${'{"a":'.repeat(200)}1${'}'.repeat(200)}`);

/** Values that break the usual expectations of a field of this schema. */
function badValues(schema: Schema | undefined): unknown[] {
  const type = ([] as string[]).concat(resolve(schema).type ?? 'object');
  const common: unknown[] = [null, {}, [], true, 'a\u0000b', 'x'.repeat(20_000), NESTED];
  if (type.includes('integer') || type.includes('number')) {
    common.push(2147483648, -1, 0, 1.5, 1e20, '7', -2147483649);
  }
  if (type.includes('string')) common.push(12345, 'bell\u0007', '\u202Eevil', '');
  if (type.includes('array')) common.push([null], ['a\u0000b'], Array(2000).fill(NESTED));
  return common;
}

const BAD_URL_VALUES = [
  '0x10',
  '1e20',
  'Infinity',
  '2147483648',
  '2147483647', // the largest valid id or page: accepted, but must not overflow anything
  '-1',
  '0',
  '1.5',
  'abc',
  '%00',
  'a%00b',
  '%E2%80%AE',
  'x'.repeat(5000),
];

function pathWith(op: ContractOperation, override: Record<string, string> = {}): string {
  return `/be/api${op.path.replace(/\{([^}]+)\}/g, (_, name: string) => {
    if (name in override) return override[name] as string;
    const parameter = op.parameters.find((p) => p.name === name);
    return String(sample(parameter?.schema));
  })}`;
}

interface Case {
  label: string;
  path: string;
  body?: unknown;
  rawBody?: string;
  headers?: Record<string, string>;
}

function casesFor(op: ContractOperation): Case[] {
  const cases: Case[] = [];
  const base = op.requestBody?.schema ? sample(op.requestBody.schema) : undefined;
  const validPath = pathWith(op);
  const withBody = (c: Omit<Case, 'body'>): Case => ({ ...c, body: c.rawBody ? undefined : base });

  for (const p of op.parameters.filter((x) => x.in === 'path')) {
    for (const bad of BAD_URL_VALUES) {
      cases.push(
        withBody({ label: `path ${p.name}=${bad}`, path: pathWith(op, { [p.name]: bad }) }),
      );
    }
  }
  for (const p of op.parameters.filter((x) => x.in === 'query')) {
    for (const bad of BAD_URL_VALUES) {
      cases.push(
        withBody({ label: `query ${p.name}=${bad}`, path: `${validPath}?${p.name}=${bad}` }),
      );
    }
    cases.push(
      withBody({ label: `query ${p.name} twice`, path: `${validPath}?${p.name}=1&${p.name}=%00` }),
    );
  }
  cases.push(
    withBody({ label: 'query __proto__', path: `${validPath}?__proto__=1&constructor=2` }),
  );

  if (op.requestBody) {
    const schema = resolve(op.requestBody.schema);
    for (const [name, property] of Object.entries(schema.properties ?? {})) {
      for (const bad of badValues(property)) {
        const body = { ...(base as Record<string, unknown>), [name]: bad };
        cases.push({
          label: `body ${name}=${JSON.stringify(bad).slice(0, 40)}`,
          path: validPath,
          body,
        });
      }
    }
    const valid = (base ?? {}) as Record<string, unknown>;
    for (const key of ['__proto__', 'constructor', 'toString', 'hasOwnProperty', 'prototype']) {
      cases.push({
        label: `body key ${key}`,
        path: validPath,
        rawBody: `{"${key}":{"polluted":1},${JSON.stringify(valid).slice(1)}`.replace(',}', '}'),
        headers: { 'content-type': 'application/json' },
      });
    }
    const raw = (label: string, rawBody: string, contentType: string) =>
      cases.push({
        label,
        path: validPath,
        rawBody,
        // An empty Content-Type reaches the server as no type (the harness adds JSON otherwise).
        headers: { 'content-type': contentType },
      });
    const json = 'application/json';
    raw('body: malformed JSON', '{"a":', json);
    raw('body: a JSON array', '[1,2,3]', json);
    raw('body: a JSON string with NUL', '"a\\u0000b"', json);
    raw('body: null', 'null', json);
    raw('body: deep nesting', `${'['.repeat(100_000)}${']'.repeat(100_000)}`, json);
    raw('body: deep object nesting', `${'{"a":'.repeat(5000)}1${'}'.repeat(5000)}`, json);
    raw('body: too large', `{"x":"${'a'.repeat(JSON_BODY_LIMIT)}"}`, json);
    raw('body: text/plain', JSON.stringify(valid), 'text/plain');
    raw('body: application/xml', '<a/>', 'application/xml');
    raw('body: no content type', JSON.stringify(valid), '');
    raw('body: form-urlencoded', 'a=1&b=2', 'application/x-www-form-urlencoded');
    raw(
      'body: broken multipart',
      '--x\r\nContent-Disposition: form-data\r\n\r\n',
      'multipart/form-data; boundary=x',
    );
  }
  return cases;
}

describe('contract fuzzing of every implemented operation', () => {
  it('has operations to fuzz', () => {
    expect(implemented.length).toBeGreaterThan(0);
    console.log(`Fuzzing ${implemented.length} implemented operations`);
  });

  it.each(implemented.map((op) => [op.operationId, op] as const))(
    '%s answers bad input with a declared 4xx, never a 5xx',
    async (_, op) => {
      const failures: string[] = [];
      for (const c of casesFor(op)) {
        try {
          const res = await t.request(op.method.toUpperCase(), c.path, {
            token: op.secured ? token : undefined,
            body: c.body,
            rawBody: c.rawBody,
            headers: c.headers,
          });
          if (res.status >= 500) failures.push(`${c.label}: ${res.status} ${res.body?.detail}`);
        } catch (error) {
          failures.push(`${c.label}: ${(error as Error).message.split('\n')[0]}`);
        }
      }
      expect(failures).toEqual([]);
    },
  );
});
