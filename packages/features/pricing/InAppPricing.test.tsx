import type { RecordedRequest, Reply } from '@memoria/api/test/http-server';
import { fireEvent, screen, waitFor, within } from '@testing-library/react';
import { describe, expect, test, vi } from 'vitest';
import { renderWithProviders, signedInApi } from '../shared/test/render.tsx';
import { subscriptionPlans } from '../shared/test/storyData.ts';
import { InAppPricing } from './InAppPricing.tsx';

const signedIn = signedInApi();
const info = (account_type: string) => ({
  account_type,
  role: 'student',
  is_paid: account_type !== 'free',
  features: ['space_repetition', 'create_decks', 'create_cards'],
  subscription_end_date: null,
});
const subscription = {
  id: 7,
  plan: { id: 2, name: 'standard', price: 6999, currency: 'ARS' },
  status: 'pending',
};

/**
 * account_info answers `plan`; create_subscription answers `purchase`; subscription-plans answers
 * `plans` (the server's four by default).
 */
function api(
  plan: string,
  purchase: (request: RecordedRequest) => Reply,
  plans: () => Reply | Promise<Reply> = () => ({ status: 200, body: subscriptionPlans }),
  contact?: () => Reply,
) {
  signedIn.server.handle((request) => {
    if (request.path.startsWith('/be/api/auth/subscription-plans/')) return plans();
    if (request.path.startsWith('/be/api/auth/users/account_info/')) {
      return { status: 200, body: info(plan) };
    }
    if (request.path.startsWith('/be/api/auth/subscriptions/create_subscription/')) {
      return purchase(request);
    }
    if (request.path.startsWith('/be/api/auth/contact-sales/') && contact) return contact();
    if (request.path.startsWith('/be/api/auth/contact-sales/')) {
      const body = JSON.parse(request.body || '{}') as { email?: string };
      return body.email?.includes('@')
        ? { status: 201, body: { id: 1, received: true } }
        : {
            status: 400,
            body: {
              detail: 'email: Enter a valid email address.',
              code: 'validation_error',
              fields: { email: ['Enter a valid email address.'] },
              field_codes: { email: ['invalid_email'] },
            },
          };
    }
    return { status: 404, body: { detail: 'Not found', code: 'not_found' } };
  });
}

async function confirmPurchase(openUrl = vi.fn<(url: string) => void>(), locale?: 'es') {
  renderWithProviders(<InAppPricing openUrl={openUrl} />, { locale });
  fireEvent.click(
    await screen.findByRole('button', { name: locale === 'es' ? 'Comprar ahora' : 'Buy now' }),
  );
  const dialog = await screen.findByRole('dialog');
  expect(within(dialog).getByText('Standard')).toBeTruthy();
  fireEvent.click(
    within(dialog).getByRole('button', { name: locale === 'es' ? 'Confirmar' : 'Confirm' }),
  );
  return { openUrl, dialog };
}

describe('in-app pricing: current plan', () => {
  test('an Enterprise account is offered no Standard: it is included in its plan (issue 40)', async () => {
    for (const plan of ['enterprise', 'enterprise_plus']) {
      api(plan, () => ({ status: 500 }));
      const { unmount } = renderWithProviders(<InAppPricing />);
      const enterprise = await screen.findByRole('article', { name: 'Enterprise' });
      await waitFor(() => expect(within(enterprise).getByText('Current plan')).toBeTruthy());
      const standard = screen.getByRole('article', { name: 'Standard' });
      expect(within(standard).getByText('Included in your plan')).toBeTruthy();
      expect(screen.queryByRole('button', { name: 'Buy now' })).toBeNull();
      expect(screen.queryByRole('button', { name: 'Contact sales' })).toBeNull();
      unmount();
    }
  });

  test('marks the account plan from account info; a Standard user has no Buy now', async () => {
    api('standard', () => ({ status: 500 }));
    renderWithProviders(<InAppPricing />);
    const standard = await screen.findByRole('article', { name: 'Standard' });
    await waitFor(() => expect(within(standard).getByText('Current plan')).toBeTruthy());
    expect(screen.queryByRole('button', { name: 'Buy now' })).toBeNull();
    expect(screen.getByRole('button', { name: 'Contact sales' })).toBeTruthy();
  });

  test('a free user sees Free marked and Buy now on Standard', async () => {
    api('free', () => ({ status: 500 }));
    renderWithProviders(<InAppPricing />);
    const free = await screen.findByRole('article', { name: 'Free' });
    await waitFor(() => expect(within(free).getByText('Current plan')).toBeTruthy());
    expect(screen.getByRole('button', { name: 'Buy now' })).toBeTruthy();
  });
});

