import type { ErrorObject, ValidateFunction } from 'ajv';
import Ajv2020 from 'ajv/dist/2020.js';
import addFormats from 'ajv-formats';
import type { FieldErrors } from '../http/errors.ts';
import { addStorableTimeFormats } from './formats.ts';
import {
  type ContractOperation,
  type JsonSchema,
  type OpenApiDocument,
  type ParameterObject,
  resolveRef,
} from './load.ts';

/** The id under which the whole contract is added to Ajv, so `$ref`s resolve to its components. */
const DOC_ID = 'memoria-openapi.json';

/** A schema from the document with its local `$ref`s (`#/…`) pointed at the document's id. */
function rebase(schema: unknown): unknown {
  if (Array.isArray(schema)) return schema.map(rebase);
  if (schema && typeof schema === 'object') {
    const out: Record<string, unknown> = {};
    for (const [k, v] of Object.entries(schema)) {
      out[k] = k === '$ref' && typeof v === 'string' && v.startsWith('#') ? DOC_ID + v : rebase(v);
    }
    return out;
  }
  return schema;
}

function newAjv(doc: OpenApiDocument) {
  const ajv = new Ajv2020({
    strict: false,
    allErrors: true,
    logger: false,
    // Never coerce: path and query strings are typed by `coerceParameters` (input.ts), which
    // reads only plain decimals as numbers (Ajv would read `0x10` as 16).
    coerceTypes: false,
    validateSchema: false,
    // Errors carry their schema, so a bound can name its own message (`x-range-message`).
    verbose: true,
  });
  addFormats(ajv);
  addStorableTimeFormats(ajv);
  ajv.addSchema(doc as object, DOC_ID);
  return ajv;
}

export interface CompiledOperation {
  path?: ValidateFunction;
  query?: ValidateFunction;
  body?: ValidateFunction;
  /** Query parameters whose schema is an array (read with `queries(name)`). */
  arrayQuery: Set<string>;
}

export type ValidationResult = { ok: true } | { ok: false; fields: FieldErrors };

/** Validators for the requests (and, in tests, responses) of one contract, compiled on first use. */
export class ContractValidator {
  readonly doc: OpenApiDocument;
  #ajv: Ajv2020;
  #compiled = new Map<string, CompiledOperation>();
  #responses = new Map<string, ValidateFunction | null>();

  constructor(doc: OpenApiDocument) {
    this.doc = doc;
    this.#ajv = newAjv(doc);
  }

  #paramSchema(params: ParameterObject[]): JsonSchema | undefined {
    if (params.length === 0) return undefined;
    return {
      type: 'object',
      properties: Object.fromEntries(params.map((p) => [p.name, rebase(p.schema ?? {})])),
      required: params.filter((p) => p.required || p.in === 'path').map((p) => p.name),
    };
  }

  operation(op: ContractOperation): CompiledOperation {
    const cached = this.#compiled.get(op.operationId);
    if (cached) return cached;
    const pathParams = op.parameters.filter((p) => p.in === 'path');
    const queryParams = op.parameters.filter((p) => p.in === 'query');
    const pathSchema = this.#paramSchema(pathParams);
    const querySchema = this.#paramSchema(queryParams);
    const compiled: CompiledOperation = {
      path: pathSchema ? this.#ajv.compile(pathSchema) : undefined,
      query: querySchema ? this.#ajv.compile(querySchema) : undefined,
      body: op.requestBody?.schema
        ? this.#ajv.compile(rebase(op.requestBody.schema) as object)
        : undefined,
      arrayQuery: new Set(
        queryParams
          .filter((p) => resolveRef(this.doc, p.schema ?? {}).type === 'array')
          .map((p) => p.name),
      ),
    };
    this.#compiled.set(op.operationId, compiled);
    return compiled;
  }

  /** Validates `data`; field names are relative to `data`. */
  static check(validate: ValidateFunction | undefined, data: unknown): ValidationResult {
    if (!validate || validate(data)) return { ok: true };
    return { ok: false, fields: errorsToFields(validate.errors ?? []) };
  }

  /**
   * The validator of a response body for `status` of an operation, or null when the contract
   * declares no JSON body for it. Throws when the contract does not declare the status at all.
   */
  response(op: ContractOperation, status: number): ValidateFunction | null {
    const key = `${op.operationId} ${status}`;
    const cached = this.#responses.get(key);
    if (cached !== undefined) return cached;
    const responses = op.operation.responses ?? {};
    const declared = String(status) in responses ? String(status) : `${String(status)[0]}XX`;
    const raw = responses[declared] ?? responses.default;
    if (!raw) {
      throw new Error(`${op.operationId} does not declare a ${status} response in the contract`);
    }
    const response = resolveRef(
      this.doc,
      raw as { content?: Record<string, { schema?: unknown }> },
    );
    const schema = response.content?.['application/json']?.schema;
    const fn = schema ? this.#ajv.compile(rebase(schema) as object) : null;
    this.#responses.set(key, fn);
    return fn;
  }
}

