import { randomInt } from 'node:crypto';

/**
 * A JSON call to the running product's API for journeys that set up data without the browser:
 * `call(path, { method, body, token })`; a non-2xx answer throws with its status and body.
 *
 * Each helper is its own client address (`X-Forwarded-For`, read when the product runs with
 * TRUST_PROXY=true, one trusted hop, as the journeys' product does: with no proxy in front, the
 * one entry sent here is the right-most, the one a proxy would have appended): the product allows 10 registrations per
 * address an hour, and the journeys together register more learners than that from one machine.
 */
export function jsonApi(baseUrl: string) {
  // 198.18.0.0/15 is reserved for benchmarking, so it is no one's real address.
  const address = `198.${18 + randomInt(2)}.${randomInt(256)}.${1 + randomInt(254)}`;
  return async function call<T>(
    path: string,
    init: RequestInit & { token?: string } = {},
  ): Promise<T> {
    const { token, ...rest } = init;
    const response = await fetch(`${baseUrl}/be/api${path}`, {
      ...rest,
      headers: {
        'content-type': 'application/json',
        'x-forwarded-for': address,
        ...(token ? { authorization: `Bearer ${token}` } : {}),
      },
    });
    const text = await response.text();
    if (!response.ok)
      throw new Error(`${init.method ?? 'GET'} ${path}: ${response.status} ${text}`);
    return (text ? JSON.parse(text) : null) as T;
  };
}
