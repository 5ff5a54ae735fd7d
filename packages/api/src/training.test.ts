/** Memory-training hooks against a real HTTP test server (see query.test.ts). */
import { act, renderHook, waitFor } from '@testing-library/react';
import { describe, expect, test, vi } from 'vitest';
import { client, server, setUpHookTestServer, wrapper } from './test/hook-server.ts';
import {
  trainingKeys,
  useDisciplines,
  useStartTraining,
  useSubmitTraining,
  useTrainingHistory,
} from './training.ts';

setUpHookTestServer();

const SUMMARY = {
  id: 7,
  discipline: 'numbers',
  options: { count: 80, scoring: 'rows', language: null },
  score: 60,
  max_score: 80,
  memorize_ms: 30000,
  late: false,
  personal_best: true,
  started_at: '2026-01-01T10:00:00.000Z',
  submitted_at: '2026-01-01T10:02:00.000Z',
};

describe('training hooks', () => {
  test('useDisciplines and useTrainingHistory read their paths', async () => {
    server.handle((req) =>
      req.path.endsWith('/disciplines/')
        ? { status: 200, body: [{ id: 'numbers', default_count: 80 }] }
        : { status: 200, body: { attempts: [SUMMARY], personal_bests: [SUMMARY] } },
    );
    const rules = renderHook(() => useDisciplines(), { wrapper });
    const history = renderHook(() => useTrainingHistory(), { wrapper });
    await waitFor(() => expect(rules.result.current.isSuccess).toBe(true));
    await waitFor(() => expect(history.result.current.isSuccess).toBe(true));
    expect(rules.result.current.data?.[0]?.id).toBe('numbers');
    expect(history.result.current.data?.personal_bests[0]?.score).toBe(60);
    expect(server.requests.map((r) => r.path).sort()).toEqual([
      '/be/api/duels/disciplines/',
      '/be/api/duels/training/',
    ]);
  });

  test('useStartTraining posts the discipline and options', async () => {
    server.handle(() => ({ status: 201, body: { id: 7, discipline: 'words', content: {} } }));
    const { result } = renderHook(() => useStartTraining(), { wrapper });
    await act(() =>
      result.current.mutateAsync({ discipline: 'words', options: { count: 10, language: 'es' } }),
    );
    expect(server.requests[0]?.path).toBe('/be/api/duels/training/');
    expect(JSON.parse(server.requests[0]?.body ?? '')).toEqual({
      discipline: 'words',
      options: { count: 10, language: 'es' },
    });
  });

  test('useSubmitTraining posts the recall to the attempt and makes the history stale', async () => {
    const invalidated = vi.spyOn(client, 'invalidateQueries');
    server.handle(() => ({
      status: 200,
      body: {
        attempt: SUMMARY,
        marks: [],
        row_points: [40, 20],
        personal_best: true,
        best: SUMMARY,
      },
    }));
    const { result } = renderHook(() => useSubmitTraining(), { wrapper });
    const out = await act(() =>
      result.current.mutateAsync({ id: 7, answers: ['3', '1'], memorize_ms: 30000 }),
    );
    expect(out.personal_best).toBe(true);
    expect(server.requests[0]?.path).toBe('/be/api/duels/training/7/submit/');
    expect(JSON.parse(server.requests[0]?.body ?? '')).toEqual({
      answers: ['3', '1'],
      memorize_ms: 30000,
    });
    const keys = invalidated.mock.calls.map(([filters]) => filters?.queryKey);
    expect(keys).toContainEqual(trainingKeys.history());
  });

  test('useSubmitTraining surfaces the 409 of a second submit', async () => {
    server.handle(() => ({
      status: 409,
      body: { detail: 'This training attempt was already submitted.', code: 'conflict' },
    }));
    const { result } = renderHook(() => useSubmitTraining(), { wrapper });
    await act(async () => {
      await expect(result.current.mutateAsync({ id: 7, answers: [] })).rejects.toMatchObject({
        status: 409,
        code: 'conflict',
      });
    });
  });
});
