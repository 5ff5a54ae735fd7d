import { setCookie } from '@memoria/api';
import { afterEach, beforeEach, describe, expect, test, vi } from 'vitest';
import { GUARD_SCRIPT } from './guard.ts';

/** Runs the inline guard as the browser would, with `location.replace` observed. */
function runGuard() {
  const replace = vi.fn();
  const fakeLocation = { replace };
  // The script reads the global `location`; shadow it for this run only.
  new Function('location', GUARD_SCRIPT)(fakeLocation);
  return replace;
}

beforeEach(() => {
  localStorage.clear();
  setCookie('session_hint', '1');
  document.documentElement.removeAttribute('data-guard');
});
afterEach(() => vi.restoreAllMocks());

describe('guard (§2)', () => {
  test('without an access token: clears session_hint, hides the page, replaces with /login', () => {
    const replace = runGuard();
    expect(replace).toHaveBeenCalledWith('/login');
    expect(document.cookie).not.toContain('session_hint=1');
    expect(document.documentElement.dataset.guard).toBe('out');
  });

  test('with an access token: the page stays', () => {
    localStorage.setItem('access_token', 'a');
    const replace = runGuard();
    expect(replace).not.toHaveBeenCalled();
    expect(document.cookie).toContain('session_hint=1');
  });

  test('re-evaluated on auth-change and storage events', () => {
    localStorage.setItem('access_token', 'a');
    const replace = runGuard();
    expect(replace).not.toHaveBeenCalled();

    localStorage.removeItem('access_token');
    window.dispatchEvent(new Event('auth-change'));
    expect(replace).toHaveBeenCalledTimes(1);

    window.dispatchEvent(new Event('storage'));
    expect(replace).toHaveBeenCalledTimes(2);
  });
});