const TYPE_NAMES: Record<string, string> = {
  string: 'a string',
  integer: 'an integer',
  number: 'a number',
  boolean: 'a boolean',
  object: 'an object',
  array: 'a list',
  null: 'null',
};

/** The product's own text for a number out of its bounds (the duel limits of the spec). */
function rangeMessage(e: ErrorObject): string | undefined {
  const own = (e.parentSchema as Record<string, unknown> | undefined)?.['x-range-message'];
  return typeof own === 'string' ? own : undefined;
}

function message(e: ErrorObject): string {
  const p = e.params as Record<string, unknown>;
  switch (e.keyword) {
    case 'required':
      return 'This field is required.';
    case 'type': {
      const types = ([] as string[]).concat(p.type as string | string[]);
      return `Must be ${types.map((t) => TYPE_NAMES[t] ?? t).join(' or ')}.`;
    }
    case 'format':
      return `Must be a valid ${p.format === 'date-time' ? 'ISO 8601 date-time' : String(p.format)}.`;
    case 'enum':
      return `Must be one of: ${(p.allowedValues as unknown[]).map((v) => String(v)).join(', ')}.`;
    case 'const':
      return `Must be ${JSON.stringify(p.allowedValue)}.`;
    case 'minLength':
      return p.limit === 1
        ? 'This field may not be blank.'
        : `Must be at least ${p.limit} characters long.`;
    case 'maxLength':
      return `Must be at most ${p.limit} characters long.`;
    case 'minimum':
      return rangeMessage(e) ?? `Must be at least ${p.limit}.`;
    case 'maximum':
      return rangeMessage(e) ?? `Must be at most ${p.limit}.`;
    case 'exclusiveMinimum':
      return `Must be greater than ${p.limit}.`;
    case 'exclusiveMaximum':
      return `Must be less than ${p.limit}.`;
    case 'minItems':
      return `Must have at least ${p.limit} items.`;
    case 'maxItems':
      return `Must have at most ${p.limit} items.`;
    case 'minProperties':
      return p.limit === 1
        ? 'At least one field is required.'
        : `At least ${p.limit} fields are required.`;
    case 'additionalProperties':
      return 'Unknown field.';
    case 'pattern':
      return 'Has an invalid format.';
    default: {
      const text = e.message ?? 'is invalid';
      return `${text.charAt(0).toUpperCase()}${text.slice(1)}.`;
    }
  }
}

const COMBINATORS = new Set(['anyOf', 'oneOf', 'if', 'not']);

/** Ajv errors → `{ field: [messages] }`; nested fields are dotted, the whole body is `non_field_errors`. */
export function errorsToFields(errors: ErrorObject[]): FieldErrors {
  const byField = new Map<string, { specific: string[]; generic: string[] }>();
  for (const e of errors) {
    const segments = e.instancePath
      .split('/')
      .slice(1)
      .map((s) => s.replaceAll('~1', '/').replaceAll('~0', '~'));
    const p = e.params as Record<string, unknown>;
    if (e.keyword === 'required') segments.push(String(p.missingProperty));
    if (e.keyword === 'additionalProperties') segments.push(String(p.additionalProperty));
    const field = segments.length > 0 ? segments.join('.') : 'non_field_errors';
    const entry = byField.get(field) ?? { specific: [], generic: [] };
    const list = COMBINATORS.has(e.keyword) ? entry.generic : entry.specific;
    const text = message(e);
    if (!list.includes(text)) list.push(text);
    byField.set(field, entry);
  }
  // No prototype: a field may be named `__proto__` or `constructor`.
  const fields: FieldErrors = Object.create(null);
  for (const [field, { specific, generic }] of byField) {
    fields[field] = specific.length > 0 ? specific : generic;
  }
  return fields;
}
