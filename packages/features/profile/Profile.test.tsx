import { fireEvent, screen, waitFor, within } from '@testing-library/react';
import { describe, expect, test } from 'vitest';
import { renderWithProviders, signedInApi } from '../shared/test/render.tsx';
import { Profile } from './Profile.tsx';

const signedIn = signedInApi();
const me = {
  id: 3,
  email: 'ana@example.com',
  username: 'ana',
  first_name: 'Ana',
  last_name: 'García',
  account_type: 'standard',
  role: null,
  timezone: 'UTC',
  date_joined: '2026-01-01T00:00:00Z',
};
const active = {
  has_active_subscription: true,
  account_type: 'standard',
  subscription_id: 7,
  plan_name: 'standard',
  status: 'active',
  end_date: '2026-12-23T22:00:00Z',
  next_billing_date: '2026-12-23T22:00:00Z',
  access_until: '2026-12-23T22:00:00Z',
  can_cancel: true,
  can_renew: false,
  failure_reason: null,
  checkout_url: null,
  plan_source: 'subscription',
  plan_invited_by: null,
};

const subscription = {
  id: 7,
  plan_name: 'standard',
  status: 'active',
  failure_reason: null,
  checkout_url: null,
  start_date: '2026-11-23T22:00:00Z',
  end_date: '2026-12-23T22:00:00Z',
  next_billing_date: '2026-12-23T22:00:00Z',
  cancelled_at: null,
  amount: 6999,
  currency: 'ARS',
  provider: 'sandbox',
  created_at: '2026-11-23T21:58:00Z',
  updated_at: '2026-11-23T22:00:00Z',
};

/** `/profile`'s API; `list` answers `GET auth/subscriptions/` (a number: that error status). */
function api(
  cancelStatus: number,
  status: object = active,
  options: { list?: object[] | number; createStatus?: number } = {},
) {
  let cancelled = false;
  const { list = [subscription], createStatus = 201 } = options;
  signedIn.server.handle((request) => {
    const path = request.path;
    if (path.startsWith('/be/api/auth/users/me/')) return { status: 200, body: me };
    if (path === `/be/api/auth/users/${me.id}/` && request.method === 'PATCH') {
      const body = JSON.parse(request.body);
      return body.username === 'bo'
        ? {
            status: 400,
            body: {
              detail: 'x',
              code: 'validation_error',
              fields: { username: ['A user with this username already exists.'] },
              field_codes: { username: ['username_taken'] },
            },
          }
        : { status: 200, body: { ...me, ...body } };
    }
    if (path === '/be/api/auth/subscriptions/') {
      return typeof list === 'number'
        ? { status: list, body: { detail: 'x', code: 'unavailable' } }
        : { status: 200, body: list };
    }
    if (path.startsWith('/be/api/auth/subscriptions/create_subscription/')) {
      return createStatus === 201
        ? {
            status: 201,
            body: {
              subscription: { ...subscription, id: 8, status: 'pending' },
              checkout_url: '/pay/8',
            },
          }
        : { status: createStatus, body: { detail: 'x', code: 'unavailable' } };
    }
    if (path.startsWith('/be/api/auth/subscriptions/get_subscription_status/')) {
      const body = cancelled
        ? {
            ...active,
            status: 'cancelled',
            next_billing_date: null,
            can_cancel: false,
            can_renew: true,
          }
        : status;
      return { status: 200, body };
    }
    if (path.startsWith('/be/api/auth/subscriptions/7/payment_history/')) {
      return {
        status: 200,
        body: [
          {
            id: 1,
            subscription_id: 7,
            amount: 6999,
            currency: 'ARS',
            status: 'approved',
            provider: 'sandbox',
            provider_payment_id: 'sbx_pay_1',
            paid_at: '2026-11-23T22:00:00Z',
            created_at: '2026-11-23T22:00:00Z',
          },
        ],
      };
    }
    if (path.startsWith('/be/api/auth/subscriptions/7/cancel_subscription/')) {
      if (cancelStatus !== 200)
        return { status: cancelStatus, body: { detail: 'x', code: 'unavailable' } };
      cancelled = true;
      return { status: 200, body: { id: 7, end_date: active.end_date, status: 'cancelled' } };
    }
    return { status: 404, body: { detail: 'Not found', code: 'not_found' } };
  });
}