describe('plans from GET auth/subscription-plans/', () => {
  test("the API's plans and prices: three cards (Enterprise+ is sold as Enterprise)", async () => {
    const cheaper = subscriptionPlans.map((plan) =>
      plan.name === 'standard' ? { ...plan, price: 12500, currency: 'USD' } : plan,
    );
    api(
      'free',
      () => ({ status: 500 }),
      () => ({ status: 200, body: cheaper }),
    );
    renderWithProviders(<InAppPricing />);
    const standard = await screen.findByRole('article', { name: 'Standard' });
    expect(within(standard).getByText('$12.500')).toBeTruthy();
    expect(within(standard).getByText('USD per month')).toBeTruthy();
    expect(within(screen.getByRole('article', { name: 'Free' })).getByText('$0')).toBeTruthy();
    const enterprise = screen.getByRole('article', { name: 'Enterprise' });
    expect(within(enterprise).getByText('Custom price')).toBeTruthy();
    expect(
      screen.getAllByRole('article').map((card) => card.getAttribute('aria-labelledby')),
    ).toEqual(['pricing-plan-free', 'pricing-plan-standard', 'pricing-plan-enterprise']);
    expect(signedIn.server.hits('/be/api/auth/subscription-plans/')).toHaveLength(1);
  });

  test('while the plans load: a busy list without cards', async () => {
    let answer: (reply: Reply) => void = () => {};
    const later = new Promise<Reply>((resolve) => {
      answer = resolve;
    });
    api(
      'free',
      () => ({ status: 500 }),
      () => later,
    );
    renderWithProviders(<InAppPricing />);
    const list = screen.getByRole('list', { name: 'Plans' });
    expect(list.getAttribute('aria-busy')).toBe('true');
    expect(screen.queryByRole('article')).toBeNull();
    answer({ status: 200, body: subscriptionPlans });
    expect(await screen.findByRole('article', { name: 'Standard' })).toBeTruthy();
    expect(list.getAttribute('aria-busy')).toBe('false');
  });

  test("a failed call: 'Error fetching plans' and Retry, which reads them again", async () => {
    let failing = true;
    api(
      'free',
      () => ({ status: 500 }),
      () =>
        failing
          ? { status: 503, body: { detail: 'Service unavailable', code: 'unavailable' } }
          : { status: 200, body: subscriptionPlans },
    );
    renderWithProviders(<InAppPricing />);
    const alert = await screen.findByRole('alert');
    expect(alert.textContent).toContain('Error fetching plans');
    expect(screen.queryByRole('article')).toBeNull();
    failing = false;
    fireEvent.click(within(alert).getByRole('button', { name: 'Retry' }));
    expect(await screen.findByRole('article', { name: 'Standard' })).toBeTruthy();
  });

  test('the failure in Spanish', async () => {
    api(
      'free',
      () => ({ status: 500 }),
      () => ({ status: 500 }),
    );
    renderWithProviders(<InAppPricing />, { locale: 'es' });
    const alert = await screen.findByRole('alert');
    expect(alert.textContent).toContain('Error al obtener los planes');
    expect(within(alert).getByRole('button', { name: 'Reintentar' })).toBeTruthy();
  });
});

describe('Standard purchase (§4, §8)', () => {
  test('checkout URL: opens it in a new tab, closes the confirmation, says it is redirecting', async () => {
    api('free', () => ({
      status: 201,
      body: { subscription, checkout_url: 'https://pay.example/checkout/7' },
    }));
    const { openUrl } = await confirmPurchase();
    await waitFor(() => expect(openUrl).toHaveBeenCalledWith('https://pay.example/checkout/7'));
    expect(
      await screen.findByText('Redirecting to Mercado Pago to complete your payment...'),
    ).toBeTruthy();
    expect(screen.queryByRole('dialog')).toBeNull();
    const [call] = signedIn.server.hits('/be/api/auth/subscriptions/create_subscription/');
    expect(call?.method).toBe('POST');
    expect(JSON.parse(call?.body ?? '{}')).toEqual({ plan_name: 'standard' });
  });

  test('no checkout URL: the payment error, the confirmation stays open', async () => {
    api('free', () => ({ status: 201, body: { subscription, checkout_url: null } }));
    const { openUrl, dialog } = await confirmPurchase();
    expect((await within(dialog).findByRole('alert')).textContent).toBe(
      'Error processing payment. Please try again.',
    );
    expect(openUrl).not.toHaveBeenCalled();
    expect(screen.getByRole('dialog')).toBe(dialog);
  });

  test('a second purchase while subscribed: the refusal says why, not the payment error', async () => {
    api('free', () => ({
      status: 409,
      body: {
        detail: 'You already have an active subscription.',
        code: 'conflict',
        fields: { plan_name: ['You already have an active subscription.'] },
        field_codes: { plan_name: ['already_subscribed'] },
      },
    }));
    const { openUrl, dialog } = await confirmPurchase();
    expect((await within(dialog).findByRole('alert')).textContent).toBe(
      'You already have an active subscription.',
    );
    expect(openUrl).not.toHaveBeenCalled();
  });

  test('failure (501 today): the payment error, in Spanish too', async () => {
    api('free', () => ({
      status: 501,
      body: { detail: 'Not implemented', code: 'not_implemented' },
    }));
    const { openUrl, dialog } = await confirmPurchase(undefined, 'es');
    expect((await within(dialog).findByRole('alert')).textContent).toBe(
      'Error al procesar el pago. Por favor, inténtalo de nuevo.',
    );
    expect(openUrl).not.toHaveBeenCalled();
    expect(signedIn.server.hits('/be/api/auth/subscriptions/create_subscription/')).toHaveLength(1);
  });

  test('Cancel closes the confirmation without a call', async () => {
    api('free', () => ({ status: 500 }));
    renderWithProviders(<InAppPricing />);
    fireEvent.click(await screen.findByRole('button', { name: 'Buy now' }));
    const dialog = await screen.findByRole('dialog');
    fireEvent.click(within(dialog).getByRole('button', { name: 'Cancel' }));
    await waitFor(() => expect(screen.queryByRole('dialog')).toBeNull());
    expect(signedIn.server.hits('/be/api/auth/subscriptions/')).toHaveLength(0);
  });
});

