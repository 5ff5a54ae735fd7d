import { eq } from 'drizzle-orm';
import { SignJWT } from 'jose';
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
/** Access tokens signed with the server's own key whose claims are out of any valid range. */
let forgedTokens: { label: string; token: string }[] = [];

/** Past PostgreSQL's integer, past a double's exact integers, past any integer; `routes/auth.test.ts`
 * covers the malformed ones (`007`, `1e3`). */
const OVERSIZED_SUBJECTS = ['2147483648', '9007199254740993', '1e300'];

function signWith(claims: { sub: string; exp?: number; iat?: number }): Promise<string> {
  const now = Math.floor(Date.now() / 1000);
  return new SignJWT({ typ: 'access' })
    .setProtectedHeader({ alg: 'HS256' })
    .setSubject(claims.sub)
    .setIssuer('memoria')
    .setIssuedAt(claims.iat ?? now)
    .setExpirationTime(claims.exp ?? now + 600)
    .sign(t.deps.jwtSecret);
}

beforeAll(async () => {
  t = await createTestBackend();
  const signedUp = await t.signUp();
  // The highest plan, so that plan gates let every request reach validation.
  await t.deps.db
    .update(users)
    .set({ accountType: 'enterprise_plus' })
    .where(eq(users.id, signedUp.user.id));
  token = signedUp.access;
  const own = String(signedUp.user.id);
  forgedTokens = [
    ...(await Promise.all(
      OVERSIZED_SUBJECTS.map(async (sub) => ({
        label: `sub ${sub}`,
        token: await signWith({ sub }),
      })),
    )),
    { label: 'exp 1e20', token: await signWith({ sub: own, exp: 1e20 }) },
    { label: 'iat 1e20', token: await signWith({ sub: own, iat: 1e20 }) },
  ];
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

/**
 * Strings no text column or JSON value of PostgreSQL takes: UTF-16 surrogates without a pair, as a
 * value and inside a list (a key is the raw case `body: a lone surrogate key`).
 */
const LONE_SURROGATES = ['x\ud800y', ['\udfff']];

/**
 * Times PostgreSQL or JavaScript's Date cannot hold or read back: year 0 (PostgreSQL has none),
 * past year 9999 or before year 1 in UTC, a leap second (RFC 3339 allows it, Date does not).
 */
const BAD_DATE_TIMES = [
  '0000-01-01T00:00:00Z',
  '2016-12-31T23:59:60Z',
  '9999-12-31T23:59:59-01:00',
  '0001-01-01T00:00:00+01:00',
];
const BAD_DATES = ['0000-01-01', '2016-02-30'];

/** Values that break the usual expectations of a field of this schema. */
function badValues(schema: Schema | undefined): unknown[] {
  const resolved = resolve(schema);
  const type = ([] as string[]).concat(resolved.type ?? 'object');
  const common: unknown[] = [null, {}, [], true, 'a\u0000b', 'x'.repeat(20_000), NESTED];
  if (type.includes('integer') || type.includes('number')) {
    common.push(2147483648, -1, 0, 1.5, 1e20, '7', -2147483649);
  }
  if (type.includes('string')) common.push(12345, 'bell\u0007', '\u202Eevil', '');
  if (type.includes('array')) common.push([null], ['a\u0000b'], Array(2000).fill(NESTED));
  return common;
}

/** Values every operation must refuse with a 400, whatever the field: they can never be stored. */
function unstorableValues(schema: Schema | undefined): unknown[] {
  const format = resolve(schema).format;
  return [
    ...LONE_SURROGATES,
    ...(format === 'date-time' ? BAD_DATE_TIMES : format === 'date' ? BAD_DATES : []),
  ];
}

/** The answers that refuse a body: invalid (400), too large (413) or of another type (415). */
const REFUSED_BODY = [400, 413, 415];

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
  'x%ED%A0%80y', // a lone surrogate encoded as UTF-8: not UTF-8
  '%FF',
];

/** More values for a path or query parameter that is a time. */
function badUrlValues(schema: Schema | undefined): string[] {
  const format = resolve(schema).format;
  if (format === 'date-time') return [...BAD_URL_VALUES, ...BAD_DATE_TIMES.map(encodeURIComponent)];
  if (format === 'date') return [...BAD_URL_VALUES, ...BAD_DATES];
  return BAD_URL_VALUES;
}

/** Where the schema has a time (date-time or date) below its top level: in nested objects and lists. */
function nestedTimeFields(
  schema: Schema | undefined,
  depth = 0,
): { path: string[]; format: string }[] {
  if (depth > 4) return [];
  const s = resolve(schema);
  const found: { path: string[]; format: string }[] = [];
  const type = ([] as string[]).concat(s.type ?? 'object');
  if (depth > 0 && (s.format === 'date-time' || s.format === 'date')) {
    found.push({ path: [], format: s.format });
  }
  if (type.includes('array') && s.items) {
    for (const f of nestedTimeFields(s.items, depth + 1))
      found.push({ ...f, path: ['0', ...f.path] });
  }
  if (type.includes('object')) {
    for (const [name, property] of Object.entries(s.properties ?? {})) {
      for (const f of nestedTimeFields(property, depth + 1)) {
        // Top-level fields are covered by `badValues`.
        if (depth > 0 || f.path.length > 0) found.push({ ...f, path: [name, ...f.path] });
      }
    }
  }
  return found;
}

/** A copy of `base` with `value` at `path`, filling missing objects and list items with samples. */
function withValueAt(schema: Schema | undefined, base: unknown, path: string[], value: unknown) {
  const root = structuredClone(base ?? {}) as Record<string, unknown>;
  let node: Record<string, unknown> = root;
  let nodeSchema = resolve(schema);
  path.forEach((key, i) => {
    const childSchema = resolve(
      Array.isArray(node) ? nodeSchema.items : nodeSchema.properties?.[key],
    );
    if (i === path.length - 1) {
      node[key] = value;
      return;
    }
    if (node[key] === undefined || node[key] === null || typeof node[key] !== 'object') {
      node[key] = sample(childSchema);
    }
    if (Array.isArray(node[key]) && (node[key] as unknown[]).length === 0) {
      (node[key] as unknown[]).push(sample(childSchema.items));
    }
    node = node[key] as Record<string, unknown>;
    nodeSchema = childSchema;
  });
  return root;
}

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
  rawBytes?: Uint8Array<ArrayBuffer>;
  headers?: Record<string, string>;
  /** Instead of the fuzzing user's token. */
  token?: string;
  /** The only statuses allowed: the value must be refused, not merely survived. */
  refusedWith?: number[];
}

