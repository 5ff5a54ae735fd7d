/** The ratings hook against a real HTTP test server (see query.test.ts). */
import { renderHook, waitFor } from '@testing-library/react';
import { describe, expect, test } from 'vitest';
import { duelKeys } from './duels.ts';
import { ratingKeys, useRatings } from './ratings.ts';
import { server, setUpHookTestServer, wrapper } from './test/hook-server.ts';

setUpHookTestServer();

const body = {
  ratings: [
    { discipline: 'desk', rating: 1500, deviation: 350, conservative_rating: 800, games: 0 },
  ],
  leaderboard: {
    scope: 'school',
    school_id: 7,
    discipline: 'number',
    entries: [],
    my_rank: null,
  },
};

describe('useRatings', () => {
  test('reads the friends board by default', async () => {
    server.handle(() => ({ status: 200, body }));
    const { result } = renderHook(() => useRatings(), { wrapper });
    await waitFor(() => expect(result.current.isSuccess).toBe(true));
    expect(server.requests[0]?.path).toBe('/be/api/duels/ratings/');
  });

  test('asks for a school board in one discipline', async () => {
    server.handle(() => ({ status: 200, body }));
    const { result } = renderHook(
      () => useRatings({ scope: 'school', schoolId: 7, discipline: 'number' }),
      { wrapper },
    );
    await waitFor(() => expect(result.current.isSuccess).toBe(true));
    const url = new URL(server.requests[0]?.path ?? '', 'http://x');
    expect(url.pathname).toBe('/be/api/duels/ratings/');
    expect(Object.fromEntries(url.searchParams)).toEqual({
      discipline: 'number',
      scope: 'school',
      school_id: '7',
    });
    expect(result.current.data?.leaderboard.school_id).toBe(7);
  });

  test("keeps its keys under the duels' keys, which a duel's end makes stale", () => {
    expect(ratingKeys.ratings().slice(0, duelKeys.all.length)).toEqual([...duelKeys.all]);
  });
});
