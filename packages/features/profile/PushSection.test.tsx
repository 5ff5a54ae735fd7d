/**
 * The push notifications setting against a local API server; the browser's `PushManager`
 * (which happy-dom does not have) is a small stand-in keeping one subscription.
 */
import { fireEvent, screen, waitFor } from '@testing-library/react';
import { afterEach, beforeEach, describe, expect, test } from 'vitest';
import { renderWithProviders, signedInApi } from '../shared/test/render.tsx';
import { PushSection } from './PushSection.tsx';

const api = signedInApi();
const PUBLIC_KEY = 'BPublicKeyOfTheServer';
const ENDPOINT = 'https://push.example/browser-1';

class StandInPushManager {
  current: { endpoint: string; toJSON(): unknown; unsubscribe(): Promise<boolean> } | null = null;
  subscribedWith: unknown;
  async getSubscription() {
    return this.current;
  }
  async subscribe(options: unknown) {
    this.subscribedWith = options;
    this.current = {
      endpoint: ENDPOINT,
      toJSON: () => ({ endpoint: ENDPOINT, keys: { p256dh: 'p256', auth: 'secret' } }),
      unsubscribe: async () => {
        this.current = null;
        return true;
      },
    };
    return this.current;
  }
}

let manager: StandInPushManager;
const stored: { id: number; endpoint: string; created_at: string }[] = [];

function serve(publicKey: string | null) {
  api.server.handle((request) => {
    if (request.method === 'GET') {
      return { status: 200, body: { public_key: publicKey, results: stored } };
    }
    if (request.method === 'POST') {
      const body = JSON.parse(request.body);
      stored.push({ id: 7, endpoint: body.endpoint, created_at: '2026-11-29T10:00:00Z' });
      return { status: 201, body: stored[0] };
    }
    stored.length = 0;
    return { status: 204 };
  });
}

beforeEach(() => {
  stored.length = 0;
  manager = new StandInPushManager();
  Object.assign(window, { PushManager: StandInPushManager });
  Object.defineProperty(navigator, 'serviceWorker', {
    configurable: true,
    value: { ready: Promise.resolve({ pushManager: manager }) },
  });
});
afterEach(() => {
  delete (window as { PushManager?: unknown }).PushManager;
  delete (navigator as { serviceWorker?: unknown }).serviceWorker;
});

describe('push notifications setting', () => {
  test('on subscribes this browser with the server key and stores it; off deletes it', async () => {
    serve(PUBLIC_KEY);
    renderWithProviders(<PushSection />);
    const box = await screen.findByRole<HTMLInputElement>('checkbox', {
      name: 'Send duel and friend requests to this browser when the app is closed',
    });
    expect(box.checked).toBe(false);

    fireEvent.click(box);
    await waitFor(() => expect(box.checked).toBe(true));
    expect(manager.subscribedWith).toEqual({
      userVisibleOnly: true,
      applicationServerKey: PUBLIC_KEY,
    });
    const posted = api.server
      .hits('/be/api/auth/push-subscriptions/')
      .find((r) => r.method === 'POST');
    expect(JSON.parse(posted?.body ?? '{}')).toEqual({
      endpoint: ENDPOINT,
      keys: { p256dh: 'p256', auth: 'secret' },
    });

    fireEvent.click(box);
    await waitFor(() => expect(box.checked).toBe(false));
    expect(api.server.hits('/be/api/auth/push-subscriptions/7/').map((r) => r.method)).toEqual([
      'DELETE',
    ]);
    expect(manager.current).toBeNull();
  });

  test('in Spanish', async () => {
    serve(PUBLIC_KEY);
    renderWithProviders(<PushSection />, { locale: 'es' });
    expect(await screen.findByRole('heading', { name: 'Notificaciones' })).toBeTruthy();
    expect(screen.getByRole('checkbox', { name: /Enviar las solicitudes de duelo/ })).toBeTruthy();
  });

  test('hidden when the server has no VAPID keys, or the browser no Push API', async () => {
    serve(null);
    const { container } = renderWithProviders(<PushSection />);
    await waitFor(() =>
      expect(api.server.hits('/be/api/auth/push-subscriptions/').length).toBeGreaterThan(0),
    );
    expect(container.textContent).toBe('');

    delete (window as { PushManager?: unknown }).PushManager;
    serve(PUBLIC_KEY);
    const other = renderWithProviders(<PushSection />);
    expect(other.container.textContent).toBe('');
  });
});
