import type { operations } from '@memoria/api/schema';
import type { Context } from 'hono';
import type { AppEnv } from '../http/context.ts';

/** Every operationId of openapi.yaml (from the generated types of @memoria/api). */
export type OperationId = keyof operations;
export type { Schemas } from './schemas.ts';

type JsonContent<T> = T extends { content: { 'application/json': infer B } } ? B : undefined;
type BodyOf<O> = O extends { requestBody: infer R }
  ? JsonContent<R>
  : O extends { requestBody?: infer R }
    ? [Exclude<R, undefined>] extends [never]
      ? undefined
      : JsonContent<Exclude<R, undefined>> | undefined
    : undefined;
type ParamsOf<O, In extends string> = O extends { parameters: infer P }
  ? P extends Record<In, infer X>
    ? X
    : P extends Partial<Record<In, infer X>>
      ? [Exclude<X, undefined>] extends [never]
        ? Record<string, never>
        : Partial<Exclude<X, undefined>>
      : Record<string, never>
  : Record<string, never>;

/** The validated (and for params, type-coerced) input of one operation. */
export interface OperationInput<K extends OperationId> {
  params: ParamsOf<operations[K], 'path'>;
  query: ParamsOf<operations[K], 'query'>;
  body: BodyOf<operations[K]>;
}

export type Handler<K extends OperationId = OperationId> = (
  c: Context<AppEnv>,
  input: OperationInput<K>,
) => Response | Promise<Response>;

/** What each `src/routes/*.ts` module exports: handlers keyed by operationId. */
export type Handlers = { [K in OperationId]?: Handler<K> };
