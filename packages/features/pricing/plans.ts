import type { AccountType, SubscriptionPlan } from '@memoria/api';

/** The pricing cards: the plans the API lists, except Enterprise+ (sold as Enterprise). */
export type PlanId = 'free' | 'standard' | 'enterprise';

/** How many `pricing.<plan>.featureN` lines the catalog has for each card. */
export const FEATURE_LINES: Record<PlanId, number> = { free: 3, standard: 5, enterprise: 6 };

/** The plans of `GET auth/subscription-plans/` that get a card, in the API's order. */
export function pricingCards(plans: SubscriptionPlan[]): (SubscriptionPlan & { name: PlanId })[] {
  return plans.filter(
    (plan): plan is SubscriptionPlan & { name: PlanId } => plan.name !== 'enterprise_plus',
  );
}

/**
 * A plan's price as Argentina writes it, where it is charged (spec §1: "6.999"); null is a custom
 * price, which the card words instead.
 */
export function formatPlanPrice(price: number | null): string | null {
  return price === null ? null : `$${new Intl.NumberFormat('es-AR').format(price)}`;
}

/** The pricing card that is the account's plan (Enterprise+ is sold as Enterprise). */
export function planOfAccount(accountType: AccountType | undefined): PlanId | null {
  if (accountType === undefined) return null;
  return accountType === 'enterprise_plus' ? 'enterprise' : accountType;
}

/** The cards in the order each includes the one before (Enterprise has all of Standard, §5). */
const PLAN_RANK: Record<PlanId, number> = { free: 0, standard: 1, enterprise: 2 };

/** Whether `plan` is below the account's own, so already included in it: nothing to buy there. */
export function isIncludedIn(plan: PlanId, current: PlanId | null): boolean {
  return current !== null && PLAN_RANK[plan] < PLAN_RANK[current];
}
