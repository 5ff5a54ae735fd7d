import type { Context } from 'hono';
import type { Handler, OperationId } from '../contract/types.ts';
import { allows, FEATURE_NAMES, type Feature } from '../domain/subscriptions/entitlements.ts';
import type { AppEnv } from './context.ts';
import { currentUser } from './current-user.ts';
import { ApiError } from './errors.ts';

/** Throws 403 `plan_required` (naming the feature) unless the signed-in user's plan allows it. */
export function assertFeature(c: Context<AppEnv>, feature: Feature): void {
  const user = currentUser(c);
  if (!allows(user.accountType, feature)) {
    throw new ApiError(
      403,
      'plan_required',
      `${FEATURE_NAMES[feature]} is not included in your plan. Upgrade to use it.`,
      { feature },
    );
  }
}

/**
 * Wraps an operation handler so that it runs only for plans that include `feature`:
 * `listDuels: requireFeature('duels')(async (c) => …)`.
 */
export function requireFeature(feature: Feature) {
  return <K extends OperationId>(handler: Handler<K>): Handler<K> =>
    (c, input) => {
      assertFeature(c, feature);
      return handler(c, input);
    };
}
