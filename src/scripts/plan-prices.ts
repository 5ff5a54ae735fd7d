/**
 * The signed-out `/pricing` page's prices, read from the public `GET auth/subscription-plans/`
 * (the same answer the in-app pricing reads), so the page shows what the server charges rather
 * than a copy in the translations. The page renders each price as a placeholder (`aria-busy` on the
 * grid); this fills them in, or hides the grid and shows 'Error fetching plans' with Retry, as the
 * in-app pricing does.
 *
 * WHY plain `fetch` and not the `api` client: this is the page's only script besides the
 * `client:interaction` loader, and the static pages stay under 15 KB of gzipped JavaScript (issue 3);
 * the client's session middleware, which a public read does not need, would be most of that.
 */
import type { SubscriptionPlan } from '@memoria/api';
import { formatPlanPrice } from '@memoria/features/pricing/prices';

export const PLANS_URL = '/be/api/auth/subscription-plans/';

export type LoadPlans = () => Promise<SubscriptionPlan[]>;

/** `GET auth/subscription-plans/`; any answer but a 200 is a failure. */
export async function fetchPlans(): Promise<SubscriptionPlan[]> {
  const response = await fetch(PLANS_URL, { headers: { accept: 'application/json' } });
  if (!response.ok) throw new Error(`subscription plans: HTTP ${response.status}`);
  return (await response.json()) as SubscriptionPlan[];
}

/**
 * One attempt: placeholders (and the grid) shown, the plans read, each `[data-plan-price]` and
 * `[data-plan-currency]` filled from its plan; a failed read, or an answer without a plan the page
 * shows, hides the grid and shows `[data-plans-error]`. Texts the page words itself come from the
 * root's data attributes: `data-custom-price` (a null price), and the classes of a figure
 * (`data-figure-class`) and of a worded price (`data-text-class`).
 */
export async function showPlanPrices(root: HTMLElement, load: LoadPlans): Promise<void> {
  const grid = root.querySelector<HTMLElement>('[data-plans-grid]');
  const failure = root.querySelector<HTMLElement>('[data-plans-error]');
  if (!grid || !failure) return;
  failure.hidden = true;
  grid.hidden = false;
  grid.setAttribute('aria-busy', 'true');
  try {
    const plans = new Map((await load()).map((plan) => [plan.name as string, plan]));
    const planOf = (element: HTMLElement, key: 'planPrice' | 'planCurrency') => {
      const plan = plans.get(element.dataset[key] ?? '');
      if (!plan) throw new Error(`subscription plans: no plan ${element.dataset[key]}`);
      return plan;
    };
    const prices = [...root.querySelectorAll<HTMLElement>('[data-plan-price]')];
    const currencies = [...root.querySelectorAll<HTMLElement>('[data-plan-currency]')];
    // Every plan is looked up before anything is written: a missing one leaves no half-filled page.
    const filled = prices.map((element) => [element, planOf(element, 'planPrice')] as const);
    const units = currencies.map((element) => [element, planOf(element, 'planCurrency')] as const);
    for (const [element, plan] of filled) {
      const written = formatPlanPrice(plan.price);
      element.textContent = written ?? root.dataset.customPrice ?? '';
      element.className =
        (written === null ? root.dataset.textClass : root.dataset.figureClass) ?? '';
    }
    for (const [element, plan] of units) element.textContent = plan.currency;
  } catch (error) {
    console.error('[pricing] reading the plans failed:', error);
    grid.hidden = true;
    failure.hidden = false;
  } finally {
    grid.removeAttribute('aria-busy');
  }
}

/** Reads the prices now, and again each time `[data-plans-retry]` is pressed. */
export function startPlanPrices(root: HTMLElement, load: LoadPlans = fetchPlans): Promise<void> {
  root.querySelector('[data-plans-retry]')?.addEventListener('click', () => {
    void showPlanPrices(root, load);
  });
  return showPlanPrices(root, load);
}