describe('Contact Sales (§4, issue 14)', () => {
  const fields = {
    Name: 'Ana García',
    Email: 'ana@school.example',
    Phone: '+54 11 5555 0000',
    'Company or institution': 'Colegio Norte',
    Message: 'We have 300 students.',
  };
  const fill = (dialog: HTMLElement, values: Record<string, string>, send = 'Send Message') => {
    for (const [label, value] of Object.entries(values)) {
      fireEvent.change(within(dialog).getByLabelText(label), { target: { value } });
    }
    fireEvent.click(within(dialog).getByRole('button', { name: send }));
  };

  test('Send Message stores the message, shows a thank-you, clears and closes the form', async () => {
    api('free', () => ({ status: 500 }));
    renderWithProviders(<InAppPricing />);
    const open = () => fireEvent.click(screen.getByRole('button', { name: 'Contact sales' }));
    await screen.findByRole('button', { name: 'Contact sales' });
    open();
    fill(await screen.findByRole('dialog'), fields);

    expect(
      await screen.findByText('Thank you! Our sales team will contact you soon.'),
    ).toBeTruthy();
    await waitFor(() => expect(screen.queryByRole('dialog')).toBeNull());
    const [sent] = signedIn.server.hits('/be/api/auth/contact-sales/');
    expect(JSON.parse(sent?.body ?? '{}')).toEqual({
      name: 'Ana García',
      email: 'ana@school.example',
      phone: '+54 11 5555 0000',
      company: 'Colegio Norte',
      message: 'We have 300 students.',
    });

    open();
    const reopened = await screen.findByRole('dialog');
    for (const label of Object.keys(fields)) {
      expect((within(reopened).getByLabelText(label) as HTMLInputElement).value).toBe('');
    }
  });

  test('a failed send says so with Retry, which sends the kept form again', async () => {
    let down = true;
    api(
      'free',
      () => ({ status: 500 }),
      undefined,
      () =>
        down
          ? { status: 503, body: { detail: 'Service unavailable', code: 'unavailable' } }
          : { status: 201, body: { id: 1, received: true } },
    );
    renderWithProviders(<InAppPricing />);
    fireEvent.click(await screen.findByRole('button', { name: 'Contact sales' }));
    const dialog = await screen.findByRole('dialog');
    fill(dialog, fields);
    const alert = await within(dialog).findByRole('alert');
    expect(alert.textContent).toContain('This service is not available right now.');
    expect((within(dialog).getByLabelText('Email') as HTMLInputElement).value).toBe(
      'ana@school.example',
    );
    down = false;
    fireEvent.click(within(alert).getByRole('button', { name: 'Retry' }));
    expect(
      await screen.findByText('Thank you! Our sales team will contact you soon.'),
    ).toBeTruthy();
    const hits = signedIn.server.hits('/be/api/auth/contact-sales/');
    expect(hits).toHaveLength(2);
    expect(hits[1]?.body).toBe(hits[0]?.body);
  });

  test("shows the server's field error under its field and keeps the form open", async () => {
    api('free', () => ({ status: 500 }));
    renderWithProviders(<InAppPricing />, { locale: 'es' });
    fireEvent.click(await screen.findByRole('button', { name: 'Contactar a ventas' }));
    const dialog = await screen.findByRole('dialog');
    fill(
      dialog,
      { Nombre: 'Ana', 'Correo electrónico': 'nope', Mensaje: 'Hola' },
      'Enviar mensaje',
    );
    await waitFor(() =>
      expect(within(dialog).getByLabelText('Correo electrónico').getAttribute('aria-invalid')).toBe(
        'true',
      ),
    );
    expect(screen.getByRole('dialog')).toBeTruthy();
    expect(screen.queryByText(/Gracias/)).toBeNull();
  });
});
