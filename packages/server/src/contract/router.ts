import type { Context, Hono } from 'hono';
import type { AppEnv } from '../http/context.ts';
import { assertFeature } from '../http/entitlements.ts';
import { ApiError, type FieldErrors, validationError } from '../http/errors.ts';
import { type ContractOperation, listOperations, type OpenApiDocument } from './load.ts';
import type { Handler, Handlers } from './types.ts';
import { ContractValidator } from './validate.ts';

export interface ContractRoutesOptions {
  doc: OpenApiDocument;
  handlers: Handlers;
  /** Loads the signed-in user into the context or throws a 401 ApiError. */
  authenticate(c: Context<AppEnv>): Promise<void>;
  validator?: ContractValidator;
}

/** `/auth/users/{id}/` → `/auth/users/:id/` */
export function toHonoPath(contractPath: string): string {
  return contractPath.replace(/\{([^}/]+)\}/g, ':$1');
}

/**
 * Static segments before parameters (`/auth/users/me/` before `/auth/users/{id}/`): Hono runs
 * every matching route in registration order and the first answer wins.
 */
function specificity(path: string): number[] {
  return path
    .split('/')
    .filter(Boolean)
    .map((s) => (s.startsWith('{') ? 1 : 0));
}

function compareSpecificity(a: ContractOperation, b: ContractOperation): number {
  const x = specificity(a.path);
  const y = specificity(b.path);
  for (let i = 0; i < Math.min(x.length, y.length); i++) {
    const d = (x[i] ?? 0) - (y[i] ?? 0);
    if (d !== 0) return d;
  }
  return 0;
}

function merge(target: FieldErrors, source: FieldErrors) {
  for (const [k, v] of Object.entries(source)) target[k] = [...(target[k] ?? []), ...v];
}

async function readJsonBody(c: Context<AppEnv>, required: boolean): Promise<unknown> {
  const text = await c.req.text();
  // An empty body is checked as `{}`, so that a required body's missing fields are each named.
  if (text.trim() === '') return required ? {} : undefined;
  try {
    return JSON.parse(text);
  } catch (error) {
    throw new ApiError(400, 'validation_error', 'Malformed JSON in the request body.', {
      fields: { non_field_errors: [`Invalid JSON: ${(error as Error).message}`] },
    });
  }
}

function readQuery(c: Context<AppEnv>, arrays: Set<string>): Record<string, unknown> {
  const query: Record<string, unknown> = {};
  for (const [name, values] of Object.entries(c.req.queries())) {
    query[name] = arrays.has(name) ? values : values[values.length - 1];
  }
  return query;
}

/** Registers one Hono route per contract operation; returns the operations in contract order. */
export function registerContractRoutes(
  app: Hono<AppEnv>,
  options: ContractRoutesOptions,
): ContractOperation[] {
  const { doc, handlers, authenticate } = options;
  const validator = options.validator ?? new ContractValidator(doc);
  const operations = listOperations(doc);

  for (const op of [...operations].sort(compareSpecificity)) {
    const handler = (handlers as Record<string, Handler | undefined>)[op.operationId];
    const route = async (c: Context<AppEnv>) => {
      c.set('operationId', op.operationId);
      if (op.secured) await authenticate(c);
      // The plan gate comes before the 501 so that gated operations refuse free plans already.
      if (op.feature) assertFeature(c, op.feature);
      if (!handler) {
        throw new ApiError(501, 'not_implemented', `Not implemented yet: ${op.operationId}`, {
          operation: op.operationId,
        });
      }
      const compiled = validator.operation(op);
      const fields: FieldErrors = {};
      const params: Record<string, unknown> = { ...c.req.param() };
      const query = readQuery(c, compiled.arrayQuery);
      const checkedParams = ContractValidator.check(compiled.path, params);
      if (!checkedParams.ok) merge(fields, checkedParams.fields);
      const checkedQuery = ContractValidator.check(compiled.query, query);
      if (!checkedQuery.ok) merge(fields, checkedQuery.fields);
      let body: unknown;
      const contentType = c.req.header('content-type')?.split(';')[0]?.trim().toLowerCase();
      // Form bodies (multipart uploads) are left to the handler (`c.req.parseBody()`); anything
      // else is read as JSON when the operation takes JSON.
      const isForm =
        contentType === 'multipart/form-data' ||
        contentType === 'application/x-www-form-urlencoded';
      if (
        op.requestBody?.schema &&
        !(isForm && op.requestBody.mediaTypes.includes(contentType ?? ''))
      ) {
        body = await readJsonBody(c, op.requestBody.required);
        if (body !== undefined) {
          const checkedBody = ContractValidator.check(compiled.body, body);
          if (!checkedBody.ok) merge(fields, checkedBody.fields);
        }
      }
      if (Object.keys(fields).length > 0) throw validationError(fields);
      return handler(c, { params, query, body } as Parameters<Handler>[1]);
    };
    const method = op.method.toUpperCase();
    const path = toHonoPath(op.path);
    app.on(method, path, route);
    // Also answer without the trailing slash the contract keeps (`/health` as `/health/`).
    if (path.length > 1 && path.endsWith('/')) app.on(method, path.slice(0, -1), route);
  }
  return operations;
}

export interface ImplementedCount {
  implemented: number;
  total: number;
  missing: string[];
}

/** How many of the contract's operations have a handler. */
export function countImplemented(doc: OpenApiDocument, handlers: Handlers): ImplementedCount {
  const ids = listOperations(doc).map((op) => op.operationId);
  const missing = ids.filter((id) => !(id in handlers));
  return { implemented: ids.length - missing.length, total: ids.length, missing };
}
