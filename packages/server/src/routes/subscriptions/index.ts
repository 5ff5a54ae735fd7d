/**
 * Plans, subscriptions and payments (`tags: [subscriptions]`): plans, purchase and its states, the
 * provider's webhook, the sandbox's checkout page, contact sales and the test-only clock.
 */
import type { Handlers } from '../../contract/types.ts';
import { handlers as clock } from './clock.ts';
import { handlers as plans } from './plans.ts';
import { handlers as purchase } from './purchase.ts';
import { handlers as sales } from './sales.ts';
import { handlers as sandbox } from './sandbox.ts';
import { handlers as webhook } from './webhook.ts';

export const handlers: Handlers = {
  ...plans,
  ...purchase,
  ...webhook,
  ...sandbox,
  ...sales,
  ...clock,
};
