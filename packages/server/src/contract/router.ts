import type { Context, Hono, MiddlewareHandler } from 'hono';
import { bodyLimit } from 'hono/body-limit';
import { MAX_IMAGE_BYTES } from '../domain/decks/images.ts';
import type { AppEnv } from '../http/context.ts';
import { assertFeature } from '../http/entitlements.ts';
import { ApiError, type FieldErrors, validationError } from '../http/errors.ts';
import { formParts, readIdempotencyKey, runIdempotent } from './idempotency.ts';
import { coerceParameters, inspectInput } from './input.ts';
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

/** `target` has no prototype, so that any field name is only data. */
function merge(target: FieldErrors, source: FieldErrors) {
  for (const [k, v] of Object.entries(source)) {
    target[k] = [...(Object.hasOwn(target, k) ? (target[k] as string[]) : []), ...v];
  }
}

/** Largest JSON body of an operation without images. */
export const JSON_BODY_LIMIT = 1_000_000;
/**
 * Largest body of an operation that takes images (those that also accept multipart): a card's two
 * images of MAX_IMAGE_BYTES, base64 in JSON (4/3 larger) or file parts, plus 64 KiB of fields.
 */
export const IMAGE_BODY_LIMIT = 2 * Math.ceil((MAX_IMAGE_BYTES * 4) / 3) + 64 * 1024;

const isFormType = (type: string | undefined) =>
  type === 'multipart/form-data' || type === 'application/x-www-form-urlencoded';

function bodyLimitOf(op: ContractOperation): number {
  if (op.maxBodyBytes !== undefined) return op.maxBodyBytes;
  return op.requestBody?.mediaTypes.some(isFormType) ? IMAGE_BODY_LIMIT : JSON_BODY_LIMIT;
}

/**
 * Refuses a body over `limit` before anything reads it: by its Content-Length (Node's parser never
 * reads more than that), else counted while it streams in (Hono's `bodyLimit`). The first case
 * reads only the header because `bodyLimit` would touch `request.body`, which makes
 * `@hono/node-server` build a WHATWG Request and stream the body through it; with the header
 * alone, `c.req.arrayBuffer()` takes the adapter's direct read of the socket. That was 13 % of the
 * server's CPU in a rating (issue 11).
 */
function limitBody(
  limit: number,
  operationId: string,
  handlerStreams: boolean,
): MiddlewareHandler<AppEnv> {
  const streamed = bodyLimit({
    maxSize: limit,
    onError: () => {
      throw tooLarge(limit);
    },
  });
  return (c, next) => {
    // Named here already, so that the access log names a body cut off while it streams in.
    c.set('operationId', operationId);
    const length = c.req.header('content-length');
    if (!length || !/^\d+$/.test(length) || c.req.header('transfer-encoding') !== undefined) {
      // `bodyLimit` reads the whole body into its stream's queue at once: an operation that
      // streams its body to a file (`x-streamed-body`) bounds what it reads itself instead.
      if (handlerStreams) return next();
      return streamed(c, next);
    }
    if (Number(length) > limit) throw tooLarge(limit);
    return next();
  };
}

function tooLarge(limit: number): ApiError {
  const size =
    limit % 1_000_000 === 0 ? `${limit / 1_000_000} MB` : `${(limit / 1_048_576).toFixed(1)} MiB`;
  return new ApiError(413, 'payload_too_large', `The request body is larger than ${size}.`);
}

function unsupportedType(op: ContractOperation, type: string | undefined): ApiError {
  return new ApiError(
    415,
    'unsupported_media_type',
    `${type ? `Content-Type ${type} is not accepted` : 'A body needs a Content-Type'}; send ${op.requestBody?.mediaTypes.join(' or ')}.`,
  );
}

/**
 * Decodes strictly: a replacement character in place of bytes that are not UTF-8 would store
 * text the client never sent (and a logout with a mangled token would still answer 204).
 */
const utf8 = new TextDecoder('utf-8', { fatal: true, ignoreBOM: false });

export const NOT_UTF8 = 'The request body is not valid UTF-8.';

async function readText(c: Context<AppEnv>): Promise<string> {
  const bytes = await c.req.arrayBuffer();
  try {
    return utf8.decode(bytes);
  } catch {
    throw new ApiError(400, 'validation_error', NOT_UTF8, {
      fields: { non_field_errors: [NOT_UTF8] },
    });
  }
}

async function readJsonBody(
  c: Context<AppEnv>,
  op: ContractOperation,
  contentType: string | undefined,
): Promise<{ body: unknown; fields: FieldErrors }> {
  const text = await readText(c);
  // An empty body is checked as `{}`, so that a required body's missing fields are each named.
  if (text.trim() === '') return { body: op.requestBody?.required ? {} : undefined, fields: {} };
  if (contentType !== 'application/json') throw unsupportedType(op, contentType);
  let parsed: unknown;
  try {
    parsed = JSON.parse(text);
  } catch (error) {
    throw new ApiError(400, 'validation_error', 'Malformed JSON in the request body.', {
      fields: { non_field_errors: [`Invalid JSON: ${(error as Error).message}`] },
    });
  }
  const { value, fields } = inspectInput(parsed);
  return { body: value, fields };
}

/** The operation's declared query parameters; others are ignored, as before the contract. */
function readQuery(c: Context<AppEnv>, declared: Set<string>, arrays: Set<string>) {
  const query: Record<string, unknown> = Object.create(null);
  for (const [name, values] of Object.entries(c.req.queries())) {
    if (declared.has(name)) query[name] = arrays.has(name) ? values : values[values.length - 1];
  }
  return query;
}