/** `valid` as JSON with a byte that is never UTF-8 (0xFF) inside one of its string values. */
function invalidUtf8Body(schema: Schema, valid: Record<string, unknown>): Uint8Array<ArrayBuffer> {
  const name =
    Object.entries(schema.properties ?? {}).find(([, p]) => resolve(p).type === 'string')?.[0] ??
    'x';
  const [before, after] = JSON.stringify({ ...valid, [name]: 'a\u00a7b' }).split('\u00a7');
  const encoder = new TextEncoder();
  return new Uint8Array([...encoder.encode(before), 0xff, ...encoder.encode(after)]);
}

function casesFor(op: ContractOperation): Case[] {
  const cases: Case[] = [];
  const base = op.requestBody?.schema ? sample(op.requestBody.schema) : undefined;
  const validPath = pathWith(op);
  const withBody = (c: Omit<Case, 'body'>): Case => ({ ...c, body: c.rawBody ? undefined : base });

  for (const p of op.parameters.filter((x) => x.in === 'path')) {
    for (const bad of badUrlValues(p.schema)) {
      cases.push(
        withBody({ label: `path ${p.name}=${bad}`, path: pathWith(op, { [p.name]: bad }) }),
      );
    }
  }
  for (const p of op.parameters.filter((x) => x.in === 'query')) {
    for (const bad of badUrlValues(p.schema)) {
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
  if (op.idempotent) {
    // A key outside the contract's 1-255 visible ASCII characters is refused before anything runs.
    for (const bad of ['', ' ', 'a b', 'k'.repeat(256), '\u00e9t\u00e9']) {
      cases.push({
        ...withBody({ label: `header Idempotency-Key=${bad.slice(0, 20)}`, path: validPath }),
        headers: { 'idempotency-key': bad },
        refusedWith: [400],
      });
    }
  }

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
      for (const bad of unstorableValues(property)) {
        cases.push({
          label: `body ${name}=${JSON.stringify(bad).slice(0, 40)}`,
          path: validPath,
          body: { ...(base as Record<string, unknown>), [name]: bad },
          refusedWith: REFUSED_BODY,
        });
      }
    }
    for (const { path, format } of nestedTimeFields(op.requestBody.schema)) {
      for (const bad of format === 'date' ? BAD_DATES : BAD_DATE_TIMES) {
        cases.push({
          label: `body ${path.join('.')}=${bad}`,
          path: validPath,
          body: withValueAt(op.requestBody.schema, base, path, bad),
          refusedWith: REFUSED_BODY,
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
    cases.push({
      label: 'body: a lone surrogate key',
      path: validPath,
      rawBody: `{"\\ud800":1,${JSON.stringify(valid).slice(1)}`.replace(',}', '}'),
      headers: { 'content-type': json },
      refusedWith: REFUSED_BODY,
    });
    cases.push({
      label: 'body: invalid UTF-8 in a string',
      path: validPath,
      rawBytes: invalidUtf8Body(schema, valid),
      headers: { 'content-type': json },
      refusedWith: REFUSED_BODY,
    });
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
  if (op.secured) {
    for (const forged of forgedTokens) {
      cases.push({
        ...withBody({ label: `token ${forged.label}`, path: validPath }),
        token: forged.token,
        refusedWith: [401],
      });
    }
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
            token: c.token ?? (op.secured ? token : undefined),
            body: c.body,
            rawBody: c.rawBody,
            rawBytes: c.rawBytes,
            headers: c.headers,
          });
          if (res.status >= 500) failures.push(`${c.label}: ${res.status} ${res.body?.detail}`);
          else if (c.refusedWith && !c.refusedWith.includes(res.status)) {
            failures.push(`${c.label}: accepted with ${res.status}`);
          }
        } catch (error) {
          failures.push(`${c.label}: ${(error as Error).message.split('\n')[0]}`);
        }
      }
      expect(failures).toEqual([]);
    },
  );
});
