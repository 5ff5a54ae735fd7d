import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createApp } from '../app.ts';
import { users } from '../db/schema.ts';
import { allows, featuresOf } from '../domain/subscriptions/entitlements.ts';
import { allHandlers } from '../routes/index.ts';
import { createTestBackend, type TestBackend } from '../test/harness.ts';
import { requireFeature } from './entitlements.ts';

let t: TestBackend;
beforeAll(async () => {
  t = await createTestBackend();
});
afterAll(async () => {
  await t?.close();
});

describe('plan entitlements', () => {
  it('free may use only spaced repetition, decks and cards; paid plans everything', () => {
    expect(allows('free', 'space_repetition')).toBe(true);
    expect(allows('free', 'create_cards')).toBe(true);
    expect(allows('free', 'duels')).toBe(false);
    expect(allows('free', 'macro_images')).toBe(false);
    for (const plan of ['standard', 'enterprise', 'enterprise_plus'] as const) {
      expect(allows(plan, 'duels')).toBe(true);
      expect(featuresOf(plan)).toHaveLength(12);
    }
  });

  it('requireFeature answers 403 plan_required naming the feature, then lets paid plans in', async () => {
    // getMe stands in for a gated operation: same auth path, a handler wrapped by the helper.
    const app = createApp(t.deps, {
      handlers: {
        ...allHandlers(),
        getMe: requireFeature('duels')((c) => c.json({ gated: 'passed' }, 200)),
      },
    });
    const { access, user } = await t.signUp();
    const headers = { authorization: `Bearer ${access}` };
    const denied = await app.request('/be/api/auth/users/me/', { headers });
    expect(denied.status).toBe(403);
    expect(await denied.json()).toEqual({
      detail: 'Duels is not included in your plan. Upgrade to use it.',
      code: 'plan_required',
      feature: 'duels',
    });
    await t.database.db.update(users).set({ accountType: 'standard' }).where(eq(users.id, user.id));
    const allowed = await app.request('/be/api/auth/users/me/', { headers });
    expect(allowed.status).toBe(200);
    expect(await allowed.json()).toEqual({ gated: 'passed' });
  });
});
