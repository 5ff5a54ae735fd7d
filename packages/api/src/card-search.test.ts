/** The card browser's search call against a real HTTP server. */
import { afterAll, beforeAll, beforeEach, describe, expect, test } from 'vitest';
import { cardSearchKeys, fetchCardSearch } from './card-search.ts';
import { ApiRequestError } from './errors.ts';
import { startTestServer, type TestServer } from './test/http-server.ts';

let server: TestServer;

beforeAll(async () => {
  server = await startTestServer();
  (globalThis as unknown as { happyDOM: { setURL(url: string): void } }).happyDOM.setURL(
    `${server.origin}/space-repetition/browse`,
  );
});
afterAll(async () => {
  await server.close();
});
beforeEach(() => server.reset());

const PAGE = { count: 0, next: null, previous: null, results: [] };

describe('fetchCardSearch', () => {
  test('sends the query, sort, order and page, with the defaults filled in', async () => {
    server.handle(() => ({ status: 200, body: PAGE }));
    expect(await fetchCardSearch({ q: 'deck:"My Deck" -is:new', sort: 'due' })).toEqual(PAGE);
    const [request] = server.hits('/be/api/space-repetition/cards/search/');
    const url = new URL(request?.path ?? '', server.origin);
    expect(Object.fromEntries(url.searchParams)).toEqual({
      q: 'deck:"My Deck" -is:new',
      sort: 'due',
      order: 'asc',
      page: '1',
      page_size: '50',
    });
  });

  test('rejects a query that does not parse with the server’s message for q', async () => {
    const body = {
      detail: 'q: Search at character 5: this quote is never closed.',
      code: 'validation_error',
      fields: { q: ['Search at character 5: this quote is never closed.'] },
      field_codes: { q: ['search_invalid'] },
    };
    server.handle(() => ({ status: 400, body }));
    const error = await fetchCardSearch({ q: 'dog "a cat' }).catch((e: unknown) => e);
    expect(error).toBeInstanceOf(ApiRequestError);
    expect((error as ApiRequestError).body).toEqual(body);
  });

  test('keys a search by its parameters with the defaults, under the domain', () => {
    expect(cardSearchKeys.search({ q: 'x' })).toEqual(cardSearchKeys.search({ q: 'x', page: 1 }));
    expect(cardSearchKeys.search({ q: 'x' }).slice(0, 2)).toEqual([...cardSearchKeys.all]);
  });
});
