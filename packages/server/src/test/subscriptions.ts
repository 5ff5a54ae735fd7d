/** Shared set-up of the subscription tests: the sandbox delivering into the app, a movable clock. */
import { createClock } from '../clock.ts';
import {
  createSandboxProvider,
  type Deliver,
  signNotification,
} from '../providers/payments/sandbox.ts';
import type { TestBackend } from './harness.ts';

export const SUBS = '/be/api/auth/subscriptions';
export const DAY = 24 * 60 * 60;

type User = Awaited<ReturnType<TestBackend['signUp']>>;

/**
 * Gives the backend a sandbox whose webhook calls go into the app in-process (the URL it calls is
 * the product's own webhook; `intercept` may hold them back) and a clock tests may move.
 */
export function useSandbox(
  t: TestBackend,
  intercept?: (request: Request) => Promise<Response> | null,
) {
  const deliver: Deliver = (request) =>
    intercept?.(request) ?? (t.app.request(request) as Promise<Response>);
  t.deps.providers.payments = createSandboxProvider({ sql: t.database.sql, deliver });
  t.deps.clock = createClock({ adjustable: true });
}

export function helpers(get: () => TestBackend) {
  const buy = async (user: User) => {
    const res = await get().request('POST', `${SUBS}/create_subscription/`, {
      token: user.access,
      body: { plan_name: 'standard' },
    });
    const checkout = String(res.body?.checkout_url ?? '').match(
      /sandbox-checkout\/([a-z0-9_]+)\//,
    )?.[1];
    return { ...res, checkout };
  };
  const decide = (checkout: string, decision: string) =>
    get().app.request(`/be/api/auth/sandbox-checkout/${checkout}/`, {
      method: 'POST',
      headers: { 'content-type': 'application/x-www-form-urlencoded' },
      body: `decision=${decision}`,
    });
  const status = async (user: User) =>
    (await get().request('GET', `${SUBS}/get_subscription_status/`, { token: user.access })).body;
  const accountType = async (user: User) =>
    (await get().request('GET', '/be/api/auth/users/account_info/', { token: user.access })).body
      .account_type;
  /** A premium (macro_images) call: 403 plan_required for free accounts. */
  const premium = async (user: User) =>
    (await get().request('GET', '/be/api/macroimages/chats/', { token: user.access })).status;
  const moveClock = (user: User, seconds: number) =>
    get().request('PUT', `${SUBS}/test-clock/`, {
      token: user.access,
      body: { offset_seconds: seconds },
    });
  /** A webhook call signed as Mercado Pago signs, with `secret` and the given ts (seconds). */
  const webhook = async (
    topic: string,
    dataId: string,
    options: { secret?: string; ts?: number; signature?: string | null } = {},
  ) => {
    const secret = options.secret ?? (await get().deps.providers.payments.webhookSecret());
    const ts = options.ts ?? Math.floor(Date.now() / 1000);
    const headers: Record<string, string> = { 'x-request-id': 'req-1' };
    const signature =
      options.signature === undefined
        ? signNotification(secret, dataId, 'req-1', ts)
        : options.signature;
    if (signature !== null) headers['x-signature'] = signature;
    return get().request(`POST`, `${SUBS}/webhook/?type=${topic}&data.id=${dataId}`, {
      headers,
      body: { type: topic, data: { id: dataId } },
    });
  };
  const sandboxRow = async (checkout: string) => {
    const [row] = await get().database.sql<{ payment_id: string | null }[]>`
      select payment_id from sandbox_checkouts where id = ${checkout}`;
    return row;
  };
  return { buy, decide, status, accountType, premium, moveClock, webhook, sandboxRow };
}
