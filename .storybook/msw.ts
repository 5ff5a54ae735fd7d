/**
 * MSW handlers typed from the contract. `api.get('/auth/users/me/', resolver)` only accepts a
 * path that has a GET operation in `openapi.yaml`, types `request.json()` as the operation's
 * JSON request body and the resolver's response as one of its JSON responses (success or the
 * shared Error). Paths are the contract's (`/desks/{id}/`); the server prefix `/be/api` and the
 * `{param}` → `:param` conversion are added here.
 *
 *   parameters: { msw: [api.get('/health/', () => HttpResponse.json({ status: 'ok', ... }))] }
 */
import type { paths } from '@memoria/api';
import {
  type DefaultBodyType,
  type HttpHandler,
  HttpResponse,
  type HttpResponseResolver,
  http,
  type PathParams,
} from 'msw';

export { delay, HttpResponse } from 'msw';

export const API_PREFIX = '/be/api';

type Method = 'get' | 'post' | 'put' | 'patch' | 'delete';

/** Contract paths that define `M`. */
export type PathWith<M extends Method> = {
  [P in keyof paths]: paths[P] extends { [K in M]: infer O }
    ? [O] extends [undefined]
      ? never
      : P
    : never;
}[keyof paths];

export type Operation<P extends keyof paths, M extends Method> = NonNullable<paths[P][M]>;

type JsonOf<R> = R extends { content: { 'application/json': infer B } } ? B : never;

/** Every JSON body the operation may answer with (2xx and errors). */
export type ResponseBody<O> = O extends { responses: infer R }
  ? { [K in keyof R]: JsonOf<R[K]> }[keyof R]
  : never;

/** The JSON body of the operation's 200/201 response. */
export type SuccessBody<O> = O extends { responses: infer R }
  ? 200 extends keyof R
    ? JsonOf<R[200]>
    : 201 extends keyof R
      ? JsonOf<R[201]>
      : never
  : never;

export type RequestBody<O> = O extends { requestBody?: infer B } ? JsonOf<NonNullable<B>> : never;

/** `{id}` path parameters as msw params (strings). */
type ParamsOf<P extends string> = P extends `${string}{${infer Name}}${infer Rest}`
  ? { [K in Name]: string } & ParamsOf<Rest>
  : Record<never, string>;

type Body<T> = [T] extends [never]
  ? DefaultBodyType
  : T extends DefaultBodyType
    ? T
    : DefaultBodyType;

/** `/desks/{id}/` → `*\/be/api/desks/:id/` (any origin). */
export function mswPath(path: string): string {
  return `*${API_PREFIX}${path.replace(/\{([^}]+)\}/g, ':$1')}`;
}

function typed<M extends Method>(method: M) {
  return <P extends PathWith<M>>(
    path: P,
    resolver: HttpResponseResolver<
      ParamsOf<P & string> & PathParams,
      Body<RequestBody<Operation<P, M>>>,
      Body<ResponseBody<Operation<P, M>>>
    >,
  ): HttpHandler => http[method](mswPath(path), resolver as never);
}

/** Contract-typed msw `http`. */
export const api = {
  get: typed('get'),
  post: typed('post'),
  put: typed('put'),
  patch: typed('patch'),
  delete: typed('delete'),
};

/** Shortcut: answer `path` with a typed 200 JSON body. */
export function ok<P extends PathWith<'get'>>(
  path: P,
  body: SuccessBody<Operation<P, 'get'>>,
): HttpHandler {
  return http.get(mswPath(path), () => HttpResponse.json(body as never));
}

/** Shortcut: answer `path`/`method` with the contract's Error shape and a status. */
export function fail<M extends Method, P extends PathWith<M>>(
  method: M,
  path: P,
  status: number,
  body: Extract<ResponseBody<Operation<P, M>>, { code: string }>,
): HttpHandler {
  return http[method](mswPath(path), () => HttpResponse.json(body as never, { status }));
}
