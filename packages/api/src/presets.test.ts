/** Preset and custom-study hooks against a real HTTP test server (see query.test.ts). */
import { act, renderHook, waitFor } from '@testing-library/react';
import { describe, expect, test, vi } from 'vitest';
import { useAssignDeckPreset, useCustomStudy, useDeletePreset, usePresets } from './presets.ts';
import { spaceRepetitionKeys } from './space-repetition.ts';
import { client, server, setUpHookTestServer, wrapper } from './test/hook-server.ts';

setUpHookTestServer();

describe('preset hooks', () => {
  test('usePresets reads the list', async () => {
    server.handle(() => ({ status: 200, body: [{ id: 1, name: 'Default', is_default: true }] }));
    const { result } = renderHook(() => usePresets(), { wrapper });
    await waitFor(() => expect(result.current.isSuccess).toBe(true));
    expect(result.current.data?.[0]?.is_default).toBe(true);
    expect(server.requests[0]?.path).toBe('/be/api/space-repetition/presets/');
  });

  test('useDeletePreset surfaces the 409 of the default preset', async () => {
    server.handle(() => ({
      status: 409,
      body: { detail: 'The default preset cannot be deleted.', code: 'conflict' },
    }));
    const { result } = renderHook(() => useDeletePreset(), { wrapper });
    await act(async () => {
      await expect(result.current.mutateAsync({ id: 1 })).rejects.toMatchObject({
        status: 409,
        code: 'conflict',
      });
    });
  });

  test('useAssignDeckPreset sends the preset and makes the queues stale', async () => {
    const invalidated = vi.spyOn(client, 'invalidateQueries');
    server.handle(() => ({ status: 200, body: { id: 5, name: 'Exam', is_default: false } }));
    const { result } = renderHook(() => useAssignDeckPreset(), { wrapper });
    await act(() => result.current.mutateAsync({ deckId: 3, presetId: 5 }));
    expect(server.requests[0]?.path).toBe('/be/api/space-repetition/desks/3/preset/');
    expect(JSON.parse(server.requests[0]?.body ?? '')).toEqual({ preset_id: 5 });
    const keys = invalidated.mock.calls.map(([filters]) => filters?.queryKey);
    expect(keys).toContainEqual(spaceRepetitionKeys.dueAll());
    expect(keys).toContainEqual(spaceRepetitionKeys.decks());
  });

  test('useCustomStudy posts the session request', async () => {
    server.handle(() => ({
      status: 200,
      body: { kind: 'cram', desk_id: 3, cram: true, cards: [] },
    }));
    const { result } = renderHook(() => useCustomStudy(), { wrapper });
    const session = await act(() => result.current.mutateAsync({ kind: 'cram', desk_id: 3 }));
    expect(session.cram).toBe(true);
    expect(JSON.parse(server.requests[0]?.body ?? '')).toEqual({ kind: 'cram', desk_id: 3 });
  });
});
