/** The review tools' plain calls against a real HTTP server: each goes to its contract path. */
import { afterAll, beforeAll, beforeEach, describe, expect, test } from 'vitest';
import {
  changeCardState,
  changeCardsInBulk,
  flagCard,
  undoCardsBulkChange,
} from './review-tools.ts';
import { startTestServer, type TestServer } from './test/http-server.ts';

let server: TestServer;

beforeAll(async () => {
  server = await startTestServer();
  (globalThis as unknown as { happyDOM: { setURL(url: string): void } }).happyDOM.setURL(
    `${server.origin}/space-repetition`,
  );
});
afterAll(async () => {
  await server.close();
});
beforeEach(() => server.reset());

describe('review tools', () => {
  test('each card state action posts to its own path', async () => {
    server.handle(() => ({ status: 200, body: { id: 7 } }));
    for (const action of ['suspend', 'unsuspend', 'bury', 'unbury'] as const) {
      await changeCardState(7, action);
    }
    expect(server.requests.map((r) => `${r.method} ${r.path}`)).toEqual([
      'POST /be/api/space-repetition/cards/7/suspend/',
      'POST /be/api/space-repetition/cards/7/unsuspend/',
      'POST /be/api/space-repetition/cards/7/bury/',
      'POST /be/api/space-repetition/cards/7/unbury/',
    ]);
  });

  test('flags, bulk changes and their undo send their bodies', async () => {
    server.handle(() => ({ status: 200, body: { operation_id: 3, results: [], restored: 1 } }));
    await flagCard(7, 2);
    await changeCardsInBulk({ card_ids: [1, 2], action: 'flag', flag: 4 });
    await undoCardsBulkChange(3);
    expect(server.requests.map((r) => [`${r.method} ${r.path}`, r.body])).toEqual([
      ['PUT /be/api/space-repetition/cards/7/flag/', '{"flag":2}'],
      ['POST /be/api/space-repetition/cards/bulk/', '{"card_ids":[1,2],"action":"flag","flag":4}'],
      ['POST /be/api/space-repetition/cards/bulk/3/undo/', ''],
    ]);
  });
});