/**
 * Parses a form body once, here, so that a malformed one is a 400 rather than an error inside the
 * handler (whose `c.req.parseBody()` reuses Hono's cached parse), and checks its text fields and
 * names as JSON bodies are checked.
 */
async function inspectForm(c: Context<AppEnv>): Promise<FieldErrors> {
  let form: FormData;
  try {
    form = await c.req.formData();
  } catch {
    throw new ApiError(400, 'validation_error', 'Malformed form body.', {
      fields: { non_field_errors: ['The form body could not be read.'] },
    });
  }
  const values: Record<string, unknown> = Object.create(null);
  for (const [name, value] of form.entries()) {
    values[name] = typeof value === 'string' ? value : '';
  }
  return inspectInput(values).fields;
}

/** Whether the operation takes a body of this media type. */
function accepts(op: ContractOperation, contentType: string): boolean {
  return op.requestBody?.mediaTypes.includes(contentType) ?? false;
}

/** The input of an operation without parameters or body (its query string is ignored). */
const NO_INPUT = Object.freeze({
  params: Object.freeze(Object.create(null)),
  query: Object.freeze(Object.create(null)),
  body: undefined,
});

/** Registers one Hono route per contract operation; returns the operations in contract order. */
export function registerContractRoutes(
  app: Hono<AppEnv>,
  options: ContractRoutesOptions,
): ContractOperation[] {
  const { doc, handlers, authenticate } = options;
  const validator = options.validator ?? new ContractValidator(doc);
  const operations = listOperations(doc);

  for (const op of [...operations].sort(compareSpecificity)) {
    if (op.idempotent && (!op.secured || op.streamedBody)) {
      // Keys belong to a signed-in user, and a streamed body is never read whole to compare.
      throw new Error(`${op.operationId}: Idempotency-Key needs a signed-in, unstreamed operation`);
    }
    const handler = (handlers as Record<string, Handler | undefined>)[op.operationId];
    const inputless = op.parameters.length === 0 && !op.requestBody;
    const declaredQuery = new Set(op.parameters.filter((p) => p.in === 'query').map((p) => p.name));
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
      const idempotencyKey = op.idempotent ? readIdempotencyKey(c) : undefined;
      // An operation that takes no parameters and no body has nothing to read or check.
      if (inputless) return handler(c, NO_INPUT as Parameters<Handler>[1]);
      const compiled = validator.operation(op);
      const fields: FieldErrors = Object.create(null);
      const pathInput = inspectInput(coerceParameters(doc, op.parameters, c.req.param()));
      const queryInput = inspectInput(
        coerceParameters(doc, op.parameters, readQuery(c, declaredQuery, compiled.arrayQuery)),
      );
      const params = pathInput.value as Record<string, unknown>;
      const query = queryInput.value as Record<string, unknown>;
      merge(fields, pathInput.fields);
      merge(fields, queryInput.fields);
      const checkedParams = ContractValidator.check(compiled.path, params);
      if (!checkedParams.ok) merge(fields, checkedParams.fields);
      const checkedQuery = ContractValidator.check(compiled.query, query);
      if (!checkedQuery.ok) merge(fields, checkedQuery.fields);
      let body: unknown;
      const contentType = c.req.header('content-type')?.split(';')[0]?.trim().toLowerCase();
      // Form bodies (multipart uploads) are left to the handler (`c.req.parseBody()`); anything
      // else must be JSON when the operation takes JSON.
      if (op.requestBody?.schema && !(isFormType(contentType) && accepts(op, contentType))) {
        if (contentType && !accepts(op, contentType)) throw unsupportedType(op, contentType);
        const read = await readJsonBody(c, op, contentType);
        body = read.body;
        merge(fields, read.fields);
        if (body !== undefined && Object.keys(read.fields).length === 0) {
          const checkedBody = ContractValidator.check(compiled.body, body);
          if (!checkedBody.ok) merge(fields, checkedBody.fields);
        }
      } else if (op.requestBody && contentType && !accepts(op, contentType)) {
        throw unsupportedType(op, contentType);
      }
      // A streamed upload (`x-streamed-body`) is read once, by its handler, straight to a file.
      if (
        op.requestBody &&
        isFormType(contentType) &&
        accepts(op, contentType) &&
        !op.streamedBody
      ) {
        merge(fields, await inspectForm(c));
      }
      if (Object.keys(fields).length > 0) throw validationError({ ...fields });
      const run = () => handler(c, { params, query, body } as Parameters<Handler>[1]);
      if (!op.idempotent) return run();
      // Only a request that passed validation claims its key: a 400 never uses one up.
      const shape = async () => ({
        params,
        query,
        contentType: contentType ?? null,
        body:
          contentType && isFormType(contentType)
            ? await formParts(await c.req.formData())
            : new Uint8Array(await c.req.arrayBuffer()),
      });
      return runIdempotent(c, op.operationId, idempotencyKey, shape, run);
    };
    const method = op.method.toUpperCase();
    const path = toHonoPath(op.path);
    const limited = limitBody(bodyLimitOf(op), op.operationId, op.streamedBody === true);
    // Operations without a request body never read one, so only those with a body are limited.
    const register = (p: string) => {
      if (op.requestBody) app.on(method, p, limited, route);
      else app.on(method, p, route);
    };
    register(path);
    // Also answer without the trailing slash the contract keeps (`/health` as `/health/`).
    if (path.length > 1 && path.endsWith('/')) register(path.slice(0, -1));
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
