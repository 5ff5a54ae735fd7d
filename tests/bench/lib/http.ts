// Setting up a bench's data over the API: JSON in, JSON out, a non-2xx answer throws.

/**
 * `call(method, path, body?, access?)` against `baseUrl`, answering the parsed body as `T` (an
 * empty answer is `{}`).
 */
export function jsonCaller<T = Record<string, unknown>>(baseUrl: string) {
  return async function call(method: string, p: string, body?: unknown, access?: string) {
    const res = await fetch(baseUrl + p, {
      method,
      headers: {
        'content-type': 'application/json',
        ...(access ? { authorization: `Bearer ${access}` } : {}),
      },
      body: body === undefined ? undefined : JSON.stringify(body),
    });
    if (!res.ok) throw new Error(`${method} ${p}: ${res.status} ${await res.text()}`);
    const text = await res.text();
    return (text ? JSON.parse(text) : {}) as T;
  };
}