describe('profile', () => {
  test('shows the plan, dates and payments; cancel is confirmed, then renew is offered', async () => {
    api(200);
    renderWithProviders(<Profile />);
    expect(await screen.findByText('Active')).toBeTruthy();
    expect(((await screen.findByLabelText('Username')) as HTMLInputElement).value).toBe('ana');
    expect(await screen.findByText('Approved')).toBeTruthy();
    expect(screen.getAllByText('December 23, 2026').length).toBeGreaterThan(0);

    fireEvent.click(screen.getByRole('button', { name: 'Cancel subscription' }));
    const dialog = await screen.findByRole('dialog');
    expect(within(dialog).getByText(/This cannot be undone/)).toBeTruthy();
    fireEvent.click(within(dialog).getByRole('button', { name: 'Cancel subscription' }));
    const done = await screen.findByText(/Subscription cancelled/);
    expect(done.textContent).toContain('December 23, 2026');
    expect(signedIn.server.hits('/be/api/auth/subscriptions/7/cancel_subscription/')).toHaveLength(
      1,
    );
    expect(await screen.findByRole('button', { name: 'Renew subscription' })).toBeTruthy();
  });

  test("back from the checkout: the spec's confirmation once, and the address cleaned", async () => {
    api(200);
    window.history.replaceState(null, '', '/profile?checkout=done');
    const first = renderWithProviders(<Profile />);
    expect(
      await screen.findByText('Payment success: check your email to confirm the account.'),
    ).toBeTruthy();
    expect(window.location.pathname + window.location.search).toBe('/profile');
    first.unmount();
    // A reload of the cleaned address (or the page opened later) says nothing.
    renderWithProviders(<Profile />, { locale: 'es' });
    expect(await screen.findByText('Activa')).toBeTruthy();
    expect(screen.queryByText(/Pago realizado con éxito/)).toBeNull();
  });

  test('back from the checkout before the payment is confirmed: no confirmation yet', async () => {
    api(200, { ...active, status: 'pending', has_active_subscription: false, can_cancel: false });
    window.history.replaceState(null, '', '/profile?checkout=done');
    renderWithProviders(<Profile />, { locale: 'es' });
    expect(await screen.findByText('Esperando el pago')).toBeTruthy();
    expect(screen.queryByText(/Pago realizado con éxito/)).toBeNull();
    expect(window.location.search).toBe('');
  });

  test("says the spec's error when the cancel fails, in Spanish", async () => {
    api(503);
    renderWithProviders(<Profile />, { locale: 'es' });
    fireEvent.click(await screen.findByRole('button', { name: 'Cancelar suscripción' }));
    const dialog = await screen.findByRole('dialog');
    fireEvent.click(within(dialog).getByRole('button', { name: 'Cancelar suscripción' }));
    expect(await screen.findByText('Error al cancelar la suscripción')).toBeTruthy();
    await waitFor(() => expect(screen.queryByRole('dialog')).toBeNull());
  });

  test('says why a declined payment left the account free, in English and Spanish', async () => {
    const declined = {
      ...active,
      has_active_subscription: false,
      account_type: 'free',
      status: 'failed',
      end_date: null,
      next_billing_date: null,
      access_until: null,
      can_cancel: false,
      can_renew: true,
      failure_reason: 'payment_rejected',
    };
    api(200, declined);
    const { unmount } = renderWithProviders(<Profile />);
    expect(await screen.findByText('Payment failed')).toBeTruthy();
    expect(
      await screen.findByText('The payment was declined. Your account stays on the free plan.'),
    ).toBeTruthy();
    expect(screen.queryByRole('button', { name: 'Cancel subscription' })).toBeNull();
    unmount();
    renderWithProviders(<Profile />, { locale: 'es' });
    expect(
      await screen.findByText('El pago fue rechazado. Tu cuenta sigue en el plan gratuito.'),
    ).toBeTruthy();
  });

  test('a pending subscription links to its checkout to continue the payment', async () => {
    const checkout = 'https://pay.example/checkout/7';
    api(200, {
      ...active,
      has_active_subscription: false,
      account_type: 'free',
      status: 'pending',
      end_date: null,
      next_billing_date: null,
      access_until: null,
      can_cancel: false,
      checkout_url: checkout,
    });
    renderWithProviders(<Profile />);
    const link = await screen.findByRole('link', { name: 'Continue payment' });
    expect(link.getAttribute('href')).toBe(checkout);
    expect(link.getAttribute('target')).toBe('_blank');
    expect(screen.getByText('Waiting for payment')).toBeTruthy();
  });

  test('no Continue payment link once the subscription is active', async () => {
    api(200);
    renderWithProviders(<Profile />);
    expect(await screen.findByText('Active')).toBeTruthy();
    expect(screen.queryByRole('link', { name: 'Continue payment' })).toBeNull();
  });

  test('lists every subscription with its status, dates and payments', async () => {
    const earlier = {
      ...subscription,
      id: 4,
      status: 'expired',
      start_date: '2026-06-01T10:00:00Z',
      end_date: '2026-07-01T10:00:00Z',
      next_billing_date: null,
      cancelled_at: '2026-06-10T10:00:00Z',
      created_at: '2026-06-01T10:00:00Z',
    };
    api(200, active, { list: [subscription, earlier] });
    renderWithProviders(<Profile />);
    const current = await screen.findByRole('listitem', { name: 'Standard · Active' });
    const old = screen.getByRole('listitem', { name: 'Standard · Expired' });
    expect(within(current).getAllByText('November 23, 2026')).toHaveLength(2); // bought, started
    expect(within(old).getByText('June 10, 2026')).toBeTruthy(); // cancelled on
    expect(within(old).getByText('July 1, 2026')).toBeTruthy(); // access until
    expect(await within(current).findByText('Approved')).toBeTruthy();
    expect(signedIn.server.hits('/be/api/auth/subscriptions/4/payment_history/')).toHaveLength(1);
  });

  test('an Enterprise plan says where it comes from, not "no subscription" (issue 40)', async () => {
    const enterprise = {
      ...active,
      has_active_subscription: false,
      account_type: 'enterprise',
      subscription_id: null,
      plan_name: null,
      status: null,
      end_date: null,
      next_billing_date: null,
      access_until: null,
      can_cancel: false,
    };
    api(200, { ...enterprise, plan_source: 'invitation', plan_invited_by: 'owner' }, { list: [] });
    const first = renderWithProviders(<Profile />);
    expect(
      await screen.findByText('Your plan: Enterprise, from an invitation by owner.'),
    ).toBeTruthy();
    expect(screen.queryByText(/You have no subscription/)).toBeNull();
    first.unmount();

    api(200, { ...enterprise, plan_source: 'account', plan_invited_by: null }, { list: [] });
    renderWithProviders(<Profile />, { locale: 'es' });
    expect(
      await screen.findByText('Tu plan: Enterprise, de la cuenta de tu organización.'),
    ).toBeTruthy();
    expect(screen.queryByText(/No tenés suscripción|No tienes suscripción/)).toBeNull();
  });

  test('no subscription yet: says so', async () => {
    api(200, active, { list: [] });
    renderWithProviders(<Profile />);
    expect(await screen.findByText(/No subscriptions yet/)).toBeTruthy();
  });

  test("a failed list read says the spec's error with Retry, in English and Spanish", async () => {
    api(200, active, { list: 503 });
    const { unmount } = renderWithProviders(<Profile />);
    expect(await screen.findByText('Error fetching subscriptions')).toBeTruthy();
    unmount();
    api(200, active, { list: 503 });
    renderWithProviders(<Profile />, { locale: 'es' });
    const alert = (await screen.findByText('Error al obtener las suscripciones')).closest(
      '[role="alert"]',
    ) as HTMLElement;
    api(200, active, { list: [subscription] });
    fireEvent.click(within(alert).getByRole('button', { name: 'Reintentar' }));
    expect(await screen.findByRole('listitem', { name: 'Standard · Activa' })).toBeTruthy();
  });

  test("renew creates a subscription; its failure says 'Error creating subscription'", async () => {
    const cancelledStatus = {
      ...active,
      status: 'cancelled',
      next_billing_date: null,
      can_cancel: false,
      can_renew: true,
    };
    api(200, cancelledStatus, { createStatus: 503 });
    const { unmount } = renderWithProviders(<Profile openUrl={() => {}} />);
    fireEvent.click(await screen.findByRole('button', { name: 'Renew subscription' }));
    let dialog = await screen.findByRole('dialog');
    fireEvent.click(within(dialog).getByRole('button', { name: 'Confirm' }));
    expect(await within(dialog).findByText('Error creating subscription')).toBeTruthy();
    expect(within(dialog).queryByText(/Error processing payment/)).toBeNull();
    unmount();

    const opened: string[] = [];
    api(200, cancelledStatus);
    renderWithProviders(<Profile openUrl={(url) => opened.push(url)} />, { locale: 'es' });
    fireEvent.click(await screen.findByRole('button', { name: 'Renovar suscripción' }));
    dialog = await screen.findByRole('dialog');
    fireEvent.click(within(dialog).getByRole('button', { name: 'Confirmar' }));
    await waitFor(() => expect(opened).toEqual(['/pay/8']));
    const [create] = signedIn.server.hits('/be/api/auth/subscriptions/create_subscription/');
    expect(JSON.parse(create?.body ?? '')).toEqual({ plan_name: 'standard' });
  });

  test('edits the name and username; a taken username is said under its field', async () => {
    api(200);
    renderWithProviders(<Profile />);
    const username = (await screen.findByLabelText('Username')) as HTMLInputElement;
    await waitFor(() => expect(username.value).toBe('ana'));
    fireEvent.change(username, { target: { value: 'ana_g' } });
    fireEvent.change(screen.getByLabelText('First name'), { target: { value: 'Anita' } });
    fireEvent.click(screen.getByRole('button', { name: 'Save changes' }));
    expect(await screen.findByText('Your account details were saved.')).toBeTruthy();
    const [saved] = signedIn.server.hits(`/be/api/auth/users/${me.id}/`);
    expect(JSON.parse(saved?.body ?? '')).toEqual({
      username: 'ana_g',
      first_name: 'Anita',
      last_name: 'García',
    });

    fireEvent.change(username, { target: { value: 'bo' } });
    fireEvent.click(screen.getByRole('button', { name: 'Save changes' }));
    expect(await screen.findByText('A user with this username already exists.')).toBeTruthy();
  });
});
