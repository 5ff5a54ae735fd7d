/** The plans and their prices (product-spec §1, §9), for the pricing pages. */
import type { Handlers, Schemas } from '../../contract/types.ts';
import { featuresOf } from '../../domain/subscriptions/entitlements.ts';
import { PURCHASABLE_PLANS } from '../../domain/subscriptions/subscriptions.ts';

const standard = PURCHASABLE_PLANS.standard;

export const PLANS: Schemas['SubscriptionPlan'][] = [
  {
    id: 1,
    name: 'free',
    display_name: 'Free',
    price: 0,
    currency: standard.currency,
    billing_period: 'none',
    features: featuresOf('free'),
    is_purchasable: false,
  },
  {
    id: 2,
    name: 'standard',
    display_name: standard.displayName,
    price: standard.amount,
    currency: standard.currency,
    billing_period: 'monthly',
    features: featuresOf('standard'),
    is_purchasable: true,
  },
  {
    id: 3,
    name: 'enterprise',
    display_name: 'Enterprise',
    price: null,
    currency: standard.currency,
    billing_period: 'custom',
    features: featuresOf('enterprise'),
    is_purchasable: false,
  },
  {
    id: 4,
    name: 'enterprise_plus',
    display_name: 'Enterprise+',
    price: null,
    currency: standard.currency,
    billing_period: 'custom',
    features: featuresOf('enterprise_plus'),
    is_purchasable: false,
  },
];

export const handlers: Handlers = {
  listSubscriptionPlans(c) {
    return c.json(PLANS, 200);
  },
};
