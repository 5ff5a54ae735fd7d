/**
 * A JSON call to the running product's API for journeys that set up data without the browser:
 * `call(path, { method, body, token })`; a non-2xx answer throws with its status and body.
 */
export function jsonApi(baseUrl: string) {
  return async function call<T>(
    path: string,
    init: RequestInit & { token?: string } = {},
  ): Promise<T> {
    const { token, ...rest } = init;
    const response = await fetch(`${baseUrl}/be/api${path}`, {
      ...rest,
      headers: {
        'content-type': 'application/json',
        ...(token ? { authorization: `Bearer ${token}` } : {}),
      },
    });
    const text = await response.text();
    if (!response.ok)
      throw new Error(`${init.method ?? 'GET'} ${path}: ${response.status} ${text}`);
    return (text ? JSON.parse(text) : null) as T;
  };
}
