import { readFileSync } from 'node:fs';
import path from 'node:path';
import { parse } from 'yaml';
import { type Feature, isFeature } from '../domain/subscriptions/entitlements.ts';

/** The repository root (this file is packages/server/src/contract/load.ts). */
export const repoRoot = path.resolve(import.meta.dirname, '../../../..');
export const contractPath = path.join(repoRoot, 'openapi.yaml');

export const HTTP_METHODS = ['get', 'put', 'post', 'delete', 'patch', 'options', 'head'] as const;
export type HttpMethod = (typeof HTTP_METHODS)[number];

export type JsonSchema = Record<string, unknown>;

export interface ParameterObject {
  name: string;
  in: 'path' | 'query' | 'header' | 'cookie';
  required?: boolean;
  schema?: JsonSchema;
  $ref?: string;
}

export interface OperationObject {
  operationId?: string;
  tags?: string[];
  security?: Record<string, string[]>[];
  parameters?: ParameterObject[];
  requestBody?: {
    $ref?: string;
    required?: boolean;
    content?: Record<string, { schema?: JsonSchema }>;
  };
  responses?: Record<string, unknown>;
  /** The plan feature the operation needs (`x-feature` in the contract). */
  'x-feature'?: string;
  /** The largest request body of this operation, when it needs more than the router's default. */
  'x-max-body-bytes'?: number;
  /** The handler streams the form body itself (an upload to a file): the router leaves it unread. */
  'x-streamed-body'?: boolean;
}

export interface OpenApiDocument {
  openapi: string;
  info: { title: string; version: string };
  security?: Record<string, string[]>[];
  paths: Record<string, Record<string, unknown> & { parameters?: ParameterObject[] }>;
  components?: Record<string, Record<string, unknown>>;
}

/** One operation of the contract, flattened for routing and validation. */
export interface ContractOperation {
  operationId: string;
  method: HttpMethod;
  /** The contract's path, e.g. `/auth/users/{id}/`. */
  path: string;
  /** JSON pointer (inside the document) to the operation object. */
  pointer: string;
  parameters: ParameterObject[];
  requestBody?: {
    required: boolean;
    /** The `application/json` schema, when the operation takes JSON. */
    schema?: JsonSchema;
    /** Every media type the operation accepts (`multipart/form-data`…). */
    mediaTypes: string[];
  };
  /** Whether the operation needs a signed-in user (non-empty effective `security`). */
  secured: boolean;
  /** The plan feature the operation needs, from the contract's `x-feature`. */
  feature?: Feature;
  /** The operation's own body limit (`x-max-body-bytes`), for uploads larger than an image. */
  maxBodyBytes?: number;
  /** `x-streamed-body`: the router does not parse the form body; the handler streams it. */
  streamedBody?: boolean;
  /** Declares the `Idempotency-Key` header: the router runs it once per key (contract/idempotency.ts). */
  idempotent: boolean;
  operation: OperationObject;
}

export function loadContract(file: string = contractPath): OpenApiDocument {
  return parse(readFileSync(file, 'utf8')) as OpenApiDocument;
}

/** Escapes one JSON-pointer segment for use in a URI fragment (`$ref`). */
export function escapePointer(segment: string): string {
  return encodeURIComponent(segment.replaceAll('~', '~0').replaceAll('/', '~1'));
}

/** Follows a local `$ref` (`#/components/...`) inside the document. */
export function resolveRef<T>(doc: OpenApiDocument, value: T): T {
  let current: unknown = value;
  for (let hops = 0; hops < 20; hops++) {
    const ref = (current as { $ref?: unknown } | null)?.$ref;
    if (typeof ref !== 'string') return current as T;
    if (!ref.startsWith('#/')) throw new Error(`Only local $refs are supported: ${ref}`);
    current = ref
      .slice(2)
      .split('/')
      .map((s) => decodeURIComponent(s).replaceAll('~1', '/').replaceAll('~0', '~'))
      .reduce<unknown>((node, key) => (node as Record<string, unknown> | undefined)?.[key], doc);
    if (current === undefined) throw new Error(`Unresolvable $ref ${ref}`);
  }
  throw new Error('Too many nested $refs');
}

export function listOperations(doc: OpenApiDocument): ContractOperation[] {
  const operations: ContractOperation[] = [];
  for (const [p, pathItem] of Object.entries(doc.paths ?? {})) {
    const shared = (pathItem.parameters ?? []).map((x) => resolveRef(doc, x));
    for (const method of HTTP_METHODS) {
      const operation = pathItem[method] as OperationObject | undefined;
      if (!operation) continue;
      if (!operation.operationId)
        throw new Error(`${method.toUpperCase()} ${p} has no operationId`);
      const own = (operation.parameters ?? []).map((x) => resolveRef(doc, x));
      const parameters = [
        ...shared.filter((s) => !own.some((o) => o.name === s.name && o.in === s.in)),
        ...own,
      ];
      const pointer = `#/paths/${escapePointer(p)}/${method}`;
      let requestBody: ContractOperation['requestBody'];
      if (operation.requestBody) {
        const body = resolveRef(doc, operation.requestBody);
        const json = body.content?.['application/json'];
        requestBody = {
          required: body.required === true,
          schema: json?.schema,
          mediaTypes: Object.keys(body.content ?? {}),
        };
      }
      const security = operation.security ?? doc.security ?? [];
      const feature = operation['x-feature'];
      if (feature !== undefined && !isFeature(feature)) {
        throw new Error(`${operation.operationId} names an unknown x-feature: ${feature}`);
      }
      operations.push({
        operationId: operation.operationId,
        method,
        path: p,
        pointer,
        parameters,
        requestBody,
        secured: security.length > 0 && !security.some((s) => Object.keys(s).length === 0),
        feature,
        maxBodyBytes: operation['x-max-body-bytes'],
        streamedBody: operation['x-streamed-body'] === true,
        idempotent: parameters.some(
          (x) => x.in === 'header' && x.name.toLowerCase() === 'idempotency-key',
        ),
        operation,
      });
    }
  }
  return operations;
}
