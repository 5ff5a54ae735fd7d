// @vitest-environment happy-dom
/**
 * The signed-out /pricing page's prices (src/scripts/plan-prices.ts) against a real HTTP server
 * answering `GET auth/subscription-plans/`: placeholders while the read is in flight, the API's
 * prices and currency once it answers, 'Error fetching plans' with Retry when it fails, and Retry
 * reading again. The markup is the one src/pages/pricing.astro and PlanCard.astro render.
 */
import { startTestServer, type TestServer } from '@memoria/api/test/http-server';
import { afterAll, afterEach, beforeAll, describe, expect, test, vi } from 'vitest';
import { PLANS_URL, startPlanPrices } from '../../src/scripts/plan-prices.ts';

let server: TestServer;
beforeAll(async () => {
  server = await startTestServer();
  (window as unknown as { happyDOM: { setURL(url: string): void } }).happyDOM.setURL(
    `${server.origin}/pricing`,
  );
});
afterAll(() => server?.close());
afterEach(() => {
  document.body.innerHTML = '';
  server.reset();
  vi.restoreAllMocks();
});

const plan = (name: string, price: number | null, currency = 'ARS') => ({
  id: 1,
  name,
  display_name: name,
  price,
  currency,
  billing_period: 'monthly',
  features: [],
  is_purchasable: name === 'standard',
});

function page() {
  document.body.innerHTML = `
    <section data-plans data-custom-price="Custom price" data-figure-class="figure" data-text-class="worded">
      <div role="alert" data-plans-error hidden><p>Error fetching plans</p><button type="button" data-plans-retry>Retry</button></div>
      <div data-plans-grid aria-busy="true">
        <article id="free"><p><span data-plan-price="free"><span aria-hidden="true"></span><span>Loading the price…</span></span></p></article>
        <article id="standard"><p><span data-plan-price="standard"><span aria-hidden="true"></span><span>Loading the price…</span></span></p>
          <p><span><span data-plan-currency="standard"></span> per month</span></p></article>
        <article id="enterprise"><p><span data-plan-price="enterprise"><span aria-hidden="true"></span><span>Loading the price…</span></span></p></article>
      </div>
    </section>`;
  const root = document.querySelector('[data-plans]') as HTMLElement;
  const grid = root.querySelector('[data-plans-grid]') as HTMLElement;
  const failure = root.querySelector('[data-plans-error]') as HTMLElement;
  const text = (id: string) =>
    root.querySelector(`#${id}`)?.textContent?.replace(/\s+/g, ' ').trim();
  return { root, grid, failure, text };
}

describe('the signed-out pricing page reads its prices from the API', () => {
  test('placeholders until the plans arrive, then the API’s prices and currency', async () => {
    let answer: (plans: object[]) => void = () => {};
    server.handle(
      () =>
        new Promise((resolve) => {
          answer = (plans) => resolve({ status: 200, body: plans });
        }),
    );
    const { root, grid, failure, text } = page();
    const done = startPlanPrices(root);
    await expect.poll(() => server.hits(PLANS_URL)).toHaveLength(1);
    expect(grid.getAttribute('aria-busy')).toBe('true');
    expect(text('standard')).toBe('Loading the price… per month');

    answer([plan('free', 0), plan('standard', 7499, 'USD'), plan('enterprise', null)]);
    await done;
    expect(grid.hasAttribute('aria-busy')).toBe(false);
    expect(failure.hidden).toBe(true);
    expect(text('free')).toBe('$0');
    expect(text('standard')).toBe('$7.499 USD per month');
    expect(text('enterprise')).toBe('Custom price');
    expect(root.querySelector('[data-plan-price="standard"]')?.className).toBe('figure');
    expect(root.querySelector('[data-plan-price="enterprise"]')?.className).toBe('worded');
  });

  test("a failed read shows 'Error fetching plans'; Retry reads again and shows the prices", async () => {
    vi.spyOn(console, 'error').mockImplementation(() => {});
    server.handle(() => ({ status: 503, body: { detail: 'down', code: 'unavailable' } }));
    const { root, grid, failure, text } = page();
    await startPlanPrices(root);
    expect(failure.hidden).toBe(false);
    expect(grid.hidden).toBe(true);
    expect(grid.hasAttribute('aria-busy')).toBe(false);

    server.handle(() => ({
      status: 200,
      body: [plan('free', 0), plan('standard', 6999), plan('enterprise', null)],
    }));
    (root.querySelector('[data-plans-retry]') as HTMLButtonElement).click();
    await expect.poll(() => text('standard')).toBe('$6.999 ARS per month');
    expect(failure.hidden).toBe(true);
    expect(grid.hidden).toBe(false);
    expect(server.hits(PLANS_URL)).toHaveLength(2);
  });

  test('an answer without a plan the page shows is a failure, and nothing is half filled', async () => {
    vi.spyOn(console, 'error').mockImplementation(() => {});
    server.handle(() => ({ status: 200, body: [plan('free', 0), plan('standard', 6999)] }));
    const { root, grid, failure, text } = page();
    await startPlanPrices(root);
    expect(failure.hidden).toBe(false);
    expect(grid.hidden).toBe(true);
    expect(text('free')).toBe('Loading the price…');
  });
});
