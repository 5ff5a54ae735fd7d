/** The one game clock: the server's time, renewed with each answer; time-up once; no deadline, no timer. */
import { act, renderHook } from '@testing-library/react';
import { afterEach, beforeEach, describe, expect, test, vi } from 'vitest';
import { useSecondsLeft } from './clock.ts';

const SERVER_NOW = '2026-11-29T12:00:00.000Z';
const at = (seconds: number) => new Date(Date.parse(SERVER_NOW) + seconds * 1000).toISOString();

beforeEach(() => {
  // This device's clock is 90 s ahead of the server's.
  vi.useFakeTimers({ now: Date.parse(SERVER_NOW) + 90_000 });
});
afterEach(() => {
  vi.useRealTimers();
});

describe('useSecondsLeft', () => {
  test("counts the server's time down, whatever this device's clock says, and calls time-up once", () => {
    const onTimeUp = vi.fn();
    const { result } = renderHook(() => useSecondsLeft(at(10), SERVER_NOW, onTimeUp));
    expect(result.current).toBe(10);
    act(() => vi.advanceTimersByTime(4_000));
    expect(result.current).toBe(6);
    expect(onTimeUp).not.toHaveBeenCalled();
    act(() => vi.advanceTimersByTime(8_000));
    expect(result.current).toBe(0);
    act(() => vi.advanceTimersByTime(2_000));
    expect(onTimeUp).toHaveBeenCalledTimes(1);
  });

  test("a new answer's server time renews the offset", () => {
    const { result, rerender } = renderHook(({ now }) => useSecondsLeft(at(30), now), {
      initialProps: { now: SERVER_NOW },
    });
    expect(result.current).toBe(30);
    // The next answer says the server is 10 s further on than this device has counted.
    act(() => vi.advanceTimersByTime(5_000));
    rerender({ now: at(15) });
    act(() => vi.advanceTimersByTime(250));
    expect(result.current).toBe(15);
  });

  test('no deadline: null, and no timer left running', () => {
    const { result } = renderHook(() => useSecondsLeft(null, SERVER_NOW));
    expect(result.current).toBeNull();
    expect(vi.getTimerCount()).toBe(0);
  });
});
